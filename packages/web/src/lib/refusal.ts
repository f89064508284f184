// Why a turn is refused, in the app's language. The engine decides the reason (illegalReason);
// this only picks the translated sentence for it, so the app cannot disagree with the engine.

import {
  type IllegalCode,
  type IllegalReason,
  illegalReason,
  type Move,
  type Position,
  type RuleId,
} from '@agon/engine';
import { type Phrase, phrase } from '../i18n/ui.ts';

// One sentence per reason: a reason code without one here is a type error.
const PHRASES: { readonly [K in IllegalCode]: (r: IllegalReason<K>) => Phrase } = {
  'game-over': () => phrase('illegal.over'),
  pass: () => phrase('illegal.pass'),
  'queen-to-relocate': (r) => phrase(`illegal.relocateQueen.${r.colour}`, { cell: r.cell }),
  'guard-to-relocate': (r) => phrase(`illegal.relocateGuard.${r.colour}`),
  'not-captured': (r) => phrase('illegal.notCaptured', { cell: r.cell }),
  'queen-first': (r) => phrase('illegal.queenFirst', { cell: r.cell }),
  'relocation-occupied': (r) => phrase('illegal.relocateOccupied', { cell: r.cell }),
  'guard-not-outer': (r) => phrase('illegal.outerRing', { cell: r.cell, ring: r.ring }),
  'relocation-impossible': () => phrase('illegal.relocation'),
  'nothing-captured': () => phrase('illegal.nothingCaptured'),
  'must-place': (r) => phrase('illegal.mustPlace', { count: r.count }),
  'placement-throne': () => phrase('illegal.placeThrone'),
  'placement-occupied': (r) => phrase('illegal.placeOccupied', { cell: r.cell }),
  'placement-impossible': () => phrase('illegal.placement'),
  'no-hand': () => phrase('illegal.noHand'),
  'no-piece': (r) => phrase('illegal.noPiece', { cell: r.cell }),
  'enemy-piece': (r) => phrase(`illegal.enemy.${r.colour}`, { cell: r.cell }),
  'captured-step': (r) => phrase('illegal.capturedStep', { cell: r.cell }),
  'not-adjacent': (r) => phrase('illegal.notAdjacent', { from: r.from, to: r.to }),
  outward: (r) => phrase('illegal.outward', r),
  'step-occupied': (r) => phrase('illegal.occupied', { cell: r.cell }),
  'guard-throne': () => phrase('illegal.throne'),
  forbidden: (r) =>
    phrase(`illegal.forbidden.${r.colour}`, { cell: r.cell, a: r.flanks[0], b: r.flanks[1] }),
  'step-impossible': () => phrase('illegal.step'),
};

/** The app's sentence for an engine reason (generic so each reason meets its own phrase). */
export function reasonPhrase<K extends IllegalCode>(reason: IllegalReason<K>): Phrase {
  return PHRASES[reason.code](reason);
}

/** Why `move` is illegal in `pos`, or undefined when it is legal. */
export function refusal(pos: Position, move: Move): Phrase | undefined {
  return reasonOf(pos, move)?.text;
}

/**
 * Why `move` is illegal in `pos` and the rule that says so (the most particular of those the
 * engine cites, which it lists last), or undefined when it is legal.
 */
export function reasonOf(pos: Position, move: Move): { text: Phrase; rule: RuleId } | undefined {
  const reason = illegalReason(pos, move);
  if (!reason) return undefined;
  const rules: readonly RuleId[] = reason.rules;
  return { text: reasonPhrase(reason), rule: rules[rules.length - 1] ?? 'R7' };
}
