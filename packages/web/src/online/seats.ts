// The secret tokens of the seats this browser holds, one per game, in local storage: the
// token is what lets this browser, and only it, move for its side.

const PREFIX = 'agon.online.seat.';

/** The token stored for game `id`, if this browser holds a seat there. */
export function seatToken(id: string): string | undefined {
  try {
    return localStorage.getItem(PREFIX + id) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the token of a seat in game `id`. */
export function keepSeatToken(id: string, token: string): void {
  try {
    localStorage.setItem(PREFIX + id, token);
  } catch {
    // Storage off (a private window): the seat lasts as long as this page.
  }
}
