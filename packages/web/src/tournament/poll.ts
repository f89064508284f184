// Reading the server again and again while the page is in sight: a hidden tab asks nothing (a
// phone's battery, the server's load), and one brought back asks at once, so what it shows is
// never older than one round.

/**
 * Calls `read` now and every `everyMs` while the document is visible, and at once when it is
 * shown again; a read still answering is not doubled. Answers the function that stops it.
 */
export function pollWhileVisible(read: () => Promise<unknown>, everyMs: number): () => void {
  let busy = false;
  let stopped = false;
  const once = (): void => {
    if (busy || stopped || document.visibilityState === 'hidden') return;
    busy = true;
    read()
      .catch(() => undefined) // the reader says its own failures
      .finally(() => (busy = false));
  };
  once();
  const timer = setInterval(once, everyMs);
  const shown = (): void => {
    if (document.visibilityState === 'visible') once();
  };
  document.addEventListener('visibilitychange', shown);
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', shown);
  };
}
