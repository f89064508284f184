// A failure of the server's own (a database away, a bug) as the client is told it: the server
// could not do that now, in the client's language, with the request's id; the detail (which may
// name addresses, files or queries) goes only to the log, under the same id, so a player's
// report can be matched to it.

import { randomBytes } from 'node:crypto';
import { type Failure, NAME_LANGUAGES, type NameLanguage } from '@agon/protocol';

/** The sentence of a failure, by language. */
const SENTENCE: { readonly [L in NameLanguage]: (id: string) => string } = {
  en: (id) =>
    `The server could not do that just now; please try again in a moment (request ${id}).`,
  fi: (id) =>
    `Palvelin ei pystynyt tekemään sitä juuri nyt; yritä hetken päästä uudelleen (pyyntö ${id}).`,
  ru: (id) => `Сервер не смог сделать это сейчас; попробуйте ещё раз чуть позже (запрос ${id}).`,
  hi: (id) => `सर्वर अभी यह नहीं कर सका; कृपया थोड़ी देर बाद फिर कोशिश करें (अनुरोध ${id})।`,
};

/** A new request id: eight characters, enough to tell one day's failures apart. */
export function newRequestId(): string {
  return randomBytes(6).toString('base64url');
}

/** The first of the app's languages in an Accept-Language header, English if none. */
export function requestLanguage(header: string | undefined): NameLanguage {
  const ranked = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(/^q=([\d.]+)$/.exec(params.join(';').trim())?.[1] ?? 1);
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { base } of ranked) {
    const language = NAME_LANGUAGES.find((l) => l === base);
    if (language) return language;
  }
  return 'en';
}

/** The refusal of request `id` that failed on the server, in `language`. */
export function failure(id: string, language: NameLanguage): Failure {
  return { code: 'server-error', message: SENTENCE[language](id), request: id };
}

/**
 * The log of failed requests: one line each, with its id and detail, at most `perSecond` a
 * second (a database away fails every request at once); the lines left out are counted in the
 * next one written.
 */
export class FailureLog {
  private second = -1;
  private written = 0;
  private skipped = 0;

  constructor(
    private readonly now: () => number,
    private readonly perSecond = 10,
    private readonly log: (line: string) => void = console.error,
  ) {}

  /** Logs the failure of request `id` (`what` it was) with its cause. */
  note(id: string, what: string, cause: unknown): void {
    const second = Math.floor(this.now() / 1000);
    if (second !== this.second) {
      this.second = second;
      this.written = 0;
    }
    if (this.written >= this.perSecond) {
      this.skipped++;
      return;
    }
    this.written++;
    const detail = cause instanceof Error ? cause.stack || cause.message : String(cause);
    const more = this.skipped > 0 ? ` (${this.skipped} more failed requests not logged)` : '';
    this.skipped = 0;
    this.log(`request ${id} failed: ${what}: ${detail}${more}`);
  }
}
