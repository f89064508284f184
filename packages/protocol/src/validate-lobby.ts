// The validators of the lobby (lobby.ts): its socket's messages, and a player's lobby settings.

import type { Colour } from '@agon/engine';
import { TOKEN } from './limits.ts';
import {
  CHALLENGE_ID,
  CHALLENGES_FROM,
  DECLINE_REASONS,
  type LobbyClientMessage,
  type LobbySettings,
  POOLS,
  type PoolId,
} from './lobby.ts';
import { PLAYER_ID } from './player.ts';
import type { Checked, Refusal } from './refusal.ts';
import {
  extraKey,
  isObject,
  isSeat,
  readCaptor,
  readObject,
  readPace,
  refuse,
  shape,
  whole,
} from './validate.ts';

/** Reads one lobby socket message, trusting nothing, as `parseClientMessage` reads a game's. */
export function parseLobbyMessage(text: string): Checked<LobbyClientMessage> {
  const read = readObject(text);
  if (!read.ok) return read;
  const data = read.value;
  const fields = (allowed: readonly string[]): Refusal | undefined =>
    shape(data, ['t', ...allowed]);
  switch (data.t) {
    case 'hello': {
      const bad = fields(['token', 'watch']);
      if (bad) return { ok: false, error: bad };
      if (typeof data.token !== 'string' || !TOKEN.test(data.token)) {
        return refuse('bad-message', "token must be the player's 43-character secret");
      }
      if (data.watch !== undefined && data.watch !== true) {
        return refuse('bad-message', 'watch must be true or left out');
      }
      return {
        ok: true,
        value: { t: 'hello', token: data.token, ...(data.watch && { watch: true }) },
      };
    }
    case 'seek': {
      const bad = fields(['pool', 'also']);
      if (bad) return { ok: false, error: bad };
      const ids: readonly string[] = POOLS.map((p) => p.id);
      const pool = POOLS.find((p) => p.id === data.pool);
      if (!pool) return refuse('bad-message', `pool must be one of ${ids.join(', ')}`);
      const { also } = data;
      if (also === undefined) return { ok: true, value: { t: 'seek', pool: pool.id } };
      if (
        !Array.isArray(also) ||
        !also.every((p) => typeof p === 'string' && ids.includes(p) && p !== pool.id) ||
        new Set(also).size !== also.length
      ) {
        return refuse(
          'bad-message',
          `also must be distinct pools of ${ids.join(', ')} other than ${pool.id}`,
        );
      }
      // In the pools' order, so that one range is one seek whichever way it was listed.
      const others = POOLS.map((p) => p.id).filter((id) => also.includes(id));
      return { ok: true, value: { t: 'seek', pool: pool.id, also: others } };
    }
    case 'challenge': {
      const bad = fields([
        'clock',
        'variant',
        'touchMove',
        'captorPlacesQueen',
        'side',
        'rated',
        'to',
        'bots',
        'weekendsOff',
      ]);
      if (bad) return { ok: false, error: bad };
      if (data.to !== undefined && (typeof data.to !== 'string' || !PLAYER_ID.test(data.to))) {
        return refuse('bad-message', "to must be a player's 10-character id");
      }
      if (data.bots !== undefined && (data.bots !== true || data.to !== undefined)) {
        return refuse('bad-message', 'bots must be true or left out, and only open to anyone');
      }
      if (
        data.weekendsOff !== undefined &&
        (data.weekendsOff !== true || !isObject(data.clock) || !('days' in data.clock))
      ) {
        return refuse('bad-message', 'weekendsOff must be true or left out, and only with days');
      }
      const clock = readPace(data.clock);
      if (!clock.ok) return clock;
      if (data.variant !== 'standard' && data.variant !== 'placement') {
        return refuse('bad-message', 'variant must be "standard" or "placement"');
      }
      if (data.side !== 'random' && !isSeat(data.side)) {
        return refuse('bad-message', 'side must be "white", "black" or "random"');
      }
      if (typeof data.touchMove !== 'boolean' || typeof data.rated !== 'boolean') {
        return refuse('bad-message', 'touchMove and rated must be true or false');
      }
      const captorPlacesQueen = readCaptor(data.captorPlacesQueen);
      if (!captorPlacesQueen.ok) return captorPlacesQueen;
      return {
        ok: true,
        value: {
          t: 'challenge',
          clock: clock.value,
          variant: data.variant,
          touchMove: data.touchMove,
          captorPlacesQueen: captorPlacesQueen.value,
          side: data.side as Colour | 'random',
          rated: data.rated,
          ...(data.to !== undefined && { to: data.to }),
          ...(data.bots === true && { bots: true }),
          ...(data.weekendsOff === true && { weekendsOff: true }),
        },
      };
    }
    case 'decline': {
      const bad = fields(['id', 'reason']);
      if (bad) return { ok: false, error: bad };
      if (typeof data.id !== 'string' || !CHALLENGE_ID.test(data.id)) {
        return refuse('bad-message', "id must be a challenge's 8-character id");
      }
      const reason = DECLINE_REASONS.find((r) => r === data.reason);
      if (!reason) {
        return refuse('bad-message', `reason must be one of ${DECLINE_REASONS.join(', ')}`);
      }
      return { ok: true, value: { t: 'decline', id: data.id, reason } };
    }
    case 'withdraw':
    case 'accept': {
      const bad = fields(['id']);
      if (bad) return { ok: false, error: bad };
      if (typeof data.id !== 'string' || !CHALLENGE_ID.test(data.id)) {
        return refuse('bad-message', "id must be a challenge's 8-character id");
      }
      return { ok: true, value: { t: data.t, id: data.id } };
    }
    case 'unseek':
    case 'ping': {
      const bad = fields([]);
      return bad ? { ok: false, error: bad } : { ok: true, value: { t: data.t } };
    }
    default:
      return refuse('bad-message', 'unknown message type');
  }
}

/**
 * Reads the body of PATCH /api/me/settings: any of the settings (a missing one is left as it
 * is). The waiting list's pools and hours are sets: each at most once.
 */
export function parseSettings(body: unknown): Checked<Partial<LobbySettings>> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['challengesFrom', 'waitingList', 'peopleOnly']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const from = body.challengesFrom;
  const challengesFrom = CHALLENGES_FROM.find((c) => c === from);
  if (from !== undefined && !challengesFrom) {
    return refuse('bad-message', `challengesFrom must be one of ${CHALLENGES_FROM.join(', ')}`);
  }
  const { peopleOnly } = body;
  if (peopleOnly !== undefined && typeof peopleOnly !== 'boolean') {
    return refuse('bad-message', 'peopleOnly must be true or false');
  }
  const plain = {
    ...(challengesFrom && { challengesFrom }),
    ...(peopleOnly !== undefined && { peopleOnly }),
  };
  const list = body.waitingList;
  if (list === undefined) return { ok: true, value: plain };
  if (!isObject(list) || extraKey(list, ['pools', 'hours']) !== undefined) {
    return refuse('bad-message', 'waitingList is {pools, hours}');
  }
  const { pools, hours } = list;
  const ids = POOLS.map((p) => p.id as string);
  if (
    !Array.isArray(pools) ||
    !pools.every((p) => typeof p === 'string' && ids.includes(p)) ||
    new Set(pools).size !== pools.length
  ) {
    return refuse('bad-message', `waitingList.pools must be distinct pools of ${ids.join(', ')}`);
  }
  if (
    !Array.isArray(hours) ||
    !hours.every((h) => Number.isInteger(h) && h >= 0 && h <= 23) ||
    new Set(hours).size !== hours.length
  ) {
    return refuse('bad-message', 'waitingList.hours must be distinct hours of 0 to 23 (UTC)');
  }
  return {
    ok: true,
    value: {
      ...plain,
      waitingList: { pools: pools as PoolId[], hours: (hours as number[]).map(whole) },
    },
  };
}
