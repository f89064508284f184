// The device's player: the identity POST /api/players made (or a transfer code brought), kept
// in local storage. Its token is the whole of the identity, so it is kept nowhere else. Tiny on
// purpose: the settings menu, in the app's first load, reads the name from here.

import type { Identity } from '@agon/protocol';

const KEY = 'agon.player';

/** Reads a kept identity back; anything else (edited, from an older app) is no identity. */
export function readIdentity(text: string | null): Identity | undefined {
  if (text === null) return undefined;
  try {
    const v = JSON.parse(text) as Partial<Record<keyof Identity, unknown>> | null;
    return typeof v?.id === 'string' && typeof v.name === 'string' && typeof v.token === 'string'
      ? { id: v.id, name: v.name, token: v.token }
      : undefined;
  } catch {
    return undefined;
  }
}

/** This browser's player, if it has one. */
export function keptIdentity(): Identity | undefined {
  try {
    return readIdentity(localStorage.getItem(KEY));
  } catch {
    return undefined; // storage off
  }
}

/** Keeps `identity` as this browser's player, replacing any other. */
export function keepIdentity(identity: Identity): void {
  try {
    localStorage.setItem(
      KEY,
      JSON.stringify({ id: identity.id, name: identity.name, token: identity.token }),
    );
  } catch {
    // Storage off (a private window): the identity lasts as long as this page.
  }
}
