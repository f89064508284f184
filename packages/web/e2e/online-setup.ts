// How the online tests bring two people together, as people come together: each in a browser
// of their own (a new player each) at the lobby, a challenge made in its form and accepted from
// its list, or a game by link made from New game.

import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { gameId, lobbyName, newContext, newNetwork, openApp, openLobby, SLOW } from './browser.ts';

/** Where the second player sits, and whether the two may play a rated game. */
export interface Seating {
  /** The taker at a phone; the maker is always at a desktop. */
  readonly phone?: boolean;
  /** Each from a network of their own: the server rates only a game between two networks. */
  readonly rated?: boolean;
}

/** Two new players at the lobby, as the server has described it to each, and their names. */
export async function twoAtLobby(
  browser: Browser,
  { phone = false, rated = false }: Seating = {},
): Promise<{ maker: Page; taker: Page; makerName: string; takerName: string }> {
  const page = async (phone: boolean): Promise<Page> =>
    (await newContext(browser, phone, 'en-GB', rated ? newNetwork() : undefined)).newPage();
  const maker = await page(false);
  const taker = await page(phone);
  await openLobby(maker);
  await openLobby(taker);
  return { maker, taker, makerName: await lobbyName(maker), takerName: await lobbyName(taker) };
}

/**
 * A game by challenge, as people make one: `maker`, at the lobby, offers the form's terms with
 * White, in days per move or with touch-move when asked; `taker` accepts it from the list. Both
 * end on the game's page; answers its id.
 */
export async function challengeAccepted(
  maker: Page,
  taker: Page,
  { correspondence = false, touchMove = false } = {},
): Promise<string> {
  const name = await lobbyName(maker);
  // A challenge of the maker's taken a moment ago may still be listed on the taker's page (the
  // list changes at most once a second): its button would be the one clicked, and refused.
  const accept = taker.getByRole('button', { name: `Accept the challenge of ${name}` });
  await expect.poll(() => accept.count(), SLOW).toBe(0);
  await maker.getByTestId('create-challenge').click();
  const dialog = maker.getByTestId('challenge-dialog');
  if (correspondence) await dialog.getByRole('radio', { name: 'Correspondence' }).check();
  await dialog.getByRole('radio', { name: 'White (moves first)' }).check();
  if (touchMove) await dialog.getByRole('button', { name: /^Touch-move/ }).click();
  await maker.getByRole('button', { name: 'Create the challenge' }).click();
  await accept.click(SLOW);
  const [game] = await Promise.all([gameId(maker), gameId(taker)]);
  return game;
}

/**
 * A game by link made on `white`'s page from New game: White, 10 min + 5 s, R16 (the captor
 * places a captured queen) with `captor`; answers the link to share.
 */
export async function linkGame(white: Page, captor = false): Promise<string> {
  await openApp(white, inject('baseURL'));
  await white.getByRole('button', { name: 'New game' }).click();
  await white.getByRole('link', { name: 'Play a friend online' }).click();
  await white.getByRole('radio', { name: 'White (moves first)' }).check();
  await white.getByRole('radio', { name: '10 min + 5 s' }).check();
  if (captor) await white.getByRole('radio', { name: 'The captor (historical)' }).check();
  await white.getByRole('button', { name: 'Create the game' }).click();
  return white.getByTestId('share-link').inputValue();
}

/**
 * Two new players in a game by link: White made it (as `linkGame`), Black, at a phone when
 * asked, opened the link.
 */
export async function twoByLink(
  browser: Browser,
  { phone = false, captor = false } = {},
): Promise<{ white: Page; black: Page; link: string }> {
  const white = await (await newContext(browser)).newPage();
  const black = await (await newContext(browser, phone)).newPage();
  const link = await linkGame(white, captor);
  await openApp(black, link);
  return { white, black, link };
}
