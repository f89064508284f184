// The player's private notes on the game page (docs/notebook.md): a note on the game and one on
// each move (the latest shown, an earlier one picked), kept on the server for this player alone and saved a moment after typing
// stops (and when a field is left). Shown to the players of a lobby game, never to watchers;
// the opponent's page shows their own notes, never these.

import type { MoveNote, Notebook } from '@agon/protocol';
import { MAX_GAME_NOTE, MAX_MOVE_NOTE } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { keptIdentity } from '../lib/identity.ts';
import { changeNotebook, NotebookFailure, readNotebook } from '../lib/notebook.ts';
import { lobbyGame } from '../online/fair-play.ts';
import { ot } from '../online/text.ts';
import type { OnlineGame } from './online-game.ts';
import './notes-panel.css';

/** How long after the last keystroke the notes are saved. */
const SAVE_AFTER_MS = 800;

/** Where the notes are: being read, as kept, being saved, or why they could not be. */
type NotesState =
  | { readonly kind: 'reading' | 'kept' | 'saving' | 'saved' }
  | { readonly kind: 'failed'; readonly why: string };

/** The notes on moves with the note on `ply` set to `text` (an empty text removes it). */
function withMoveNote(moves: readonly MoveNote[], ply: number, text: string): MoveNote[] {
  const others = moves.filter((m) => m.ply !== ply);
  return (text ? [...others, { ply, text }] : others).sort((a, b) => a.ply - b.ply);
}

/** What went wrong with the notes, in the player's words where the app has them. */
const failureOf = (e: unknown): string =>
  e instanceof NotebookFailure && e.status === 429
    ? ot('net.tooMany')
    : e instanceof NotebookFailure
      ? e.message
      : ot('net.unreachable');

/** The notes panel of the player at one seat of `online`'s lobby game. */
export function NotesPanel({ online }: { readonly online: OnlineGame }) {
  const v = online.view.value;
  const identity = keptIdentity();
  if (!v || online.you.value === null || !lobbyGame(v) || !identity) return null;
  return <Notes game={online.id} token={identity.token} plies={v.moves.length} />;
}

function Notes(props: { readonly game: string; readonly token: string; readonly plies: number }) {
  const { game, token, plies } = props;
  const notebook = useSignal<Notebook | undefined>(undefined);
  const state = useSignal<NotesState>({ kind: 'reading' });
  const chosen = useSignal<number | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    readNotebook(token, game)
      .then((n) => {
        notebook.value = n;
        state.value = { kind: 'kept' };
      })
      .catch((e: unknown) => {
        state.value = { kind: 'failed', why: failureOf(e) };
      });
    return () => clearTimeout(timer.current);
  }, [game, token]);

  const save = (): void => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const n = notebook.peek();
    if (!n) return;
    state.value = { kind: 'saving' };
    changeNotebook(token, game, { note: n.note, moves: n.moves })
      .then(() => {
        // Typing since this save started is saved by its own timer.
        if (timer.current === undefined) state.value = { kind: 'saved' };
      })
      .catch((e: unknown) => {
        state.value = { kind: 'failed', why: failureOf(e) };
      });
  };
  const edit = (change: Partial<Notebook>): void => {
    if (!notebook.peek()) return;
    notebook.value = { ...notebook.peek()!, ...change };
    // Not "saved" while anything typed waits for its save.
    state.value = { kind: 'saving' };
    clearTimeout(timer.current);
    timer.current = setTimeout(save, SAVE_AFTER_MS);
  };
  const flush = (): void => {
    if (timer.current !== undefined) save();
  };

  const n = notebook.value;
  const s = state.value;
  // The move the note is on: the latest unless the player picked an earlier one.
  const ply = Math.min(chosen.value ?? plies, plies);
  const moveNote = n?.moves.find((m) => m.ply === ply)?.text ?? '';
  return (
    // Folded until opened: open, it takes its room from the moves beside the board.
    <details class="notes-panel" data-testid="notes">
      <summary>{ot('notes.title')}</summary>
      <p class="notes-private">{ot('notes.private')}</p>
      {n && (
        <>
          <label class="notes-field">
            {ot('notes.game')}
            <textarea
              rows={3}
              maxLength={MAX_GAME_NOTE}
              value={n.note}
              data-testid="notes-game"
              onInput={(e) => edit({ note: e.currentTarget.value })}
              onBlur={flush}
            />
          </label>
          {plies > 0 && (
            <div class="notes-field">
              <select
                class="notes-which"
                aria-label={ot('notes.which')}
                value={ply}
                data-testid="notes-which"
                onChange={(e) => {
                  flush();
                  chosen.value = Number(e.currentTarget.value);
                }}
              >
                {Array.from({ length: plies }, (_, i) => plies - i).map((p) => (
                  <option key={p} value={p}>
                    {ot('notes.move', { n: p })}
                    {n.moves.some((m) => m.ply === p) ? ' •' : ''}
                  </option>
                ))}
              </select>
              <textarea
                rows={2}
                maxLength={MAX_MOVE_NOTE}
                value={moveNote}
                aria-label={ot('notes.move', { n: ply })}
                data-testid="notes-move"
                onInput={(e) => edit({ moves: withMoveNote(n.moves, ply, e.currentTarget.value) })}
                onBlur={flush}
              />
            </div>
          )}
        </>
      )}
      <p
        class={s.kind === 'failed' ? 'notes-state warning' : 'notes-state'}
        role="status"
        data-testid="notes-status"
      >
        {s.kind === 'failed' ? ot('notes.failed', { why: s.why }) : ot(`notes.${s.kind}`)}
      </p>
    </details>
  );
}
