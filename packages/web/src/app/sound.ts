// Move and capture sounds, synthesized with WebAudio: no audio files to load.

let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (typeof AudioContext !== 'function') return undefined;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

/**
 * Creates the audio context during a person's gesture: browsers only let audio start from
 * one, and creating it is slow enough (tens of ms) to be felt if left to the computer's move.
 */
export function prepareSound(): void {
  audio();
}

function tone(
  ctx: AudioContext,
  at: number,
  freq: number,
  end: number,
  length: number,
  type: OscillatorType,
  volume: number,
): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  osc.frequency.exponentialRampToValueAtTime(end, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A short wooden click: a piece put down. */
export function playMoveSound(): void {
  const ctx = audio();
  if (!ctx) return;
  tone(ctx, ctx.currentTime, 520, 260, 0.09, 'triangle', 0.25);
}

/** Two falling notes: a piece captured. */
export function playCaptureSound(): void {
  const ctx = audio();
  if (!ctx) return;
  const t = ctx.currentTime;
  tone(ctx, t, 440, 330, 0.12, 'square', 0.08);
  tone(ctx, t + 0.11, 330, 196, 0.22, 'square', 0.08);
}
