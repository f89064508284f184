// AGN game records (NOTATION.md): PGN-like tag pairs, then numbered moves and a result.
// The reader replays every move through the rules and names the first illegal one.

import { makeApn, PLACEMENT_APN, parseApn, STANDARD_APN } from './apn.ts';
import { Game } from './game.ts';
import { type Move, makeMoveText, parseMoveText } from './move.ts';
import { err, ok, type Result } from './result.ts';

/** A side line of a record: moves played instead of the main line's move after `at` turns. */
export interface AgnVariation {
  readonly at: number;
  readonly moves: readonly Move[];
}

/** A game record: its tags in order, the replayed game, and its side lines (one level). */
export interface AgnRecord {
  readonly tags: Map<string, string>;
  readonly game: Game;
  /** Side lines in `( ... )`, each replayed; lines inside lines are read past, not kept. */
  readonly variations: readonly AgnVariation[];
}

const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;
/** Tags written first, in this order; any others follow as given. */
const TAG_ORDER = [
  'Event',
  'Site',
  'Date',
  'White',
  'Black',
  'Variant',
  'Position',
  'TouchMove',
  'QueenPlacement',
  'Result',
];

/** Reads an AGN record and replays it; the error names the line, move or tag at fault. */
export function parseAgn(text: string): Result<AgnRecord> {
  const tags = new Map<string, string>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (!line.startsWith('[')) break;
    const m = /^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]$/.exec(line);
    if (!m)
      return err(
        'agn-tag',
        `line ${i + 1}: "${line}" is not a tag pair like [Event "Casual game"]`,
      );
    tags.set(m[1]!, m[2]!.replace(/\\(.)/g, '$1'));
  }

  const variant = tags.get('Variant') ?? 'Standard';
  if (variant !== 'Standard' && variant !== 'Placement') {
    return err('agn-variant', `Variant "${variant}" is unknown; it is Standard or Placement`);
  }
  const apn = tags.get('Position') ?? (variant === 'Placement' ? PLACEMENT_APN : STANDARD_APN);
  const start = parseApn(apn);
  if (!start.ok)
    return err('agn-position', `the Position tag is not a valid APN: ${start.error.message}`);
  const touch = tags.get('TouchMove');
  // R16 changes no move's text, only who chose it: the tag alone says which rule the record
  // was played under, and the game carries it on.
  const placement = tags.get('QueenPlacement') ?? 'Owner';
  if (placement !== 'Owner' && placement !== 'Captor') {
    return err(
      'agn-queen-placement',
      `QueenPlacement "${placement}" is unknown; it is Owner (R10) or Captor (R16)`,
    );
  }
  const game = new Game(start.value, {
    touchMove: touch === 'On' || touch === 'Yes',
    captorPlacesQueen: placement === 'Captor',
  });

  const body = lines.slice(i).join('\n');
  const withoutComments = body.replace(/\{[^}]*\}/g, ' ');
  if (withoutComments.includes('{'))
    return err('agn-comment', 'a comment opened with { is never closed with }');
  if (withoutComments.includes('}')) return err('agn-comment', 'a } closes no comment');
  const firstTurn = game.position.turn;
  let result: string | undefined;
  const variations: AgnVariation[] = [];
  // Inside `( ... )`: the side line being read (depth 1), or deeper ones, read past.
  let depth = 0;
  let side: { at: number; game: Game } | undefined;
  for (const raw of withoutComments.replace(/[()]/g, ' $& ').split(/\s+/)) {
    if (raw === '') continue;
    if (result !== undefined)
      return err('agn-after-result', `"${raw}" follows the result ${result}`);
    if (raw === '(') {
      depth++;
      if (depth === 1) {
        // A side line stands after the move it replaces.
        const at = game.moves.length - 1;
        if (at < 0) return err('agn-variation', 'a side line ( comes before any move');
        const from = new Game(game.initial, game.options);
        for (const m of game.moves.slice(0, at)) from.play(m);
        side = { at, game: from };
      }
      continue;
    }
    if (raw === ')') {
      if (depth === 0) return err('agn-variation', 'a ) closes no side line');
      depth--;
      if (depth === 0 && side) {
        if (side.game.moves.length > side.at) {
          variations.push({ at: side.at, moves: side.game.moves.slice(side.at) });
        }
        side = undefined;
      }
      continue;
    }
    if ((RESULTS as readonly string[]).includes(raw)) {
      if (depth > 0) return err('agn-variation', `a side line is still open at the result ${raw}`);
      result = raw;
      continue;
    }
    if (depth > 1) continue;
    const target = depth === 1 && side ? side.game : game;
    const token = raw.replace(/^\d+\.(\.\.)?/, '');
    if (token === '') continue; // a move number on its own
    const number = Math.floor((target.moves.length + firstTurn) / 2) + 1;
    const where = `${depth ? 'side line, ' : ''}move ${number}${target.position.turn === 0 ? '' : '...'} ${token}`;
    const move = parseMoveText(token);
    if (!move.ok) return err('agn-move', `${where}: ${move.error.message}`);
    const played = target.play(move.value);
    if (!played.ok) return err('agn-illegal', `${where} is illegal: ${played.error.message}`);
  }
  if (depth > 0) return err('agn-variation', 'a side line opened with ( is never closed with )');
  const tagResult = tags.get('Result');
  if (tagResult !== undefined && !(RESULTS as readonly string[]).includes(tagResult)) {
    return err('agn-result', `Result "${tagResult}" is none of 1-0, 0-1, 1/2-1/2, *`);
  }
  if (result !== undefined && tagResult !== undefined && result !== tagResult) {
    return err('agn-result', `the Result tag says ${tagResult} but the moves end with ${result}`);
  }
  const claimed = result ?? tagResult;
  if (game.outcome && claimed !== undefined && claimed !== game.resultText) {
    return err(
      'agn-result',
      `the record says ${claimed}, but the moves end the game ${game.resultText}`,
    );
  }
  if (!game.outcome && claimed !== undefined && claimed !== '*') {
    // The moves do not end the game: the result came from resignation or agreement.
    if (claimed === '1/2-1/2') game.agreeDraw();
    else game.resign(claimed === '1-0' ? 'black' : 'white');
  }
  return ok({ tags, game, variations });
}

/**
 * Writes a game as AGN; `tags` adds or overrides tag pairs (Variant, Position, QueenPlacement,
 * Result are derived). `variations` are written in `( ... )` after the move each replaces.
 */
export function makeAgn(
  game: Game,
  tags: ReadonlyMap<string, string> = new Map(),
  variations: readonly AgnVariation[] = [],
): string {
  const all = new Map(tags);
  const start = makeApn(game.initial);
  if (start === PLACEMENT_APN) all.set('Variant', 'Placement');
  else {
    all.set('Variant', 'Standard');
    if (start !== STANDARD_APN) all.set('Position', start);
  }
  if (game.touchMove) all.set('TouchMove', 'On');
  // Derived from the game like Variant: absent means R10, the owner places.
  if (game.captorPlacesQueen) all.set('QueenPlacement', 'Captor');
  else all.delete('QueenPlacement');
  all.set('Result', game.resultText);
  const keys = [
    ...TAG_ORDER.filter((k) => all.has(k)),
    ...[...all.keys()].filter((k) => !TAG_ORDER.includes(k)),
  ];
  const header = keys.map((k) => `[${k} "${all.get(k)!.replace(/[\\"]/g, '\\$&')}"]`).join('\n');

  const tokens: string[] = [];
  const blackFirst = game.initial.turn === 1;
  // A move with its number: always at a line's first move, else before White's moves.
  const numbered = (m: Move, i: number, first: boolean): void => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0) tokens.push(`${ply / 2 + 1}.`);
    else if (first) tokens.push(`${(ply + 1) / 2}...`);
    tokens.push(makeMoveText(m));
  };
  game.moves.forEach((m, i) => {
    numbered(m, i, i === 0 || variations.some((v) => v.at === i - 1));
    for (const v of variations.filter((w) => w.at === i)) {
      tokens.push('(');
      v.moves.forEach((w, k) => {
        numbered(w, i + k, k === 0);
      });
      tokens.push(')');
    }
  });
  tokens.push(game.resultText);
  const out: string[] = [];
  let line = '';
  for (const t of tokens.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')').split(' ')) {
    if (line && line.length + 1 + t.length > 79) {
      out.push(line);
      line = t;
    } else line = line ? `${line} ${t}` : t;
  }
  out.push(line);
  return `${header}\n\n${out.join('\n')}\n`;
}
