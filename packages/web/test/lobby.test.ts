import {
  type ErrorCode,
  type LobbyClientMessage,
  type LobbyServerMessage,
  type LobbyView,
  type PlayerView,
  POOLS,
  RATING_CLASSES,
} from '@agon/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { challengeFromLobby } from '../src/challenge/outbox.ts';
import { Lobby, poolAsked } from '../src/lobby/lobby.ts';
import { fakeSocket, stubBrowser } from './fake-socket.ts';

/** A socket the test plays the server through: it hears what the page sends. */
const FakeSocket = fakeSocket<LobbyClientMessage, LobbyServerMessage>();
type FakeSocket = InstanceType<typeof FakeSocket>;

const you: PlayerView = {
  id: 'abcdefgh23',
  name: 'Quiet Heron',
  ratings: Object.fromEntries(
    RATING_CLASSES.map((c) => [c, { rating: 1500, provisional: true, games: 0 }]),
  ) as PlayerView['ratings'],
  others: [],
};

const empty: LobbyView = {
  pools: POOLS.map((p) => ({ id: p.id, waiting: 0, playing: 0 })),
  challenges: [],
  players: 1,
  games: 0,
  live: [],
  status: 'ok',
  sought: 0,
};

describe('the lobby’s wait in a pool', () => {
  let lobby: Lobby | undefined;
  let socket: FakeSocket;

  beforeEach(() => {
    stubBrowser(FakeSocket);
    lobby = new Lobby('t'.repeat(43), () => undefined);
    socket = FakeSocket.last!;
    socket.onopen?.();
    socket.hear({ t: 'welcome', you, lobby: empty });
  });
  afterEach(() => {
    lobby?.stop();
    vi.unstubAllGlobals();
  });

  it('shows at once, and stays once the server confirms it', () => {
    lobby!.seek('3+2');
    expect(socket.sent.at(-1)).toEqual({ t: 'seek', pool: '3+2' });
    expect(lobby!.seeking.value?.pool).toBe('3+2');
    socket.hear({ t: 'seeking', pool: '3+2' });
    expect(lobby!.seeking.value?.pool).toBe('3+2');
  });

  it('ends when the server refuses the seek, whatever the reason', () => {
    for (const code of ['rate-limited', 'server-error', 'hello-first'] as const) {
      lobby!.seek('5+3');
      expect(lobby!.seeking.value?.pool).toBe('5+3');
      socket.hear({ t: 'error', code, message: 'refused' });
      expect(lobby!.seeking.value, code).toBeUndefined();
      expect(lobby!.notice.value?.text, code).toBeTruthy();
    }
  });

  it('goes back to the wait the server confirmed when a move to another pool is refused', () => {
    lobby!.seek('1+1');
    socket.hear({ t: 'seeking', pool: '1+1' });
    const confirmed = lobby!.seeking.value;
    lobby!.seek('10+5');
    expect(lobby!.seeking.value?.pool).toBe('10+5');
    socket.hear({ t: 'error', code: 'rate-limited', message: 'too many lobby requests' });
    expect(lobby!.seeking.value).toBe(confirmed);
  });

  it('keeps a confirmed wait through a refusal of something else', () => {
    lobby!.seek('15+10');
    socket.hear({ t: 'seeking', pool: '15+10' });
    lobby!.accept('abcdefgh');
    socket.hear({ t: 'error', code: 'no-such-challenge', message: 'that challenge is gone' });
    expect(lobby!.seeking.value?.pool).toBe('15+10');
  });

  it('ends on a busy refusal, naming the game the player is in', () => {
    lobby!.seek('3+2');
    socket.hear({
      t: 'error',
      code: 'busy',
      message: 'you are playing a game (/g/abcdefgh23); finish it first',
    });
    expect(lobby!.seeking.value).toBeUndefined();
    expect(lobby!.notice.value?.game).toBe('abcdefgh23');
  });
});

describe('the lobby while the server has lost its list', () => {
  let lobby: Lobby | undefined;
  let socket: FakeSocket;

  beforeEach(() => {
    stubBrowser(FakeSocket);
    lobby = new Lobby('t'.repeat(43), () => undefined);
    socket = FakeSocket.last!;
    socket.onopen?.();
  });
  afterEach(() => {
    lobby?.stop();
    vi.unstubAllGlobals();
  });

  it('says so from the welcome on, and no longer once the list is back', () => {
    expect(lobby!.reconnecting.value).toBe(false);
    socket.hear({ t: 'welcome', you, lobby: { ...empty, status: 'reconnecting' } });
    expect(lobby!.reconnecting.value).toBe(true);
    socket.hear({ t: 'changes', changes: { players: 3 } });
    expect(lobby!.reconnecting.value).toBe(true);
    socket.hear({ t: 'changes', changes: { status: 'ok' } });
    expect(lobby!.reconnecting.value).toBe(false);
    socket.hear({ t: 'changes', changes: { status: 'reconnecting' } });
    expect(lobby!.reconnecting.value).toBe(true);
  });

  it('still lets the player wait in a pool, which the server keeps for when it is back', () => {
    socket.hear({ t: 'welcome', you, lobby: { ...empty, status: 'reconnecting' } });
    lobby!.seek('5+3');
    expect(socket.sent.at(-1)).toEqual({ t: 'seek', pool: '5+3' });
    socket.hear({ t: 'seeking', pool: '5+3' });
    expect(lobby!.seeking.value?.pool).toBe('5+3');
  });

  it('words a refused acceptance itself, keeping the wait', () => {
    socket.hear({ t: 'welcome', you, lobby: { ...empty, status: 'reconnecting' } });
    lobby!.seek('5+3');
    socket.hear({ t: 'seeking', pool: '5+3' });
    lobby!.accept('abcdefgh');
    socket.hear({
      t: 'error',
      code: 'unavailable',
      message: 'the lobby is reconnecting; try again in a moment',
    });
    expect(lobby!.notice.value?.text).toBe(
      'The server cannot do that just now, while it reconnects: try again in a moment.',
    );
    expect(lobby!.seeking.value?.pool).toBe('5+3');
  });

  it('leaves a refusal it has no words for to the server, even one named like an object’s key', () => {
    socket.hear({ t: 'welcome', you, lobby: empty });
    socket.hear({ t: 'error', code: 'constructor' as ErrorCode, message: 'odd' });
    expect(lobby!.notice.value?.text).toBe('Refused: odd.');
  });
});

describe('challenges addressed to players, and a ping’s pool', () => {
  let lobby: Lobby | undefined;
  beforeEach(() => {
    stubBrowser(FakeSocket);
  });
  afterEach(() => {
    lobby?.stop();
    vi.unstubAllGlobals();
  });

  const terms = {
    clock: { days: 3 as const },
    variant: 'standard' as const,
    touchMove: false,
    captorPlacesQueen: false,
    side: 'random' as const,
    rated: false,
  };

  it('sends a challenge made on another page once welcomed, and only once', () => {
    challengeFromLobby({ to: 'zyxwvuts23', terms });
    lobby = new Lobby('t'.repeat(43), () => undefined);
    const socket = FakeSocket.last!;
    socket.onopen?.();
    expect(socket.sent.filter((m) => m.t === 'challenge')).toEqual([]);
    socket.hear({ t: 'welcome', you, lobby: empty });
    socket.hear({ t: 'welcome', you, lobby: empty });
    expect(socket.sent.filter((m) => m.t === 'challenge')).toEqual([
      { t: 'challenge', to: 'zyxwvuts23', ...terms },
    ]);
    // The next lobby opened sends nothing of it.
    lobby.stop();
    lobby = new Lobby('t'.repeat(43), () => undefined);
    FakeSocket.last!.onopen?.();
    FakeSocket.last!.hear({ t: 'welcome', you, lobby: empty });
    expect(FakeSocket.last!.sent.filter((m) => m.t === 'challenge')).toEqual([]);
  });

  it('sorts the challenges to and from this player, and says a decline calmly', () => {
    lobby = new Lobby('t'.repeat(43), () => undefined);
    const socket = FakeSocket.last!;
    socket.onopen?.();
    socket.hear({ t: 'welcome', you, lobby: empty });
    const other = { id: 'zyxwvuts23', name: 'Bold Brook 4', rating: you.ratings.blitz };
    const me = { id: you.id, name: you.name, rating: you.ratings.blitz };
    const view = { ...terms, class: 'correspondence' as const, since: 1 };
    socket.hear({
      t: 'direct',
      challenges: [
        { ...view, id: 'aaaaaaaa', by: other, to: me },
        { ...view, id: 'bbbbbbbb', by: me, to: other },
      ],
    });
    expect(lobby.incoming.value.map((c) => c.id)).toEqual(['aaaaaaaa']);
    expect(lobby.outgoing.value.map((c) => c.id)).toEqual(['bbbbbbbb']);
    lobby.decline('aaaaaaaa', 'later');
    expect(socket.sent.at(-1)).toEqual({ t: 'decline', id: 'aaaaaaaa', reason: 'later' });
    socket.hear({ t: 'declined', id: 'bbbbbbbb', by: other, reason: 'too-slow' });
    expect(lobby.notice.value).toEqual({
      text: 'Bold Brook 4 declined your challenge: “Too slow for me”',
      answer: true,
    });
  });

  it('waits from the start in the pool a ping’s address names', () => {
    expect(poolAsked('?seek=5%2B3')).toBe('5+3');
    expect(poolAsked('?seek=2%2B1')).toBeUndefined();
    expect(poolAsked('')).toBeUndefined();
    lobby = new Lobby('t'.repeat(43), () => undefined, '5+3');
    expect(lobby.seeking.value?.pool).toBe('5+3');
    const socket = FakeSocket.last!;
    socket.onopen?.();
    socket.hear({ t: 'welcome', you, lobby: empty });
    expect(socket.sent.at(-1)).toEqual({ t: 'seek', pool: '5+3' });
  });
});
