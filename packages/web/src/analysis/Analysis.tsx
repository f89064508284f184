// The analysis screen, loaded the first time it is opened: the analysis board of what the app
// asked to analyse (a game, from its move list or result), or of the standard start, once its
// words in the current language are here.

import { parseAgn, parseApn, startPosition } from '@agon/engine';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { language } from '../i18n/translations.ts';
import {
  type AnalysisSource,
  agnOf,
  analysisSource,
  keepAnalysis,
  overGame,
} from '../lib/analysis-link.ts';
import { keptIdentity } from '../lib/identity.ts';
import { changeNotebook, readNotebook } from '../lib/notebook.ts';
import { loadProblem, recordText } from '../lib/record-problem.ts';
import { loadReview, saveReview } from '../lib/storage.ts';
import { AnalysisPage } from './AnalysisPage.tsx';
import { AnalysisBoard, chancesOf, type Review, type ReviewStore } from './analysis.ts';
import { Analyst } from './analyst.ts';
import { ConditionalPanel } from './ConditionalPanel.tsx';
import { Reviewer } from './review.ts';
import { analysisText, at } from './text.ts';

const spawn = (): Worker =>
  new Worker(new URL('../engine.worker.ts', import.meta.url), { type: 'module' });

/** A pasted position (APN) or game (AGN, side lines too) to analyse, or what is wrong with it. */
function readSource(text: string): AnalysisSource | string {
  const trimmed = text.trim();
  if (trimmed === '') return loadProblem({ empty: true })();
  const position = parseApn(trimmed);
  if (position.ok) return { start: position.value, moves: [], ply: 0 };
  const record = parseAgn(trimmed);
  if (record.ok) {
    const { game, variations } = record.value;
    return { start: game.initial, options: game.options, moves: game.moves, variations, ply: 0 };
  }
  return loadProblem({ text: trimmed, apn: position.error, agn: record.error })();
}

/** Reviews kept in the browser; one that does not fit the game it is stored under is redone. */
const reviews: ReviewStore = {
  load(key) {
    const review = loadReview(key) as Partial<Review> | undefined;
    const fits =
      Array.isArray(review?.moves) &&
      Array.isArray(review.verdicts) &&
      Array.isArray(review.judged) &&
      review.verdicts.length === review.moves.length + 1 &&
      review.judged.length === review.moves.length &&
      typeof review.summary === 'object';
    return fits ? (review as Review) : undefined;
  },
  save: (key, review) => saveReview(key, review),
};

/** The analysis page of the game asked for, or of the standard start. */
export function Analysis() {
  const lang = language.value;
  // A pasted record's problem is put into words as it is read, so its catalog comes first too.
  const ready = analysisText.has(lang) && recordText.has(lang);
  useEffect(() => {
    if (!ready) void Promise.all([analysisText.load(lang), recordText.load(lang)]);
  }, [lang, ready]);
  return ready ? <AnalysisScreen /> : null;
}

/** How long after the last change the study of the player's own game is saved on the server. */
const SAVE_AFTER_MS = 2000;

let saving: ReturnType<typeof setTimeout> | undefined;

/**
 * Keeps `source` in the browser and, when it is the player's own online game, on the server
 * too, a moment after the last change (a failure is tried again at the next change).
 */
function keep(source: AnalysisSource): void {
  keepAnalysis(source);
  const token = keptIdentity()?.token;
  const game = source.game;
  if (!game || !token) return;
  clearTimeout(saving);
  saving = setTimeout(() => {
    changeNotebook(token, game.id, { analysis: agnOf(source) }).catch(() => undefined);
  }, SAVE_AFTER_MS);
}

/** The analysis board and its panels. */
function AnalysisScreen() {
  // Read once per visit to the page: a new game sent here opens the page afresh.
  const [source, setSource] = useState(analysisSource);
  const token = keptIdentity()?.token;
  const game = source?.game;
  // The player's own game: the study they left on the server, laid over the game as it is now.
  useEffect(() => {
    if (!game || !token || !source) return;
    readNotebook(token, game.id)
      .then((notebook) => {
        const kept = notebook.analysis && overGame(source, notebook.analysis);
        if (kept && agnOf(kept) !== agnOf(source)) {
          keepAnalysis(kept);
          setSource(kept);
        }
      })
      .catch(() => undefined); // the browser's copy stays open
  }, [game?.id, token]);
  const board = useMemo(
    () =>
      new AnalysisBoard(
        source ?? { start: startPosition('standard'), moves: [], ply: 0 },
        new Analyst(spawn),
        new Reviewer(spawn, chancesOf),
        reviews,
        // The board keeps what it shows; the game it came from goes with it.
        (shown) => keep(game ? { ...shown, game } : shown),
      ),
    [source],
  );
  return (
    <AnalysisPage
      board={board}
      open={(text) => {
        const read = readSource(text);
        if (typeof read === 'string') return read;
        keepAnalysis(read);
        setSource(read);
        return undefined;
      }}
      own={
        game &&
        token && (
          <>
            <p class="analysis-kept" data-testid="analysis-kept">
              {at('analysis.keptFor')}
            </p>
            {game.days && <ConditionalPanel board={board} game={game} token={token} />}
          </>
        )
      }
    />
  );
}
