// Notebooks and conditional moves in either database (common/sql.ts).

import {
  type ConditionalLines,
  EMPTY_NOTEBOOK,
  type MoveNote,
  type Notebook,
} from '@agon/protocol';
import { json, type Sql } from '../common/sql.ts';
import type { ConditionalStore } from '../game/conditionals.ts';
import * as sql from './sql.ts';
import type { NotebookStore } from './store.ts';

export class NotebookRepository implements NotebookStore, ConditionalStore {
  static readonly reads: ReadonlySet<keyof (NotebookStore & ConditionalStore)> = new Set([
    'notebook',
    'conditionalLines',
  ]);

  constructor(private readonly db: Sql) {}

  async notebook(game: string, player: string): Promise<Notebook> {
    const row = await this.db.get<sql.NotebookRow>(sql.SELECT_NOTEBOOK, [game, player]);
    if (!row) return EMPTY_NOTEBOOK;
    return { note: row.note, moves: json<MoveNote[]>(row.move_notes), analysis: row.analysis };
  }

  async saveNotebook(game: string, player: string, notebook: Notebook, at: number): Promise<void> {
    const { note, moves, analysis } = notebook;
    await this.db.run(sql.UPSERT_NOTEBOOK, [
      game,
      player,
      note,
      JSON.stringify(moves),
      analysis,
      at,
    ]);
  }

  async conditionalLines(game: string, player: string): Promise<ConditionalLines | undefined> {
    const row = await this.db.get<sql.LinesRow>(sql.SELECT_LINES, [game, player]);
    return row && { from: Number(row.from_ply), lines: json<string[][]>(row.lines) };
  }

  async saveConditionalLines(
    game: string,
    player: string,
    lines: ConditionalLines | undefined,
  ): Promise<void> {
    if (!lines || lines.lines.length === 0) {
      await this.db.run(sql.DELETE_LINES, [game, player]);
      return;
    }
    await this.db.run(sql.UPSERT_LINES, [game, player, lines.from, JSON.stringify(lines.lines)]);
  }
}
