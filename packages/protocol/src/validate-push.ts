// The validators of a device's push subscription, which notices (notice.ts) are sent to.

import { MAX_ENDPOINT, NOTICE_KINDS, type NoticeKind, type PushRequest } from './notice.ts';
import { NAME_LANGUAGES } from './player.ts';
import type { Checked } from './refusal.ts';
import { extraKey, isObject, refuse } from './validate.ts';

/** A push endpoint's scheme and host (no user name or password), then its path. */
const ENDPOINT = /^(https?):\/\/([A-Za-z0-9.:[\]-]+)(\/[!-~]*)?$/;
/** A host of this machine, with any port: an endpoint here is only ever a test's. */
const LOOPBACK_HOST = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d{1,5})?$/;
/** An uncompressed P-256 public key (65 bytes, first 0x04) in base64url. */
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
/** A 16-byte authentication secret in base64url. */
const AUTH = /^[A-Za-z0-9_-]{22}$/;

/**
 * Reads a push endpoint: an https:// address of a push service; http:// only to this machine,
 * and only where `loopback` allows it (the tests' own push service).
 */
function readEndpoint(value: unknown, loopback: boolean): Checked<string> {
  if (typeof value !== 'string' || value.length > MAX_ENDPOINT) {
    return refuse(
      'bad-subscription',
      `endpoint must be a URL of at most ${MAX_ENDPOINT} characters`,
    );
  }
  const parts = ENDPOINT.exec(value);
  if (!parts) return refuse('bad-subscription', 'endpoint must be an https:// URL');
  if (parts[1] === 'http' && !(loopback && LOOPBACK_HOST.test(parts[2] ?? ''))) {
    return refuse('bad-subscription', 'endpoint must be an https:// URL');
  }
  return { ok: true, value };
}

/**
 * Reads the body of POST /api/me/push: a browser's push subscription (`endpoint`, `keys`, and
 * the `expirationTime` browsers add, which is not kept), the language its notices are worded
 * in and the kinds of notice switched off. `loopback` lets an http:// endpoint on this machine
 * through.
 */
export function parsePushRequest(body: unknown, loopback = false): Checked<PushRequest> {
  if (!isObject(body)) return refuse('bad-subscription', 'the request is a JSON object');
  const extra = extraKey(body, ['endpoint', 'expirationTime', 'keys', 'language', 'off']);
  if (extra !== undefined) {
    return refuse('bad-subscription', `"${extra.slice(0, 20)}" is not a field of a subscription`);
  }
  const endpoint = readEndpoint(body.endpoint, loopback);
  if (!endpoint.ok) return endpoint;
  const keys = body.keys;
  if (!isObject(keys) || extraKey(keys, ['p256dh', 'auth']) !== undefined) {
    return refuse('bad-subscription', 'keys must be { p256dh, auth }');
  }
  // Browsers leave out base64's padding; a client that adds it is not refused for that.
  const unpadded = (v: unknown): string => (typeof v === 'string' ? v.replace(/=+$/, '') : '');
  const p256dh = unpadded(keys.p256dh);
  if (!P256DH.test(p256dh)) {
    return refuse(
      'bad-subscription',
      'keys.p256dh must be a P-256 public key (65 bytes, base64url)',
    );
  }
  const auth = unpadded(keys.auth);
  if (!AUTH.test(auth)) {
    return refuse('bad-subscription', 'keys.auth must be 16 bytes in base64url');
  }
  const language = NAME_LANGUAGES.find((l) => l === (body.language ?? 'en'));
  if (!language) {
    return refuse('bad-subscription', `language must be one of ${NAME_LANGUAGES.join(', ')}`);
  }
  const off = body.off ?? [];
  const kinds = Array.isArray(off) ? off.filter((k) => NOTICE_KINDS.includes(k as NoticeKind)) : [];
  if (!Array.isArray(off) || kinds.length !== off.length || new Set(kinds).size !== kinds.length) {
    return refuse(
      'bad-subscription',
      `off must list kinds of notice, each once, of ${NOTICE_KINDS.join(', ')}`,
    );
  }
  return {
    ok: true,
    value: {
      endpoint: endpoint.value,
      keys: { p256dh, auth },
      language,
      off: kinds as NoticeKind[],
    },
  };
}

/** Reads the body of DELETE /api/me/push: the endpoint of the subscription to forget. */
export function parsePushEndpoint(body: unknown): Checked<{ readonly endpoint: string }> {
  if (!isObject(body)) return refuse('bad-subscription', 'the request is a JSON object');
  const extra = extraKey(body, ['endpoint']);
  if (extra !== undefined)
    return refuse('bad-subscription', `"${extra.slice(0, 20)}" is not an option`);
  // Any endpoint that could have been kept: one no longer allowed is still forgotten.
  const endpoint = readEndpoint(body.endpoint, true);
  return endpoint.ok ? { ok: true, value: { endpoint: endpoint.value } } : endpoint;
}
