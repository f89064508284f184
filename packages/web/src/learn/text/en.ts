// The rules page and the tutorial in English: the source catalog of their words, which the
// other languages' catalogs must match key for key. Rule numbers (R1-R16), cell names and
// move text are notation and stay as they are in every language.

import type { CatalogOf } from '../../i18n/catalog.ts';

/** The rules and the tutorial in English. */
export const en = {
  'rules.title': 'The rules of Agon',
  'rules.intro':
    'Agon, also sold as Queen’s Guard (London, 1842), is a race to the centre of a hexagonal board for two players. Each player tries to put their queen on the centre cell, the throne, with their six guards on the six cells around it.',
  'rules.contents': 'Contents',
  'rules.board': 'The board',
  'rules.pieces': 'Pieces and setup',
  'rules.turn': 'A turn',
  'rules.end': 'The end of the game',
  'rules.variants': 'Variant and house rules',
  'rules.notation': 'Notation and controls',

  'r1.title': 'Cells and rings',
  'r1.text':
    'The board is a hexagon with six cells on each side: 91 cells. Every cell lies on a ring, its distance from the centre cell. Ring 0 is the centre cell alone, the throne (f6); ring 1 has 6 cells, ring 2 has 12, ring 3 has 18, ring 4 has 24 and ring 5, the outer ring, has 30. Two cells are adjacent when they share an edge.',
  'r2.title': 'Lines',
  'r2.text':
    'A straight line goes from the centre of a cell across one of its edges to the centre of the neighbouring cell, and on in the same direction to the edge of the board. Three lines pass through every cell: one straight up and down its file, and two slanting ones, rising to the right and rising to the left, each crossing a pair of opposite edges of the hexagon. A cell lies between two others when both are adjacent to it and all three lie on one straight line: they are its neighbours across two opposite edges. A corner cell is never between two cells, because every line through it leaves the board on one side.',
  'r3.title': 'Pieces',
  'r3.text': 'Each player, White and Black, has one queen and six guards.',
  'r4.title': 'Standard setup',
  'r4.text':
    'All fourteen pieces start on the outer ring. White: queen f1; guards b1, k1, a5, l5, d9, h9. Black: queen f11; guards h1, d1, l2, a2, k7, b7. Walking round the outer ring, the colours alternate.',
  'r5.title': 'First move',
  'r5.text': 'White moves first. The players choose who plays White.',
  'r6.title': 'What a turn is',
  'r6.text':
    'The players take turns. A turn is exactly one of these: a step, a relocation or, in the placement variant, a placement. A player who has a captured piece must spend the turn relocating it.',
  'r7.title': 'Step',
  'r7.text':
    'Move one of your pieces that is not captured to an adjacent vacant cell, either in the same ring (sideways) or one ring nearer the centre (inward): never outward, and never a jump. Only a queen may enter the throne, and a queen on the throne can no longer step.',
  'r8.title': 'Forbidden cell',
  'r8.text':
    'A step may not end on a cell that lies between two enemy pieces, captured or not, even when that step would capture one of them.',
  'r9.title': 'Capture',
  'r9.text':
    'After a step, look from the cell the piece arrived on in each of the six directions: an enemy piece right beside it, with one of your own pieces (captured or not) right behind that, is captured. One step can capture several pieces. Only the piece that moved captures: a piece that merely stands between two enemies is not captured.',
  'r9.text2':
    'A queen on the throne can be captured too. A captured piece is not removed, and it stays captured until its owner relocates it. It stays on its cell and counts as an ordinary piece for everything (it blocks the cell, it flanks for forbidden cells and captures, it counts for the throne ring), except that it cannot step.',
  'r10.title': 'Relocation',
  'r10.text':
    'The owner relocates one captured piece per turn: a captured queen before any captured guard, the guards in any order. A captured queen goes to any vacant cell of the board, the throne included; a captured guard goes to any vacant cell of the outer ring. A relocation ignores forbidden cells, captures nothing and sets the piece free.',
  'r11.title': 'Throne ring',
  'r11.text':
    'After every turn: if all six cells around the throne hold guards of one player, that player wins when their queen stands on the throne, and loses when she does not.',
  'r12.title': 'No legal move',
  'r12.text':
    'A player who must move and has no legal turn loses. A relocation is always possible, so this happens only when every step is blocked.',
  'r13.title': 'Repetition',
  'r13.text':
    'When the same position occurs for the third time in a game, the game is a draw. The same position means every piece on the same cell and captured or not as before, the same player to move and, in the placement variant, the same number of guards still in each player’s hand. The starting position counts as the first time.',
  'rules.resign':
    'In a game between people, a player may always resign, and the players may agree a draw.',
  'r14.title': 'Placement variant',
  'r14.text':
    'The game starts with only the queens on the board, White’s on f1 and Black’s on f11, and six guards in each player’s hand. While you have a guard in hand, your turn is to place one on any vacant cell except the throne; a placement ignores forbidden cells and captures nothing. White places first. When all twelve guards are on the board, the game goes on with steps, White to move. The throne ring rule applies from the start.',
  'r15.title': 'Touch-move (house rule)',
  'r15.text':
    'Off unless the players choose it, and never used by the computer. Once you pick up one of your pieces, you must move that piece; if it has no legal step, you lose the turn (written as the move pass).',
  'r16.title': 'The captor places the queen (historical rule)',
  'r16.text':
    'Off unless the players choose it; some old rule books give it this way. A captured queen is still relocated on her owner’s turn, before any captured guard, to any vacant cell, the throne included (R10), but the player who captured her chooses the cell. It is still the owner’s turn: the throne ring rule is checked after it, it counts for repetition, and the owner’s turn ends with it. Guards are still relocated by their owner. The captor will often put the queen where she can be captured again, so that her owner spends turn after turn bringing her back. The computer plays this rule at every level; online, the captor’s clock runs while they choose.',
  'notation.cells':
    'Cells are named by file and rank, like f6. A file is a vertical column of cells; seen from White’s side, the files are lettered a to l from left to right (there is no j): a is the leftmost column, f the middle one through the throne, l the rightmost. Ranks count up each file, from 1 at its lowest cell. The lowest cells lie along the two lower edges of the board, so rank 1 runs from a1 in the left corner down to f1 at the bottom and up again to l1 in the right corner, and a rank is not a horizontal row. The throne f6 is the sixth cell of file f; f11 is the top corner. When the board is turned round, Black’s side at the bottom, every cell keeps its name.',
  'notation.moves':
    'A step is written from-to (b1-c2), a relocation from@to (e5@a3) and a placement @to (@c4). You can type your moves this way in the field beside the board.',
  'notation.keyboard':
    'With a keyboard: Tab reaches the board, the arrow keys move from cell to cell, Enter or Space picks up a piece and puts it down, and Escape puts it back. A screen reader names each cell, its ring, what stands on it and whether it is a legal destination, and announces every move.',

  'fig.board':
    'The board, its corners named, and the throne f6 in the centre. The outlined cells around the throne are ring 1, the throne ring.',
  'fig.lines':
    'The three lines through d5, drawn through the centres of the cells they cross: up and down file d, and slanting both ways. On each line d5 lies between its two neighbours: d4 and d6, c4 and e6, c5 and e5.',
  'fig.start': 'The start: every piece on the outer ring, White’s queen on f1, Black’s on f11.',
  'fig.step':
    'A step: the White guard on d3 may go to a dotted cell, sideways in ring 3 or inward to ring 2, never outward. The Black guard blocks e4.',
  'fig.forbidden':
    'A forbidden cell: k2 lies between the Black guards on l2 and i2, so the White guard on k1 may not step there (crossed circle).',
  'fig.capture':
    'A capture: after a5-b6 the Black guard on c7 lies between the guard that moved and the White guard on d8. It is captured (marked with a cross) and stays on the board.',
  'fig.relocation':
    'A relocation: Black’s captured guard on e5 must go to a vacant cell of the outer ring (the dots).',
  'fig.win': 'White wins: the queen is on the throne and six White guards surround it.',
  'fig.lose': 'White loses: six White guards have closed the ring, but the throne is empty.',
  'fig.placement': 'The placement variant begins with the two queens alone.',
  'fig.captor':
    'The captor’s choice (R16): White has captured Black’s queen on d4. Under R10 Black would put her on g6, the gap in White’s ring (outlined). Under R16 White chooses: she goes far away, to a1 (the arrow), and White’s guard on h5 closes the ring next turn.',
  'fig.names':
    'Every cell with its name, White’s side at the bottom. Outlined: file c, a column going up, and rank 1, the lowest cell of every file, along the two lower edges.',

  'tutorial.title': 'Tutorial',
  'tutorial.intro':
    'Nine short lessons on a real board. Make the move each lesson asks for; when a move is wrong, you are told why.',
  'tutorial.progress': 'Lesson {n} of {total}',
  'tutorial.board': 'Lesson board',
  'tutorial.task': 'Your task',
  'tutorial.howTo':
    'Click or tap a piece, then the cell it should go to. With a keyboard: Tab to the board, then the arrow keys and Enter.',
  'tutorial.next': 'Next lesson',
  'tutorial.previous': 'Previous lesson',
  'tutorial.retry': 'Start the lesson again',
  'tutorial.done': 'That was the last lesson. You know the rules: now play a game!',
  'tutorial.play': 'Play a game',

  'l1.title': 'A step',
  'l1.task': 'Step the White guard on b1 one cell nearer the throne.',
  'l1.success':
    'Well done. A step goes to a neighbouring vacant cell in the same ring or one ring inward (R7).',
  'l1.sideways':
    'That step goes sideways, along the outer ring. It is allowed, but this lesson asks for a step inward.',
  'l1.otherPiece': 'This lesson is about the guard on b1.',
  'l2.title': 'The throne',
  'l2.task': 'Only a queen may enter the throne. Put the White queen on f6.',
  'l2.success': 'The queen is on the throne. From there she can no longer step (R7).',
  'l2.other': 'Put the queen, on e5 beside the throne, onto f6.',
  'l3.title': 'A forbidden cell',
  'l3.task': 'The guard on k1 would like to step to k2. Try it, then make a step that is allowed.',
  'l3.success':
    'Right. k2 lies between two Black pieces, so no White step may end there (R8); sideways steps along the outer ring remain.',
  'l3.otherPiece': 'This lesson is about the guard on k1.',
  'l4.title': 'A capture',
  'l4.task': 'Capture the Black guard on c7.',
  'l4.success': 'Captured! The Black guard stays on c7, marked, until Black relocates it (R9).',
  'l4.noCapture':
    'That move captures nothing. Put the Black guard between the piece you move and another White piece, on a straight line.',
  'l5.title': 'A relocation',
  'l5.task': 'Your guard on e9 has been captured. Relocate it to a vacant cell of the outer ring.',
  'l5.success':
    'The guard is free again. A captured guard goes to the outer ring, a captured queen anywhere (R10).',
  'l6.title': 'Queen first',
  'l6.task': 'Your queen on e1 and your guard on e9 are both captured. Relocate one of them.',
  'l6.success':
    'Right: the captured queen is relocated before any guard (R10). She may go to any vacant cell, the throne too.',
  'l7.title': 'Winning',
  'l7.task':
    'The White queen is on the throne and five White guards stand around it. Close the ring.',
  'l7.success': 'You win: the queen on the throne and six guards around her (R11).',
  'l7.gap': 'That only moves the gap. Bring a guard from outside the ring into g6.',
  'l7.other': 'That does not close the ring. Step a guard onto the empty cell g6.',
  'l8.title': 'Not too soon',
  'l8.task':
    'Five White guards stand around the empty throne. Bring the queen in through the gap at g6; do not close the ring with a guard.',
  'l8.success':
    'Safe. Next turn the queen can step onto the throne, and then a guard can close the ring behind her.',
  'l8.closes': 'Stop: that closes the ring while the throne is empty, and White would lose (R11).',
  'l8.other': 'Step the queen on h6 into the gap at g6.',
  'l9.title': 'The captor’s choice',
  'l9.task':
    'Under the historical rule (R16) the captor chooses where a captured queen goes. You captured Black’s queen on d4: put her on any vacant cell except g6, the gap your guard on h5 is about to fill.',
  'l9.success':
    'Now h5-g6 closes the ring around your queen and wins. Under the standard rule Black would have put her on g6 herself.',
  'l9.gap':
    'On g6 she fills the gap in your ring, as her owner would choose. Put her anywhere else.',
} as const;

/** The English catalog's type: the contract of the rules and tutorial catalogs. */
export type LearnSource = typeof en;

/** A catalog of the rules and tutorial in one language. */
export type LearnCatalog = CatalogOf<LearnSource>;
