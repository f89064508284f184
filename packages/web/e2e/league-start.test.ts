// A league season's start as a person in the lobby meets it, in Chromium at phone size, against a
// server of its own whose league may start a season every minute: the person enters the league
// from its page, waits in the lobby, and is told once that the season has begun with their
// games; the lobby keeps them where they are (the games go on for days), and the line's link
// opens their games, each of the league. (How each player is told, and a bot's stream, are the
// server's test: packages/server/test/league-start.test.ts.)

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Identity } from '@agon/protocol';
import { type Running, startServerProcess } from '@agon/server/process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, openLobby, SLOW } from './browser.ts';

const scratch = mkdtempSync(join(tmpdir(), 'agon-league-start-'));
const leagues = join(scratch, 'leagues.json');
writeFileSync(
  leagues,
  JSON.stringify([
    { key: 'agon', name: 'Agon League', days: 3, seasonDays: 56, cron: '* * * * *' },
  ]),
);

let server: Running | undefined;
beforeAll(async () => {
  server = await startServerProcess(join(scratch, 'data'), {
    PORT: '0',
    AGON_SCHEDULE: 'none',
    AGON_PUZZLE_SCAN: 'off',
    AGON_PLAYERS_PER_MINUTE: '600',
    AGON_LEAGUES: leagues,
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** A player made and entered in the league through the API, as another device would. */
async function entered(): Promise<Identity> {
  const made = (await (
    await fetch(`${server!.url}api/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as Identity;
  const join = await fetch(`${server!.url}api/leagues/agon/me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${made.token}` },
    body: JSON.stringify({ action: 'join' }),
  });
  expect(join.status).toBe(200);
  return made;
}

describeInChromium('a league season’s start', (browser) => {
  it('is told once in the lobby, which stays, and its link opens the games (phone)', async () => {
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
      baseURL: server!.url,
    });
    const page = await context.newPage();
    await openLobby(page);
    await page.goto('/leagues/agon');
    const join = page.getByTestId('league-join');
    await expect.poll(() => join.textContent(), SLOW).toBe('Enter the league');
    await join.tap();
    await expect
      .poll(() => page.getByTestId('league-you').textContent(), SLOW)
      .toBe('You play the next season.');
    for (let i = 0; i < 4; i++) await entered();

    // On a phone the pages are in the top bar's menu.
    await page.getByRole('button', { name: /^Pages/ }).tap();
    await page.getByRole('link', { name: 'Lobby', exact: true }).tap();
    await page.getByTestId('lobby').waitFor();
    // The season starts at the next minute's beat.
    const line = page.getByTestId('lobby-notice');
    await expect
      .poll(() => line.textContent(), { timeout: 90_000 })
      .toBe('Agon League: season 1 has begun, with 4 games of yours. Your games');
    expect(new URL(page.url()).pathname).toBe('/lobby');
    // The lobby's own list shows them at once, without waiting for its next reading.
    await expect
      .poll(() => page.getByTestId('your-games').getByRole('listitem').count(), SLOW)
      .toBe(4);

    await page.getByTestId('season-games').tap();
    await page.getByTestId('games-page').waitFor();
    await expect
      .poll(() => page.getByTestId('your-game-event').allTextContents(), SLOW)
      .toEqual(Array(4).fill('Agon League'));
    await context.close();
  });
});
