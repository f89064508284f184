// The upgrade of stored names to the look-alike key (docs/lobby.md, "The name rules"), a step
// of both databases' migrations. Keys made by the old fold (case and width only) let a
// Cyrillic "е" or an invisible mark through, so every key is made again, and no name that
// passes for another survives: of two players whose names now share a key, the older keeps it.

import { checkNameStrictly, nameKey } from '@agon/protocol/name-key';
import type { Migration } from '../common/sql.ts';
import { generateName } from './names.ts';

/** A player's row as the upgrade reads it (PostgreSQL's BIGINT comes as text). */
interface NameRow {
  readonly id: string;
  readonly name: string;
  readonly created_at: number | string;
}

/** A player's name and key after the upgrade. */
interface UpgradedName {
  readonly id: string;
  readonly name: string;
  readonly key: string;
  /** Whether the name was replaced. */
  readonly renamed: boolean;
}

/** How many names with numbers up to 99 are drawn for a player before numbers up to 9999. */
const SHORT_TRIES = 5;

/**
 * Every player's name and key under today's rules, oldest player first (by creation, then
 * id): a name that breaks a rule, or whose key an older player's name already has, is
 * replaced by a generated English name whose key nobody has. The kept names are decided
 * before any is drawn, so a drawn name never takes a younger player's own.
 */
export function upgradeNames(
  rows: readonly NameRow[],
  random: () => number = Math.random,
): UpgradedName[] {
  const oldestFirst = [...rows].sort(
    (a, b) =>
      Number(a.created_at) - Number(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const taken = new Set<string>();
  const kept = oldestFirst.map((row) => {
    const checked = checkNameStrictly(row.name);
    if (!checked.ok) return undefined;
    const key = nameKey(checked.value);
    if (taken.has(key)) return undefined;
    taken.add(key);
    return { id: row.id, name: checked.value, key, renamed: checked.value !== row.name };
  });
  return oldestFirst.map((row, i) => {
    const keeps = kept[i];
    if (keeps) return keeps;
    for (let attempt = 1; ; attempt++) {
      const name = generateName('en', random, attempt <= SHORT_TRIES ? 99 : 9999);
      const key = nameKey(name);
      if (taken.has(key) || !checkNameStrictly(name).ok) continue;
      taken.add(key);
      return { id: row.id, name, key, renamed: true };
    }
  });
}

/**
 * Schema 3: names keyed by what they look like, every key made again, and a name that breaks
 * the rules or looks like an older player's replaced.
 */
export const nameKeysSchema: Migration = async (sql) => {
  // A server of the old version still running must not add a name under an old key now.
  if (sql.dialect === 'postgres') await sql.exec('LOCK TABLE players IN EXCLUSIVE MODE');
  const rows = await sql.all<NameRow>('SELECT id, name, created_at FROM players');
  // Keys move between players here, so the unique index comes back once all are in place.
  await sql.exec('DROP INDEX player_names');
  for (const p of upgradeNames(rows)) {
    await sql.run('UPDATE players SET name = $2, name_key = $3 WHERE id = $1', [
      p.id,
      p.name,
      p.key,
    ]);
  }
  await sql.exec('CREATE UNIQUE INDEX player_names ON players (name_key)');
};
