import { afterEach, describe, expect, it, vi } from 'vitest';
import { language } from '../src/i18n/translations.ts';
import { ApiFailure, failureText, fetchPlayer } from '../src/online/players.ts';
import { onlineText } from '../src/online/text.ts';

describe('an API failure', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    language.value = 'en';
  });

  const serverError = {
    code: 'server-error',
    message: 'Der Server konnte das gerade nicht tun (request ab12cd34).',
    request: 'ab12cd34',
  } as const;

  it('of the server’s own is said in the app’s words, with the request to report', () => {
    expect(failureText(500, serverError, 'ab12cd34')).toBe(
      'The server could not do that just now; try again in a moment (request ab12cd34).',
    );
    // The header alone names it too (a body another version of the server wrote).
    expect(failureText(503, undefined, 'zz99yy88')).toContain('(request zz99yy88)');
    // Without either, the status is all there is to say.
    expect(failureText(502, undefined, null)).toBe('The server answered with error 502.');
  });

  it('of another kind keeps its own words', () => {
    expect(failureText(429, { code: 'rate-limited', message: 'slow down' }, null)).toBe(
      'Too many requests from here just now: wait a minute.',
    );
    expect(
      failureText(404, { code: 'no-such-player', message: 'there is no such player' }, null),
    ).toBe('there is no such player');
  });

  it('is said in the player’s language whatever language the server answered in', async () => {
    await onlineText.load('ru');
    language.value = 'ru';
    expect(failureText(500, serverError, null)).toBe(
      'Сервер не смог сделать это сейчас; попробуйте ещё раз чуть позже (запрос ab12cd34).',
    );
  });

  it('reaches the pages as an ApiFailure with those words', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: serverError },
        { status: 500, headers: { 'x-request-id': 'ab12cd34' } },
      ),
    );
    const failure = await fetchPlayer('abcdefgh23').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).is('server-error')).toBe(true);
    expect((failure as ApiFailure).message).toBe(
      'The server could not do that just now; try again in a moment (request ab12cd34).',
    );
  });
});
