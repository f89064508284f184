import type { Standing, TournamentView, YouInEvent } from '@agon/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../src/i18n/ui.ts';
import { noticeText } from '../src/notices/notice-text.ts';
import { onlinePage, tournamentPath } from '../src/online/address.ts';
import { onlineText } from '../src/online/text.ts';
import { COUNTDOWN_S, TournamentFeed } from '../src/tournament/tournament-feed.ts';
import {
  countdownText,
  pageOfRank,
  podiumLines,
  scoreText,
  sheetMarks,
  standingLines,
  statusText,
  tieBreakText,
  tournamentName,
} from '../src/tournament/tournament-text.ts';
import { fakeSocket, stubBrowser } from './fake-socket.ts';

const NOW = Date.UTC(2026, 11, 3, 20, 0);
const TOKEN = 't'.repeat(43);
const GAME = 'abcdefgh23';
const NEXT = 'bcdefgh234';

const standing = (rank: number, id: string, score: number, more: Partial<Standing> = {}) =>
  ({
    rank,
    player: {
      id,
      name: `Player ${id}`,
      rating: { rating: 1500 + rank, provisional: rank > 2, games: 3 },
    },
    score,
    fire: false,
    paused: false,
    withdrawn: false,
    games: 3,
    playing: null,
    ...more,
  }) satisfies Standing;

const youIn = (more: Partial<YouInEvent> = {}): YouInEvent => ({
  joined: true,
  paused: false,
  withdrawn: false,
  game: null,
  pairedAt: null,
  standing: null,
  sheet: [],
  ...more,
});

/** An arena under way, its first page of standings, as the player `me2345678a` asks it. */
const arena = (more: Partial<TournamentView> = {}): TournamentView => ({
  id: 'abcdefgh',
  kind: 'arena',
  name: 'Friday arena',
  clock: { initial: 180_000, increment: 2000 },
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: true,
  rated: true,
  startsAt: NOW - 60_000,
  minutes: 30,
  berserk: true,
  status: 'running',
  endsAt: NOW + 29 * 60_000,
  players: 3,
  locked: false,
  now: NOW,
  version: 7,
  round: 0,
  standings: [
    standing(1, 'lead234567', 12, { fire: true, playing: GAME }),
    standing(2, 'me2345678a', 6),
    standing(3, 'rest234567', 0, { paused: true }),
  ],
  page: 1,
  pages: 1,
  podium: [],
  games: [],
  you: youIn({
    standing: standing(2, 'me2345678a', 6),
    sheet: [
      {
        game: 'g1',
        opponent: 'x',
        colour: 'white',
        result: 'win',
        points: 2,
        fire: false,
        berserk: false,
      },
      {
        game: 'g2',
        opponent: 'y',
        colour: 'black',
        result: 'win',
        points: 4,
        fire: true,
        berserk: true,
      },
      {
        game: 'g3',
        opponent: 'z',
        colour: 'white',
        result: 'loss',
        points: 0,
        fire: false,
        berserk: false,
      },
      {
        game: 'g4',
        opponent: 'w',
        colour: 'black',
        result: null,
        points: 0,
        fire: false,
        berserk: false,
      },
    ],
  }),
  lastPairingAt: NOW + 28 * 60_000,
  ...more,
});

describe('a tournament’s figures', () => {
  it('count down by the second, rounded up, then in days and hours', () => {
    expect(countdownText(0)).toBe('0:00');
    expect(countdownText(-5000)).toBe('0:00');
    expect(countdownText(6_100)).toBe('0:07');
    expect(countdownText(272_000)).toBe('4:32');
    expect(countdownText(3_900_000)).toBe('1:05:00');
    expect(countdownText(2 * 86_400_000 + 5 * 3_600_000)).toBe('2 d 05 h');
  });

  it('write scores in halves and tie-breaks in decimals', () => {
    expect([0, 0.5, 1, 2.5, 12].map(scoreText)).toEqual(['0', '½', '1', '2½', '12']);
    expect([6.25, 10, 7.5].map(tieBreakText)).toEqual(['6.25', '10', '7.5']);
  });

  it('say where a tournament is on the server’s clock', () => {
    const v = arena();
    expect(statusText({ ...v, status: 'upcoming', startsAt: NOW + 90_000 }, NOW)).toBe(
      'Starts in 1:30',
    );
    expect(statusText(v, NOW)).toBe('29:00 left');
    expect(statusText({ ...v, kind: 'swiss', rounds: 7 }, NOW, 3)).toBe('Round 3 of 7');
    expect(statusText({ ...v, kind: 'swiss', rounds: 7 }, NOW)).toBe('7 rounds');
    expect(statusText({ ...v, status: 'ending' }, NOW)).toBe('The last games are being played');
    expect(statusText({ ...v, status: 'finished', endsAt: NOW }, NOW)).toMatch(/^Finished on /);
  });

  it('name a scheduled one in the reader’s language, and a player’s own as typed', async () => {
    const hourly = {
      name: 'Hourly Blitz Arena',
      schedule: { every: 'hourly', speed: 'blitz', kind: 'arena' },
    } as const;
    const captor = {
      name: 'Daily Blitz Arena (R16)',
      schedule: { every: 'daily', speed: 'blitz', kind: 'arena', captor: true },
    } as const;
    const swiss = {
      name: 'Weekly Rapid Swiss',
      schedule: { every: 'weekly', speed: 'rapid', kind: 'swiss' },
    } as const;
    const own = { name: 'Friday Night Blitz' };
    const notice = {
      kind: 'tournament',
      tournament: 'abcdefgh',
      startsAt: NOW,
      url: '/t/abcdefgh',
    } as const;
    try {
      expect([hourly, captor, swiss, own].map(tournamentName)).toEqual([
        'Hourly Blitz Arena',
        'Daily Blitz Arena (R16)',
        'Weekly Rapid Swiss',
        'Friday Night Blitz',
      ]);
      await onlineText.load('fi');
      await setLanguage('fi');
      expect([hourly, swiss, own].map(tournamentName)).toEqual([
        'Blitz: tunneittainen areena',
        'Pikapeli: viikoittainen sveitsiläinen turnaus',
        'Friday Night Blitz',
      ]);
      await onlineText.load('ru');
      await setLanguage('ru');
      expect([hourly, captor, swiss].map(tournamentName)).toEqual([
        'Блиц: ежечасная арена',
        'Блиц: ежедневная арена (R16)',
        'Рапид: еженедельная швейцарка',
      ]);
      // The push that a tournament starts soon, worded on the device in its own language.
      expect(noticeText({ ...notice, ...hourly }, 'ru').body).toMatch(/^Блиц: ежечасная арена /);
      expect(noticeText({ ...notice, ...swiss }, 'hi').body).toMatch(/^रैपिड: साप्ताहिक स्विस /);
      expect(noticeText({ ...notice, ...own }, 'fi').body).toMatch(/^Friday Night Blitz /);
    } finally {
      await setLanguage('en');
    }
  });

  it('have addresses of their own', () => {
    expect(onlinePage({ pathname: '/tournaments', search: '' })).toEqual({ page: 'tournaments' });
    expect(onlinePage({ pathname: tournamentPath('abcdefgh'), search: '' })).toEqual({
      page: 'tournament',
      id: 'abcdefgh',
    });
    // An id of another shape is the tournament's page too, which says there is no such tournament.
    for (const id of ['abcdefgh2', 'abcdefg', 'abcdefgl', 'nosuchevent1']) {
      expect(onlinePage({ pathname: `/t/${id}`, search: '' })).toEqual({ page: 'tournament', id });
    }
    expect(onlinePage({ pathname: '/t/', search: '' })).toBeUndefined();
  });
});

describe('the standings as shown', () => {
  it('mark the player’s own line and give it their sheet, a figure a game', () => {
    const lines = standingLines(arena());
    expect(lines.map((l) => [l.rank, l.name, l.rating, l.score, l.you])).toEqual([
      [1, 'Player lead234567', '1501', '12', false],
      [2, 'Player me2345678a', '1502', '6', true],
      [3, 'Player rest234567', '1503?', '0', false],
    ]);
    expect(lines[0]).toMatchObject({ fire: true, playing: GAME });
    expect(lines[0]!.sheet).toBeUndefined();
    expect(lines[2]).toMatchObject({ paused: true });
    expect(lines[1]!.sheet!.map((m) => m.text)).toEqual(['2', '4', '0', '*']);
    expect(lines[1]!.sheet![1]).toMatchObject({ fire: true, berserk: true, result: 'win' });
    expect(lines[1]!.buchholz).toBeUndefined();
  });

  it('mark a computer player’s line as a bot’s, and only its', () => {
    const bot = standing(1, 'bot2345678', 3);
    const v = arena({
      standings: [{ ...bot, player: { ...bot.player, bot: true } }, standing(2, 'person2345', 0)],
    });
    expect(standingLines(v).map((l) => [l.id, l.bot])).toEqual([
      ['bot2345678', true],
      ['person2345', false],
    ]);
  });

  it('know the player by their id when they are not in the page’s standings yet', () => {
    const lines = standingLines(arena({ you: null }), 'rest234567');
    expect(lines.filter((l) => l.you).map((l) => l.id)).toEqual(['rest234567']);
  });

  it('carry a Swiss’s tie-breaks and its results by round', () => {
    const v = arena({
      kind: 'swiss',
      rounds: 5,
      standings: [
        standing(1, 'lead234567', 2.5, { buchholz: 4, sonnebornBerger: 3.25 }),
        standing(2, 'me2345678a', 2, { buchholz: 4.5, sonnebornBerger: 2 }),
      ],
    });
    const lines = standingLines(v);
    expect(lines.map((l) => [l.score, l.buchholz, l.sonnebornBerger])).toEqual([
      ['2½', '4', '3.25'],
      ['2', '4.5', '2'],
    ]);
    expect(
      sheetMarks([
        {
          game: 'g1',
          opponent: 'x',
          colour: 'white',
          result: 'draw',
          points: 0.5,
          fire: false,
          berserk: false,
        },
        {
          game: null,
          opponent: null,
          colour: null,
          result: 'bye',
          points: 1,
          fire: false,
          berserk: false,
        },
      ]).map((m) => m.text),
    ).toEqual(['½', '1']);
  });

  it('put the first three on the podium once it is over, and find the player’s page', () => {
    const v = arena({ status: 'finished', podium: arena().standings });
    expect(podiumLines(v).map((l) => [l.rank, l.you])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
    expect([1, 20, 21, 45].map((rank) => pageOfRank(rank, 20))).toEqual([1, 1, 2, 3]);
  });
});

/** The server as the feed reads it: each read answers the view `answer` makes of the page asked. */
function serve(answer: (page: number) => TournamentView) {
  const asked: { url: string; method: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push({
      url,
      method: init.method ?? 'GET',
      ...(init.body ? { body: JSON.parse(String(init.body)) } : {}),
    });
    const page = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? 1);
    return Response.json(answer(page));
  });
  return asked;
}

/**
 * A tournament's socket whose line is down: it closes as soon as it is made, so the page reads the
 * tournament over HTTP instead, which these tests answer.
 */
class DownSocket extends fakeSocket<unknown, unknown>() {
  constructor() {
    super();
    void Promise.resolve().then(() => this.onclose?.({ code: 1006 }));
  }
}

describe('a tournament’s page while its socket is down, following the player’s games', () => {
  const seats = new Map<string, string>();
  let feed: TournamentFeed | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    stubBrowser(DownSocket);
    seats.clear();
    vi.stubGlobal('document', {
      visibilityState: 'visible',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => seats.get(k) ?? null,
      setItem: (k: string, v: string) => seats.set(k, v),
    });
  });
  afterEach(() => {
    feed?.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Lets the reads answered so far be taken. */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  it('counts a new game down, keeps its seat for the player, then opens it', async () => {
    let you = youIn();
    serve(() => arena({ now: Date.now(), you }));
    const go = vi.fn();
    feed = new TournamentFeed('abcdefgh', TOKEN, 2000, { go });
    await settle();
    expect(feed.view.value?.name).toBe('Friday arena');
    expect(feed.next.value).toBeUndefined();

    you = youIn({ game: NEXT, pairedAt: Date.now() });
    await vi.advanceTimersByTimeAsync(2000);
    expect(feed.next.value).toEqual({ game: NEXT, left: COUNTDOWN_S });
    expect(seats.get(`agon.online.seat.${NEXT}`)).toBe(TOKEN);
    await vi.advanceTimersByTimeAsync(1000);
    expect(feed.next.value?.left).toBe(COUNTDOWN_S - 1);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync((COUNTDOWN_S - 1) * 1000);
    expect(go).toHaveBeenCalledExactlyOnceWith(`/g/${NEXT}`);
    expect(feed.next.value).toBeUndefined();
    // The same game, read again, is not gone to twice.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(go).toHaveBeenCalledOnce();
  });

  it('links a game already going on when the page opened, and goes to the next one', async () => {
    let you = youIn({ game: GAME, pairedAt: NOW - 60_000 });
    serve(() => arena({ now: Date.now(), you }));
    const go = vi.fn();
    feed = new TournamentFeed('abcdefgh', TOKEN, 2000, { go });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(feed.next.value).toBeUndefined();
    expect(go).not.toHaveBeenCalled();
    // Its seat is kept all the same, for the page's link to it.
    expect(seats.get(`agon.online.seat.${GAME}`)).toBe(TOKEN);

    you = youIn({ game: NEXT, pairedAt: Date.now() });
    await vi.advanceTimersByTimeAsync(2000 + COUNTDOWN_S * 1000);
    expect(go).toHaveBeenCalledExactlyOnceWith(`/g/${NEXT}`);
  });

  it('goes to a game paired while the page was opening', async () => {
    serve(() => arena({ now: Date.now(), you: youIn({ game: NEXT, pairedAt: NOW - 2000 }) }));
    const go = vi.fn();
    feed = new TournamentFeed('abcdefgh', TOKEN, 2000, { go });
    await vi.advanceTimersByTimeAsync(COUNTDOWN_S * 1000);
    expect(go).toHaveBeenCalledExactlyOnceWith(`/g/${NEXT}`);
  });

  it('from a finished game, goes to any other game of the player’s, not back to that one', async () => {
    let you = youIn({ game: GAME, pairedAt: NOW - 600_000 });
    serve(() => arena({ now: Date.now(), you }));
    const go = vi.fn();
    feed = new TournamentFeed('abcdefgh', TOKEN, 2000, { from: GAME, go });
    await vi.advanceTimersByTimeAsync(6000);
    expect(go).not.toHaveBeenCalled();
    you = youIn({ game: NEXT, pairedAt: NOW - 600_000 });
    await vi.advanceTimersByTimeAsync(2000 + COUNTDOWN_S * 1000);
    expect(go).toHaveBeenCalledExactlyOnceWith(`/g/${NEXT}`);
  });

  it('stops the countdown when the player pauses', async () => {
    let you = youIn();
    const asked = serve(() => arena({ now: Date.now(), you }));
    const go = vi.fn();
    feed = new TournamentFeed('abcdefgh', TOKEN, 2000, { go });
    await settle();
    you = youIn({ game: NEXT, pairedAt: Date.now() });
    await vi.advanceTimersByTimeAsync(2000);
    expect(feed.next.value?.game).toBe(NEXT);
    you = youIn({ game: NEXT, pairedAt: NOW, paused: true });
    await feed.act({ action: 'pause' });
    expect(asked.at(-1)).toEqual({
      url: '/api/tournaments/abcdefgh/me',
      method: 'POST',
      body: { action: 'pause' },
    });
    expect(feed.next.value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(go).not.toHaveBeenCalled();
  });

  it('says a refused action in words and keeps the page as it was', async () => {
    serve(() => arena({ now: Date.now(), you: youIn({ joined: false }) }));
    feed = new TournamentFeed('abcdefgh', TOKEN, 2000, { go: () => undefined });
    await settle();
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: { code: 'wrong-password', message: 'its password is wrong' } },
        { status: 403 },
      ),
    );
    await feed.act({ action: 'join', password: 'nope' });
    expect(feed.refused.value).toBe('That is not the event’s password.');
    expect(feed.view.value?.you?.joined).toBe(false);
  });

  it('reads the page asked for, the last one when the standings have shrunk', async () => {
    const asked = serve((page) => arena({ now: Date.now(), page: Math.min(page, 2), pages: 2 }));
    feed = new TournamentFeed('abcdefgh', undefined, 2000);
    await settle();
    feed.showPage(3);
    await settle();
    expect(asked.at(-1)?.url).toBe('/api/tournaments/abcdefgh?page=3');
    expect(feed.page.value).toBe(2);
    expect(feed.view.value?.page).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(asked.at(-1)?.url).toBe('/api/tournaments/abcdefgh?page=2');
  });

  it('keeps the view it has while the version is the same', async () => {
    serve(() => arena({ now: Date.now() }));
    feed = new TournamentFeed('abcdefgh', TOKEN, 2000);
    await settle();
    const first = feed.view.value;
    await vi.advanceTimersByTimeAsync(4000);
    expect(feed.view.value).toBe(first);
    // The server's clock is kept all the same, for the countdowns.
    expect(feed.offset.value).toBe(0);
  });

  it('stops reading a tournament the server does not know', async () => {
    let reads = 0;
    vi.stubGlobal('fetch', async () => {
      reads++;
      return Response.json(
        { error: { code: 'no-such-tournament', message: 'no tournament has this id' } },
        { status: 404 },
      );
    });
    feed = new TournamentFeed('abcdefgh', TOKEN, 2000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(feed.missing.value).toBe(true);
    expect(reads).toBe(1);
  });
});
