// This browser's player's vacation (docs/lobby.md, "Vacation"): read, taken by hand or booked
// ahead, ended, a booking cancelled.

import type { VacationView } from '@agon/protocol';
import { call, ensureIdentity } from './players.ts';

/** The player's vacation as the server keeps it. */
export async function readVacation(): Promise<VacationView> {
  const { token } = await ensureIdentity();
  return call('GET', '/api/me/vacation', { token });
}

/** Goes on vacation for `days` whole days from now, or books them from `from` (ms since 1970). */
export async function takeVacation(days: number, from?: number): Promise<VacationView> {
  const { token } = await ensureIdentity();
  return call('POST', '/api/me/vacation', { token, body: { days, from } });
}

/** Cancels the vacation booked ahead, before it begins: its days come back. */
export async function cancelBooking(): Promise<VacationView> {
  const { token } = await ensureIdentity();
  return call('DELETE', '/api/me/vacation/booked', { token });
}

/** Ends the vacation under way. */
export async function endVacation(): Promise<VacationView> {
  const { token } = await ensureIdentity();
  return call('DELETE', '/api/me/vacation', { token });
}
