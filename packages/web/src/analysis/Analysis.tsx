// The analysis screen, loaded the first time it is opened: the analysis board of what the app
// asked to analyse (a game, from its move list or result), or of the standard start.

import { startPosition } from '@agon/engine';
import { useMemo } from 'preact/hooks';
import { analysisSource } from '../app/analysis-link.ts';
import { AnalysisPage } from './AnalysisPage.tsx';
import { AnalysisBoard } from './analysis.ts';
import { Analyst } from './analyst.ts';

const spawn = (): Worker =>
  new Worker(new URL('../engine.worker.ts', import.meta.url), { type: 'module' });

/** The analysis page of the game asked for, or of the standard start. */
export function Analysis() {
  const source = analysisSource.value;
  const board = useMemo(
    () =>
      new AnalysisBoard(
        source ?? { start: startPosition('standard'), moves: [], ply: 0 },
        new Analyst(spawn),
      ),
    [source],
  );
  return <AnalysisPage board={board} />;
}
