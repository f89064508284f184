// The schema of both databases: every domain's steps, in the order they were released. Step n
// makes version n, so a step is never changed or moved once released, only added at the end.
// SQLite keeps the version in `PRAGMA user_version`, PostgreSQL in `meta`.

import type { Migration } from '../common/sql.ts';
import { dueSchema, gamesSchema } from '../game/sql.ts';
import { leaguesSchema } from '../league/sql.ts';
import { peopleOnlySchema, settingsSchema } from '../lobby/settings.ts';
import { notebookSchema } from '../notebook/sql.ts';
import { nameKeysSchema } from '../player/name-upgrade.ts';
import { botsSchema, fairRatingsSchema, playersSchema } from '../player/sql.ts';
import { bookedVacationSchema, vacationSchema } from '../player/vacation.ts';
import { pushSchema } from '../push/sql.ts';
import { puzzleNetworksSchema, puzzlesSchema } from '../puzzles/sql.ts';
import { tournamentsSchema } from '../tournament/sql.ts';

export const MIGRATIONS: readonly Migration[] = [
  // 1. Games, their events, and the notes of the restart.
  gamesSchema,
  // 2. Players, their devices and ratings, transfer codes, and the lobby's games.
  playersSchema,
  // 3. Names keyed by what they look like: every key made again, and a name that breaks the
  // rules or looks like an older player's replaced.
  nameKeysSchema,
  // 4. Fair ratings: the network a player was made from, when a rating last moved, the
  // server's secrets, and the indexes of the scan for unsettled games and of a player's codes.
  fairRatingsSchema,
  // 5. Correspondence: when a game next needs a process, for the deadlines' scan.
  dueSchema,
  // 6. Notifications: the devices' push subscriptions.
  pushSchema,
  // 7. Lobby settings: whom a player takes addressed challenges from, and their waiting list.
  settingsSchema,
  // 8. Tournaments: each event, its log, and who played in it.
  tournamentsSchema,
  // 9. Puzzles online: learned ratings, players' puzzle ratings and attempts, the puzzles
  // found in people's games and the queue of games to scan.
  puzzlesSchema,
  // 10. Fair puzzle ratings: the networks each puzzle has had a first attempt from.
  puzzleNetworksSchema,
  // 11. Bots: which players are computer players.
  botsSchema,
  // 12. Quick pairing with people only: no house bot steps in for the player's seeks.
  peopleOnlySchema,
  // 13. A player's own pages of a game: private notes, the analysis kept, conditional moves.
  notebookSchema,
  // 14. Leagues: who is entered in each, its seasons and their games.
  leaguesSchema,
  // 15. Vacation: the days each player has left, and the vacation under way.
  vacationSchema,
  // 16. Vacation booked ahead: its start and end.
  bookedVacationSchema,
];

/** Why a database of schema `version` is refused: made by a newer server; else undefined. */
export function newerSchema(version: number): string | undefined {
  return version > MIGRATIONS.length
    ? `made by a newer server (schema ${version}; this one knows ${MIGRATIONS.length})`
    : undefined;
}
