// The puzzle page's words in English, the source the other languages are checked against.
// They travel with the puzzle page's code, not in the app's first load. Cell names and move
// text are notation and stay as they are.

import type { CatalogOf } from '../../i18n/catalog.ts';

/** The puzzle page's words in English. */
export const en = {
  failed: 'The puzzles could not be loaded. Reload the page to try again.',
  unknown: 'There is no puzzle {id}; here is another.',
  puzzle: 'Puzzle {id}',
  daily: 'Puzzle of the day',
  puzzleRating: 'Puzzle rated {rating}',

  'task.win.white': {
    one: 'White to move: win in {count} move',
    other: 'White to move: win in {count} moves',
  },
  'task.win.black': {
    one: 'Black to move: win in {count} move',
    other: 'Black to move: win in {count} moves',
  },
  'task.queen.white': 'White to move: capture the black queen',
  'task.queen.black': 'Black to move: capture the white queen',
  'task.guards.white': 'White to move: capture two black guards in one step',
  'task.guards.black': 'Black to move: capture two white guards in one step',

  'status.start': 'Find the best move.',
  'status.good': 'Good move. Keep going.',
  'status.solved': 'Solved!',
  'status.checking': 'Not this one. Let’s see the answer…',
  'status.solution': 'The solution, move by move.',
  'status.solutionEnd': 'That is the whole solution.',

  'why.queen.white': 'This lets White capture your queen on {cell}.',
  'why.queen.black': 'This lets Black capture your queen on {cell}.',
  'why.guards.white': {
    one: 'This lets White capture your guard on {cells}.',
    other: 'This lets White capture your guards on {cells}.',
  },
  'why.guards.black': {
    one: 'This lets Black capture your guard on {cells}.',
    other: 'This lets Black capture your guards on {cells}.',
  },
  'why.ring.white': 'This lets White complete the throne ring.',
  'why.ring.black': 'This lets Black complete the throne ring.',
  'why.stuck.white': 'This lets White leave you without a move.',
  'why.stuck.black': 'This lets Black leave you without a move.',
  'why.over.white': 'White has no answer here, but the game ends another way than the puzzle asks.',
  'why.over.black': 'Black has no answer here, but the game ends another way than the puzzle asks.',
  'why.holds.win.white': {
    one: 'After this, White holds: there is no win in {count} move.',
    other: 'After this, White holds: there is no win in {count} moves.',
  },
  'why.holds.win.black': {
    one: 'After this, Black holds: there is no win in {count} move.',
    other: 'After this, Black holds: there is no win in {count} moves.',
  },
  'why.holds.queen.white': 'After this, White holds: the white queen is safe.',
  'why.holds.queen.black': 'After this, Black holds: the black queen is safe.',
  'why.holds.guards.white': 'After this, White holds: no step takes two of its guards.',
  'why.holds.guards.black': 'After this, Black holds: no step takes two of its guards.',
  and: '{first} and {last}',

  retry: 'Retry',
  solution: 'See the solution',
  next: 'Next puzzle',
  'solution.back': 'Previous move',
  'solution.forward': 'Next move',
  moves: 'The solution’s moves',
  movesEmpty: 'The moves appear here as they are played.',

  rating: 'Your puzzle rating',
  change: 'Change after the last puzzle',
  'mode.label': 'Mode',
  'mode.rated': 'Rated',
  'mode.streak': 'Streak',
  'mode.daily': 'Daily',
  'streak.count': 'Streak: {count}',
  'streak.best': 'Best streak: {count}',
  'streak.over': 'The streak ends at {count}. A wrong move ends it.',
  'streak.again': 'New streak',
  'streak.note': 'Puzzles get harder one by one; one wrong move ends the streak. Unrated.',
  'daily.note': 'The same puzzle for everyone today (UTC).',

  'filter.theme': 'Theme',
  'filter.difficulty': 'Difficulty',
  'difficulty.easier': 'Easier',
  'difficulty.normal': 'Normal',
  'difficulty.harder': 'Harder',
  'theme.any': 'Any theme',
  'theme.capture': 'Captures',
  'theme.double-capture': 'Two at one stroke',
  'theme.queen-capture': 'Catch the queen',
  'theme.relocation-tempo': 'Tempo from a relocation',
  'theme.throne-ring': 'The throne ring',
  'theme.r12-trap': 'No move left',
  'theme.placement': 'Placement',
  'theme.win-in-1': 'Win in one',
  'theme.win-in-2': 'Win in two',
  'theme.win-in-3': 'Win in three',
  'theme.win-in-4': 'Win in four',
  'theme.win-in-5': 'Win in five',
  'theme.win-in-6': 'Win in six',
  'theme.win-in-7': 'Win in seven',
} as const;

/** The English catalog's type: its keys, and its placeholders through the message texts. */
export type PuzzleSource = typeof en;

/** A catalog of the puzzle page's words in one language. */
export type PuzzleCatalog = CatalogOf<PuzzleSource>;
