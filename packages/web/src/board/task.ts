// Work for a task of its own, run soon after the current one: a MessageChannel message, which
// has none of the minimum delay that nested timers get, and lets the browser draw a frame and
// handle input in between.

const waiting: (() => void)[] = [];
let channel: MessageChannel | undefined;

/** Runs `work` in a later task, after what is already queued here. */
export function inLaterTask(work: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  waiting.push(work);
  channel.port2.postMessage(undefined);
}
