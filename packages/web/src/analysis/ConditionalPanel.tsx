// Conditional moves on the analysis board of the player's own game of days (docs/notebook.md):
// the lines made on the board from the game's position (the main line's continuation and the
// side lines from there) saved as "if they play this, I play that"; the server plays the
// player's answer the moment the opponent's move matches, and drops the lines the game leaves.
// The lines kept are read from the server, so they are those the game is still on.

import type { ConditionalLines } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { AnalysedGame } from '../lib/analysis-link.ts';
import { NotebookFailure, readConditional, saveConditional } from '../lib/notebook.ts';
import type { AnalysisBoard } from './analysis.ts';
import { at } from './text.ts';

/** What went wrong, in the server's sentence (it names the line and turn), or that none came. */
const failureOf = (e: unknown): string =>
  at('conditional.failed', { why: e instanceof NotebookFailure ? e.message : '—' });

/** The conditional moves of `game`, made on `board`, kept with the token `token`. */
export function ConditionalPanel(props: {
  readonly board: AnalysisBoard;
  readonly game: AnalysedGame;
  readonly token: string;
}) {
  const { board, game, token } = props;
  const kept = useSignal<ConditionalLines | undefined>(undefined);
  const said = useSignal('');

  useEffect(() => {
    readConditional(token, game.id)
      .then((lines) => {
        kept.value = lines;
      })
      .catch((e: unknown) => {
        said.value = failureOf(e);
      });
  }, [game.id, token]);

  const save = (lines: readonly (readonly string[])[]): void => {
    said.value = at('conditional.saving');
    saveConditional(token, game.id, { from: game.plies, lines })
      .then((answer) => {
        kept.value = answer;
        said.value = at('conditional.saved', { count: answer.lines.length });
      })
      .catch((e: unknown) => {
        said.value = failureOf(e);
      });
  };

  // Read again whenever the study changes, so the button says what it would save.
  board.version.value;
  const made = board.linesFrom(game.plies);
  const lines = kept.value?.lines ?? [];
  return (
    <section
      class="conditional-panel"
      data-testid="conditional"
      aria-labelledby="conditional-title"
    >
      <h3 id="conditional-title">{at('conditional.title')}</h3>
      <p class="conditional-intro">{at('conditional.intro')}</p>
      {lines.length > 0 ? (
        <ol class="conditional-lines" data-testid="conditional-lines">
          {lines.map((line) => (
            <li key={line.join(' ')}>{line.join(' ')}</li>
          ))}
        </ol>
      ) : (
        <p class="conditional-none">{at('conditional.none')}</p>
      )}
      <div class="conditional-actions">
        <button
          type="button"
          class="small"
          disabled={made.length === 0}
          onClick={() => save(made)}
          data-testid="conditional-save"
        >
          {at('conditional.save', { count: made.length })}
        </button>
        {lines.length > 0 && (
          <button type="button" class="small" onClick={() => save([])}>
            {at('conditional.clear')}
          </button>
        )}
      </div>
      <p class="conditional-said" role="status" data-testid="conditional-status">
        {said.value}
      </p>
    </section>
  );
}
