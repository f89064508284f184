// What is wrong with a pasted or opened game record or position, in the app's language. The
// engine's parsers name the problem by a code (their messages are English); the move that
// breaks a record is found again here by replaying it, so its reason can be translated too.
// Its words are a catalog of their own (record-text/), fetched with the record dialog or the
// analysis board; each of them loads the catalog of the language it is shown in.

import {
  type AgonError,
  Game,
  makeMoveText,
  PLACEMENT_APN,
  parseApn,
  parseMoveText,
  STANDARD_APN,
} from '@agon/engine';
import { Translations } from '../i18n/translations.ts';
import { type Phrase, phrase } from '../i18n/ui.ts';
import { en, type RecordSource } from './record-text/en.ts';
import { refusal } from './refusal.ts';

type RecordKey = keyof RecordSource & string;

/** The words of a record's problems in every language. */
export const recordText = new Translations<RecordSource>(en, {
  fi: () => import('./record-text/fi.ts').then((m) => m.fi),
  ru: () => import('./record-text/ru.ts').then((m) => m.ru),
  hi: () => import('./record-text/hi.ts').then((m) => m.hi),
});

const APN_PROBLEMS: Readonly<Record<string, RecordKey>> = {
  'apn-fields': 'load.apn.fields',
  'apn-files': 'load.apn.files',
  'apn-char': 'load.apn.char',
  'apn-file-length': 'load.apn.length',
  'apn-turn': 'load.apn.turn',
  'apn-hand': 'load.apn.hand',
  'queen-count': 'load.apn.queens',
  'guard-count': 'load.apn.guards',
  'too-many-pieces': 'load.apn.guards',
  hand: 'load.apn.guards',
  'guard-on-throne': 'load.apn.throne',
};

const AGN_PROBLEMS: Readonly<Record<string, RecordKey>> = {
  'agn-tag': 'load.agn.tag',
  'agn-variant': 'load.agn.variant',
  'agn-queen-placement': 'load.agn.queenPlacement',
  'agn-position': 'load.agn.position',
  'agn-comment': 'load.agn.comment',
  'agn-after-result': 'load.agn.afterResult',
  'agn-result': 'load.agn.result',
  'agn-variation': 'load.agn.variation',
};

/** Pasted text that is neither a position nor a game record, and what each reader found. */
export type Unreadable =
  | { readonly empty: true }
  | {
      readonly empty?: false;
      readonly text: string;
      readonly apn: AgonError;
      readonly agn: AgonError;
    };

/** Why pasted text could not be read, as a position if it looks like one, else as a record. */
export function loadProblem(unreadable: Unreadable): Phrase {
  if (unreadable.empty) return () => recordText.t('load.empty');
  const { text, apn, agn } = unreadable;
  const looksApn = !text.includes('[') && text.split('/').length === 11;
  return looksApn ? apnProblem(apn) : agnProblem(text, agn);
}

/** Why APN text is not a position. */
export function apnProblem(error: AgonError): Phrase {
  const key = APN_PROBLEMS[error.code] ?? 'load.apn';
  return () => recordText.t(key as 'load.apn');
}

/** Why AGN text is not a game record; `text` is replayed to name the move at fault. */
export function agnProblem(text: string, error: AgonError): Phrase {
  if (error.code === 'agn-move' || error.code === 'agn-illegal') {
    return badMove(text) ?? (() => recordText.t('load.agn'));
  }
  const key = AGN_PROBLEMS[error.code] ?? 'load.agn';
  return () => recordText.t(key as 'load.agn');
}

// Replays the moves of a record whose header is sound, as the AGN reader does, up to the
// first token that is not a move or not a legal one.
function badMove(text: string): Phrase | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const tags = new Map<string, string>();
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const m = /^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]$/.exec(line);
    if (!m) break;
    tags.set(m[1]!, m[2]!.replace(/\\(.)/g, '$1'));
  }
  const start = parseApn(
    tags.get('Position') ?? (tags.get('Variant') === 'Placement' ? PLACEMENT_APN : STANDARD_APN),
  );
  if (!start.ok) return undefined;
  const touch = tags.get('TouchMove');
  const game = new Game(start.value, { touchMove: touch === 'On' || touch === 'Yes' });
  const first = game.position.turn;
  const body = lines
    .slice(i)
    .join('\n')
    .replace(/\{[^}]*\}/g, ' ');
  for (const raw of body.split(/\s+/)) {
    if (raw === '' || ['1-0', '0-1', '1/2-1/2', '*'].includes(raw)) continue;
    const token = raw.replace(/^\d+\.(\.\.)?/, '');
    if (token === '') continue;
    const n = Math.floor((game.moves.length + first) / 2) + 1;
    const number = game.position.turn === 0 ? String(n) : `${n}...`;
    const move = parseMoveText(token);
    if (!move.ok) return () => recordText.t('load.agn.move', { number, move: token });
    const before = game.position.clone();
    if (!game.play(move.value).ok) {
      const why = refusal(before, move.value) ?? phrase('illegal.step');
      return () =>
        recordText.t('load.agn.illegal', { number, move: makeMoveText(move.value), reason: why() });
    }
  }
  return undefined;
}
