// The settings of `agon bot`: defaults, each bad field refused by name, and the decisions on
// challenges they lead to.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Challenge, judgeChallenge } from '../src/bot-challenge.ts';
import {
  type BotConfig,
  DEFAULT_BOT_CONFIG,
  makeBotConfig,
  parseBotConfig,
  readBotConfig,
} from '../src/bot-config.ts';
import { agon } from './agon.ts';

function parsed(value: unknown): BotConfig {
  const config = parseBotConfig(value);
  if (!config.ok) throw new Error(config.error.message);
  return config.value;
}

function fieldOf(value: unknown): string | undefined {
  const config = parseBotConfig(value);
  return config.ok ? undefined : config.error.field;
}

describe('parseBotConfig', () => {
  it('gives the documented defaults for an empty object', () => {
    expect(parsed({})).toEqual(DEFAULT_BOT_CONFIG);
    expect(DEFAULT_BOT_CONFIG).toMatchObject({
      games: 1,
      engine: { level: 10, movetime: 1000, depth: undefined },
      challenges: { variants: 'any', rated: true, casual: true, bots: true, people: true },
    });
  });

  it('keeps the defaults of the fields left out beside those given', () => {
    const config = parsed({ challenges: { initial: { max: 600 } }, engine: { depth: 6 } });
    expect(config.challenges.initial).toEqual({ min: 0, max: 600 });
    expect(config.challenges.increment).toEqual(DEFAULT_BOT_CONFIG.challenges.increment);
    expect(config.engine).toEqual({ level: 10, movetime: 1000, depth: 6 });
  });

  it('reads back what makeBotConfig writes', () => {
    const configs = [
      DEFAULT_BOT_CONFIG,
      parsed({
        games: 3,
        challenges: {
          clock: true,
          initial: { min: 60, max: 900 },
          increment: { min: 1, max: 10 },
          correspondence: false,
          rated: false,
          variants: ['standard'],
          captor: false,
          people: false,
        },
        engine: { level: 4, movetime: 250, depth: 3 },
      }),
    ];
    for (const config of configs) {
      expect(parsed(JSON.parse(JSON.stringify(makeBotConfig(config))))).toEqual(config);
    }
  });

  it.each([
    [[], ''],
    ['{}', ''],
    [{ game: 2 }, 'game'],
    [{ games: 0 }, 'games'],
    [{ games: 1.5 }, 'games'],
    [{ games: '2' }, 'games'],
    [{ challenges: [] }, 'challenges'],
    [{ challenges: { clocks: true } }, 'challenges.clocks'],
    [{ challenges: { rated: 'yes' } }, 'challenges.rated'],
    [{ challenges: { initial: { min: -1 } } }, 'challenges.initial.min'],
    [{ challenges: { initial: { max: 10 ** 9 } } }, 'challenges.initial.max'],
    [{ challenges: { increment: { min: 5, max: 2 } } }, 'challenges.increment'],
    [{ challenges: { increment: { step: 1 } } }, 'challenges.increment.step'],
    [{ challenges: { variants: [] } }, 'challenges.variants'],
    [{ challenges: { variants: 'standard' } }, 'challenges.variants'],
    [{ challenges: { variants: ['Standard'] } }, 'challenges.variants'],
    [{ challenges: { rated: false, casual: false } }, 'challenges'],
    [{ challenges: { bots: false, people: false } }, 'challenges'],
    [{ engine: { level: 11 } }, 'engine.level'],
    [{ engine: { level: 0 } }, 'engine.level'],
    [{ engine: { movetime: 0 } }, 'engine.movetime'],
    [{ engine: { depth: null } }, 'engine.depth'],
    [{ engine: { nodes: 1000 } }, 'engine.nodes'],
  ])('refuses %j, naming the field "%s"', (value, field) => {
    const config = parseBotConfig(value);
    expect(config.ok).toBe(false);
    if (config.ok) return;
    expect(config.error).toMatchObject({ code: 'bad-config', field });
    if (field) expect(config.error.message.startsWith(`${field}: `)).toBe(true);
    expect(fieldOf(value)).toBe(field);
  });
});

describe('readBotConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agon-bot-config-'));

  it('reads a file', () => {
    const file = join(dir, 'ok.json');
    writeFileSync(file, JSON.stringify({ games: 4 }));
    const config = readBotConfig(file);
    expect(config.ok && config.value.games).toBe(4);
  });

  it('says when the file is missing or not JSON', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ games: 4 }');
    for (const [file, words] of [
      [join(dir, 'none.json'), 'ENOENT'],
      [bad, 'is not JSON'],
    ] as const) {
      const config = readBotConfig(file);
      expect(config.ok).toBe(false);
      if (!config.ok) expect(config.error.message).toContain(words);
    }
  });
});

describe('judgeChallenge', () => {
  const challenge: Challenge = {
    id: 'c1',
    status: 'created',
    direction: 'in',
    challenger: { id: 'p1', name: 'Someone', bot: false },
    variant: 'standard',
    touchMove: false,
    captorPlacesQueen: false,
    rated: true,
    clock: { limit: 300, increment: 3 },
  };
  const strict = parsed({
    games: 2,
    challenges: {
      initial: { min: 60, max: 600 },
      increment: { min: 1, max: 5 },
      correspondence: false,
      rated: false,
      variants: ['standard'],
      captor: false,
      bots: false,
    },
  });

  it('accepts a challenge within every rule while games are free', () => {
    expect(judgeChallenge(strict, { ...challenge, rated: false }, 1)).toBeUndefined();
    expect(judgeChallenge(DEFAULT_BOT_CONFIG, challenge, 0)).toBeUndefined();
  });

  it('declines beyond the games at once as later', () => {
    expect(judgeChallenge(strict, { ...challenge, rated: false }, 2)).toBe('later');
    expect(judgeChallenge(DEFAULT_BOT_CONFIG, challenge, 1)).toBe('later');
  });

  it.each([
    [{ clock: { limit: 30, increment: 3 } }, 'tooFast'],
    [{ clock: { limit: 300, increment: 0 } }, 'tooFast'],
    [{ clock: { limit: 900, increment: 3 } }, 'tooSlow'],
    [{ clock: { limit: 300, increment: 10 } }, 'tooSlow'],
    [{ clock: undefined }, 'timeControl'],
    [{ variant: 'placement' }, 'variant'],
    [{ captorPlacesQueen: true }, 'variant'],
    [{ rated: true }, 'casual'],
    [{ challenger: { id: 'b', name: 'B', bot: true } }, 'noBot'],
  ] as const)('declines %j as %s, even when busy', (change, reason) => {
    const c = { ...challenge, rated: false, ...change } as Challenge;
    expect(judgeChallenge(strict, c, 0)).toBe(reason);
    expect(judgeChallenge(strict, c, 5)).toBe(reason);
  });

  it('declines a people-only bot to a person as onlyBot and a rated-only one casual games', () => {
    const botsOnly = parsed({ challenges: { people: false, casual: false } });
    expect(judgeChallenge(botsOnly, challenge, 0)).toBe('onlyBot');
    const fromBot = { ...challenge, challenger: { id: 'b', name: 'B', bot: true } };
    expect(judgeChallenge(botsOnly, { ...fromBot, rated: false }, 0)).toBe('rated');
    expect(judgeChallenge(botsOnly, fromBot, 0)).toBeUndefined();
  });

  it('takes games of days unless told not to, and no clock games when clock is false', () => {
    const days = { ...challenge, clock: undefined };
    expect(judgeChallenge(DEFAULT_BOT_CONFIG, days, 0)).toBeUndefined();
    const daysOnly = parsed({ challenges: { clock: false } });
    expect(judgeChallenge(daysOnly, days, 0)).toBeUndefined();
    expect(judgeChallenge(daysOnly, challenge, 0)).toBe('timeControl');
  });
});

describe('agon bot, before it connects', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agon-bot-args-'));
  const server = ['--server', 'http://127.0.0.1:9/'];

  it('refuses a bad config by the field at fault, with status 2', async () => {
    const file = join(dir, 'level.json');
    writeFileSync(file, JSON.stringify({ engine: { level: 12 } }));
    const run = await agon(['bot', ...server, '--config', file], '', { AGON_BOT_TOKEN: 'x' });
    expect(run).toMatchObject({ status: 2, stdout: '' });
    expect(run.stderr).toBe('agon: bot: engine.level: must be a whole number from 1 to 10\n');
  });

  it('takes the token from the environment only', async () => {
    const run = await agon(['bot', ...server], '', { AGON_BOT_TOKEN: '' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('set AGON_BOT_TOKEN');
    expect((await agon(['bot', ...server, '--token', 'x'])).stderr).toContain(
      'unknown flag --token',
    );
  });

  it('stops when its engine does not start, before taking any game', async () => {
    const run = await agon(['bot', ...server, '--engine', 'exit 3'], '', { AGON_BOT_TOKEN: 'x' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^agon: bot: engine "exit 3" did not start: exited with status 3/);
  });

  it('needs a server URL of http or https', async () => {
    for (const bad of [[], ['--server', 'agon.example'], ['--server', 'ftp://agon.example/']]) {
      const run = await agon(['bot', ...bad], '', { AGON_BOT_TOKEN: 'x' });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^agon: bot: (--server <url> is required|bad --server)/);
    }
  });
});
