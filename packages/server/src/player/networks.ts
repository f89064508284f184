// Networks as the fair-rating rules see them (docs/lobby.md, "Fair ratings"): the network of
// an address is the address itself for IPv4 and its /64 for IPv6 (one household or phone gets
// a whole /64). Only a keyed hash of a network is kept or shared between processes, never the
// address: the key is the server's secret, made once and kept in the database, so every
// process hashes alike and the stored keys say nothing to whoever reads the database alone.

import { createHmac, randomBytes } from 'node:crypto';
import { ipv6Groups } from '../common/address.ts';
import type { KeyStore } from '../common/keys.ts';

/** The network `address` belongs to, as text. */
export function network(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The network a house bot plays from: one of its own, like no person's (a network's key has no
 * colon), so that a game with it is never unrated for "one network" (docs/bot-api.md, "How
 * their games count").
 */
export const houseNetwork = (bot: string): string => `house:${bot}`;

/** Answers the key of an address's network. */
export type NetworkKey = (address: string) => string;

/** The key of addresses' networks, with the server's secret from `store`. */
export async function networkKeys(store: KeyStore): Promise<NetworkKey> {
  const secret = await store.secret('networks', randomBytes(32).toString('base64url'));
  return (address) =>
    createHmac('sha256', secret).update(network(address)).digest('base64url').slice(0, 22);
}
