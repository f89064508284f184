// What is wrong with a pasted or opened game record or position, in English: the source the
// other languages are checked against. These words travel with the record dialog and the
// analysis board, the two places a record is read, not in the app's first load.

import type { CatalogOf } from '../../i18n/catalog.ts';

/** The record problems' words in English. */
export const en = {
  'load.empty': 'The file is empty: there is no game record in it.',
  'load.apn': 'That is not a valid position (APN).',
  'load.apn.fields':
    'That is not a valid position (APN): it needs the board, the side to move and, while guards are in hand, their counts, separated by single spaces.',
  'load.apn.files':
    'That is not a valid position (APN): the board needs eleven files, a to l, separated by /.',
  'load.apn.char':
    'That is not a valid position (APN): the board holds something that is neither a piece (Q G q g), a * nor a number of vacant cells.',
  'load.apn.length':
    'That is not a valid position (APN): a file of the board does not add up to its number of cells.',
  'load.apn.turn': 'That is not a valid position (APN): the side to move is written w or b.',
  'load.apn.hand':
    'That is not a valid position (APN): guards in hand are written as two counts from 0 to 6, like 6/6.',
  'load.apn.queens': 'That is not a valid position (APN): each player has exactly one queen.',
  'load.apn.guards':
    'That is not a valid position (APN): each player has six guards, on the board and in hand together.',
  'load.apn.throne': 'That is not a valid position (APN): a guard stands on the throne f6.',
  'load.agn': 'That is not a valid game record (AGN).',
  'load.agn.tag':
    'That is not a valid game record (AGN): a header line is not a tag pair like [Event "Casual game"].',
  'load.agn.variant':
    'That is not a valid game record (AGN): the Variant is Standard or Placement.',
  'load.agn.queenPlacement':
    'That is not a valid game record (AGN): QueenPlacement is Owner or Captor.',
  'load.agn.position':
    'That is not a valid game record (AGN): its Position tag is not a valid position (APN).',
  'load.agn.comment': 'That is not a valid game record (AGN): a comment in braces is not closed.',
  'load.agn.afterResult': 'That is not a valid game record (AGN): something follows the result.',
  'load.agn.result':
    'That is not a valid game record (AGN): the result does not agree with the moves.',
  'load.agn.move': 'That is not a valid game record (AGN): move {number} “{move}” is not a move.',
  'load.agn.illegal':
    'That is not a valid game record (AGN): move {number} {move} is illegal. {reason}',
  'load.agn.variation':
    'That is not a valid game record (AGN): a side line in brackets ( ) is never closed, or a ) has no (.',
} as const;

/** The English catalog's type: its keys, and its placeholders through the message texts. */
export type RecordSource = typeof en;

/** A catalog of the record problems' words in one language. */
export type RecordCatalog = CatalogOf<RecordSource>;
