// How a game is set up: against whom, which side, which variant, which house rules.

import type { Colour } from '@agon/engine';
import { t } from '../i18n/ui.ts';

/** The choices made on the new-game screen. */
export interface GameSetup {
  /** Against the computer, or two people on this device. */
  readonly mode: 'computer' | 'people';
  /** The computer's level, 1 to 10. */
  readonly level: number;
  /** The side the person plays against the computer. */
  readonly human: Colour;
  /** What the person chose for their side; `random` is resolved into `human` at the start. */
  readonly side: Colour | 'random';
  readonly variant: 'standard' | 'placement';
  /** R15 touch-move, for games between people only. */
  readonly touchMove: boolean;
  /** R16: the captor, not the owner, chooses a captured queen's cell. */
  readonly captorPlacesQueen: boolean;
}

/** The first visit's game: White against the computer at a gentle level. */
export const DEFAULT_SETUP: GameSetup = {
  mode: 'computer',
  level: 3,
  human: 'white',
  side: 'white',
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: false,
};

/** The display name of a player in this setup, for the player bars and AGN tags. */
export function playerName(setup: GameSetup, colour: Colour): string {
  if (setup.mode === 'people') return t(`player.${colour}`);
  return colour === setup.human ? t('player.you') : t('player.computer', { level: setup.level });
}

/** Reads a stored setup back, falling back to the defaults field by field. */
export function readSetup(value: unknown): GameSetup {
  const v = (typeof value === 'object' && value ? value : {}) as Partial<Record<string, unknown>>;
  const colour = (c: unknown): Colour | undefined =>
    c === 'white' || c === 'black' ? c : undefined;
  const level = Number(v.level);
  return {
    mode: v.mode === 'people' ? 'people' : 'computer',
    level: Number.isInteger(level) && level >= 1 && level <= 10 ? level : DEFAULT_SETUP.level,
    human: colour(v.human) ?? DEFAULT_SETUP.human,
    side: v.side === 'random' ? 'random' : (colour(v.side) ?? DEFAULT_SETUP.side),
    variant: v.variant === 'placement' ? 'placement' : 'standard',
    touchMove: v.touchMove === true,
    captorPlacesQueen: v.captorPlacesQueen === true,
  };
}
