// What a screen reader says about the board and each cell, in the app's language:
// `e5, ring 1, White guard, legal destination`.

import { cellName, ring } from '@agon/engine';
import { computed } from '@preact/signals';
import type { BoardLabels, CellFacts } from '../board/config.ts';
import { t } from '../i18n/ui.ts';

/** The label of one cell: its name, ring, contents, then what may happen there. */
export function cellLabel(cell: number, facts: CellFacts): string {
  const parts = [
    cellName(cell),
    ring[cell] === 0 ? t('cell.throne') : t('cell.ring', { ring: ring[cell]! }),
  ];
  const piece = facts.piece;
  if (!piece) parts.push(t('cell.empty'));
  else if (piece.captured) parts.push(t(`pieceCaptured.${piece.colour}.${piece.role}`));
  else parts.push(t(`piece.${piece.colour}.${piece.role}`));
  if (facts.selected) parts.push(t('cell.selected'));
  else if (facts.canMove) parts.push(t('cell.canMove'));
  if (facts.dest) parts.push(t('cell.dest'));
  if (facts.premoveDest) parts.push(t('cell.premoveDest'));
  if (facts.premove) parts.push(t('cell.premove'));
  if (facts.placement) parts.push(t('cell.placement'));
  if (facts.blocked) parts.push(t('cell.blocked'));
  if (facts.last) parts.push(t('cell.last'));
  if (facts.hint) parts.push(t('cell.hint'));
  // A list of attributes, not a sentence: the comma separates them in all four scripts.
  return parts.join(', ');
}

// One object a language: the board makes its cell labels again only when given other words.
const inLanguage = computed((): BoardLabels => ({ board: t('board.label'), cell: cellLabel }));

/** The board's words in the current language (read inside an effect, they follow it). */
export function cellLabels(): BoardLabels {
  return inLanguage.value;
}
