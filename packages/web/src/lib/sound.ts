// Move and capture sounds, synthesized once into short WAV clips and played by <audio>
// elements: no audio files to load.
//
// Not WebAudio: constructing an AudioContext blocks the page's main thread while the browser
// opens the audio device, 50-450 ms in Chromium for the first one after the browser starts
// (measured by `npm run bench:web`), and that landed on the player's first tap. An <audio>
// element is made in a few ms and opens the device off the main thread.

/** An oscillator's shape, as WebAudio's `OscillatorType` names them. */
type Wave = 'triangle' | 'square';

/** One falling note: frequency ramped from `freq` to `end` over `length` s, at `volume`. */
interface Tone {
  readonly at: number;
  readonly freq: number;
  readonly end: number;
  readonly length: number;
  readonly wave: Wave;
  readonly volume: number;
}

const RATE = 22_050;

/** A short wooden click: a piece put down. */
const MOVE: readonly Tone[] = [
  { at: 0, freq: 520, end: 260, length: 0.09, wave: 'triangle', volume: 0.25 },
];
/** Two falling notes: a piece captured. */
const CAPTURE: readonly Tone[] = [
  { at: 0, freq: 440, end: 330, length: 0.12, wave: 'square', volume: 0.08 },
  { at: 0.11, freq: 330, end: 196, length: 0.22, wave: 'square', volume: 0.08 },
];

/**
 * The tones mixed into 16-bit mono PCM, shaped as the WebAudio graph this replaced shaped
 * them: exponential ramps of frequency, a 5 ms attack and an exponential decay.
 */
function samples(tones: readonly Tone[]): Int16Array {
  const seconds = Math.max(...tones.map((t) => t.at + t.length)) + 0.02;
  const out = new Float32Array(Math.ceil(seconds * RATE));
  const floor = 0.0001;
  for (const t of tones) {
    let phase = 0;
    const first = Math.round(t.at * RATE);
    const count = Math.round(t.length * RATE);
    for (let i = 0; i < count && first + i < out.length; i++) {
      const s = i / RATE;
      const freq = t.freq * (t.end / t.freq) ** (s / t.length);
      phase = (phase + freq / RATE) % 1;
      const wave = t.wave === 'square' ? (phase < 0.5 ? 1 : -1) : 1 - 4 * Math.abs(phase - 0.5);
      const gain =
        s < 0.005
          ? floor * (t.volume / floor) ** (s / 0.005)
          : t.volume * (floor / t.volume) ** ((s - 0.005) / (t.length - 0.005));
      out[first + i]! += wave * gain;
    }
  }
  return Int16Array.from(out, (v) => Math.round(Math.max(-1, Math.min(1, v)) * 32_767));
}

/** The clip as a WAV file. */
function wav(pcm: Int16Array): Blob {
  const header = new DataView(new ArrayBuffer(44));
  const ascii = (at: number, text: string): void => {
    for (let i = 0; i < text.length; i++) header.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  header.setUint32(4, 36 + pcm.byteLength, true);
  ascii(8, 'WAVEfmt ');
  header.setUint32(16, 16, true); // the format chunk's size
  header.setUint16(20, 1, true); // PCM
  header.setUint16(22, 1, true); // mono
  header.setUint32(24, RATE, true);
  header.setUint32(28, RATE * 2, true); // bytes a second
  header.setUint16(32, 2, true); // bytes a frame
  header.setUint16(34, 16, true); // bits a sample
  ascii(36, 'data');
  header.setUint32(40, pcm.byteLength, true);
  return new Blob([header.buffer, pcm.buffer as ArrayBuffer], { type: 'audio/wav' });
}

type Clip = 'move' | 'capture';

interface Player {
  readonly element: HTMLAudioElement;
  /** Played silently to be allowed to play later (see `prepareSound`), not yet finished. */
  priming: boolean;
}

const players = new Map<Clip, Player>();

function player(clip: Clip): Player | undefined {
  if (typeof Audio !== 'function' || typeof URL.createObjectURL !== 'function') return undefined;
  let p = players.get(clip);
  if (!p) {
    const element = new Audio(URL.createObjectURL(wav(samples(clip === 'move' ? MOVE : CAPTURE))));
    element.preload = 'auto';
    p = { element, priming: false };
    players.set(clip, p);
  }
  return p;
}

/**
 * Makes the clips ahead of time, one short task each, so that neither the first tap nor the
 * first move pays for it. Call when the page is idle.
 */
export function loadSound(): void {
  const next = (['move', 'capture'] as const).find((clip) => !players.has(clip));
  if (!next) return;
  player(next);
  setTimeout(loadSound, 0);
}

const primed = new Set<Clip>();

/**
 * Call during a person's gesture: some browsers (Safari) only let an element play later if
 * it has played once from a gesture, so a clip plays once now, muted. One clip a gesture, to
 * keep each gesture's task short (the move clip first); true once every clip has been primed.
 */
export function prepareSound(): boolean {
  const clip = (['move', 'capture'] as const).find((c) => !primed.has(c));
  if (!clip) return true;
  const p = player(clip);
  if (!p) return true;
  primed.add(clip);
  if (p.element.paused) {
    p.priming = true;
    p.element.muted = true;
    const done = (): void => {
      if (!p.priming) return; // played for real meanwhile
      p.priming = false;
      p.element.pause();
      p.element.currentTime = 0;
      p.element.muted = false;
    };
    p.element.play().then(done, done);
  }
  return primed.size === 2;
}

function play(clip: Clip): void {
  const p = player(clip);
  if (!p) return;
  p.priming = false;
  p.element.muted = false;
  // An ended clip plays again from its start by itself; rewinding (a seek) costs more.
  if (!p.element.ended && p.element.currentTime > 0) p.element.currentTime = 0;
  // A refused play (no gesture yet, no audio device) just stays silent.
  p.element.play().catch(() => undefined);
}

/** A short wooden click: a piece put down. */
export function playMoveSound(): void {
  play('move');
}

/** Two falling notes: a piece captured. */
export function playCaptureSound(): void {
  play('capture');
}
