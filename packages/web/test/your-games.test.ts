import type { Notice } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { noticeText, payloadOf } from '../src/notices/notice-text.ts';
import { GAMES_PATH, onlinePage } from '../src/online/address.ts';

describe('the player’s games', () => {
  it('have a page of their own', () => {
    expect(onlinePage({ pathname: GAMES_PATH, search: '' })).toEqual({ page: 'games' });
    expect(onlinePage({ pathname: '/games/', search: '' })).toEqual({ page: 'games' });
    expect(onlinePage({ pathname: '/games/x', search: '' })).toBeUndefined();
  });

  it('waiting for a move are told in one notice, in the device’s language', () => {
    const digest = (games: number): Notice => ({
      kind: 'turn',
      games: Array.from({ length: games }, (_, i) => `game${i}aaaa`),
      deadline: Date.UTC(2026, 11, 8, 12),
      url: GAMES_PATH,
    });
    expect(noticeText(digest(3), 'en')).toEqual({
      title: 'Your move',
      body: '3 games wait for your move.',
    });
    expect(noticeText(digest(3), 'fi').body).toBe('3 peliä odottaa siirtoasi.');
    expect(noticeText(digest(2), 'ru').body).toBe('2 партии ждут вашего хода.');
    expect(noticeText(digest(5), 'ru').body).toBe('5 партий ждут вашего хода.');
    expect(noticeText(digest(21), 'ru').body).toBe('21 партия ждёт вашего хода.');
    expect(noticeText(digest(4), 'hi').body).toBe('4 खेल आपकी चाल का इंतज़ार कर रहे हैं।');
    // The worker takes the digest as the server sends it, and no word list for a kind.
    expect(payloadOf({ notice: digest(3), language: 'fi' })?.notice).toEqual(digest(3));
    expect(payloadOf({ notice: { ...digest(3), kind: 'waiting' }, language: 'fi' })).toBe(
      undefined,
    );
  });

  it('of a league season are told in one notice when the season begins', () => {
    const season = (games: number): Notice => ({
      kind: 'started',
      league: { name: 'Agon League', season: 3 },
      games: Array.from({ length: games }, (_, i) => `game${i}aaaa`),
      url: GAMES_PATH,
    });
    expect(noticeText(season(8), 'en')).toEqual({
      title: 'Agon League: season 3 has begun',
      body: '8 games are on: one against each player of your group.',
    });
    expect(noticeText(season(5), 'fi').title).toBe('Agon League: kausi 3 alkoi');
    expect(noticeText(season(5), 'ru').body).toBe(
      '5 партий началось: по одной с каждым игроком вашей группы.',
    );
    expect(noticeText(season(4), 'ru').body).toBe(
      '4 партии начались: по одной с каждым игроком вашей группы.',
    );
    expect(noticeText(season(9), 'hi').body).toBe('9 खेल शुरू हुए: आपके समूह के हर खिलाड़ी के साथ एक।');
    expect(payloadOf({ notice: season(8), language: 'ru' })?.notice).toEqual(season(8));
    expect(payloadOf({ notice: { ...season(8), kind: 'season' }, language: 'en' })).toBe(undefined);
  });
});
