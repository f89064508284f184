// The analysis board's and the game review's words in English, the source the other languages
// are checked against. They travel with the analysis board's code, not in the app's first load.

import type { CatalogOf } from '../../i18n/catalog.ts';

/** The analysis board's words in English. */
export const en = {
  'analysis.title': 'Analysis',
  'analysis.bar': 'White’s chances',
  'analysis.chances': 'White’s chances {percent}%',
  'analysis.winsIn.white': {
    one: 'White wins in {count} turn',
    other: 'White wins in {count} turns',
  },
  'analysis.winsIn.black': {
    one: 'Black wins in {count} turn',
    other: 'Black wins in {count} turns',
  },
  'analysis.linesTitle': 'The engine’s best lines',
  'analysis.lineCount': 'Lines',
  'analysis.depth': 'Depth {depth}',
  'analysis.thinking': 'Thinking…',
  'analysis.over': 'The game is over here.',
  'analysis.promote': 'Make this the main line',
  'analysis.delete': 'Delete this side line',
  'analysis.apn': 'The position on the board (APN)',
  'review.title': 'Game review',
  'review.start': 'Review the game',
  'review.stop': 'Stop',
  'review.counts': 'inaccuracies: {inaccuracies}, mistakes: {mistakes}, blunders: {blunders};',
  'review.averageLoss': 'each move gave away {points}% of the winning chances on average.',
  'review.was.inaccuracy': '{move} is an inaccuracy.',
  'review.was.mistake': '{move} is a mistake.',
  'review.was.blunder': '{move} is a blunder.',
  'review.bestWas': 'Best was {move} ({line}).',
  'review.show': 'Show the better move',
  'review.table': 'The review as a table',
  'review.turn': 'Turn',
  'review.move': 'Move',
  'review.chances': 'White’s chances',
  'review.mark': 'Mark',
  'review.best': 'Best',
  'review.inaccuracy': 'inaccuracy',
  'review.mistake': 'mistake',
  'review.blunder': 'blunder',
  'analysis.agn': 'This study (AGN, side lines in brackets)',
  'analysis.paste': 'Paste a position (APN) or a game (AGN) to analyse',
  'analysis.open': 'Analyse',
  'analysis.records': 'Position and record (APN, AGN)',
  'review.progressOf': 'Reviewing: move {done} of {total}',
  'review.graph': 'White’s chances, move by move',
  'review.axisWhite': 'White',
  'review.axisBlack': 'Black',
  'analysis.empty': 'Play moves on the board for either side; the engine follows.',
  'conditional.title': 'Conditional moves',
  'conditional.intro':
    'Play the moves you expect and your answers on the board from the game’s position: when your opponent plays the first move of a line, the server plays your answer at once. Only you see them.',
  'conditional.none': 'No conditional moves.',
  'conditional.save': {
    one: 'Save {count} line as conditional moves',
    other: 'Save {count} lines as conditional moves',
  },
  'conditional.clear': 'Clear them',
  'conditional.saving': 'Saving…',
  'conditional.saved': { one: '{count} line kept.', other: '{count} lines kept.' },
  'conditional.failed': 'Not saved: {why}',
  'analysis.keptFor': 'Your lines of this game are kept for you on the server.',
} as const;

/** The English catalog's type: its keys, and its placeholders through the message texts. */
export type AnalysisSource = typeof en;

/** A catalog of the analysis board's words in one language. */
export type AnalysisCatalog = CatalogOf<AnalysisSource>;
