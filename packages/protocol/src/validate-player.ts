// The validators of the requests that make, name and move a player (player.ts).

import { checkName, NAME_LANGUAGES, type NameLanguage, TRANSFER_CODE } from './player.ts';
import type { Checked } from './refusal.ts';
import { extraKey, isObject, refuse } from './validate.ts';

/** Reads the body of POST /api/players: the language the new player's name is made in. */
export function parseNewPlayer(body: unknown): Checked<{ readonly language: NameLanguage }> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['language']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const language = NAME_LANGUAGES.find((l) => l === (body.language ?? 'en'));
  if (!language)
    return refuse('bad-message', `language must be one of ${NAME_LANGUAGES.join(', ')}`);
  return { ok: true, value: { language } };
}

/** Reads the body of PATCH /api/me: a new name, checked by the name rules. */
export function parseRename(body: unknown): Checked<{ readonly name: string }> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['name']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const name = checkName(body.name);
  return name.ok ? { ok: true, value: { name: name.value } } : name;
}

/** Reads the body of POST /api/players/transfer: a transfer code, spaces and dashes allowed. */
export function parseTransfer(body: unknown): Checked<{ readonly code: string }> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['code']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const code = typeof body.code === 'string' ? body.code.toLowerCase().replace(/[\s-]/g, '') : '';
  if (!TRANSFER_CODE.test(code)) {
    return refuse(
      'bad-code',
      'a transfer code is twelve letters and digits, as the other device shows it',
    );
  }
  return { ok: true, value: { code } };
}
