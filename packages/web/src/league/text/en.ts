// The words of the league pages in English, the source the other languages are checked against.
// They travel with the league page's own code.

import type { CatalogOf } from '../../i18n/catalog.ts';

/** The league pages' words in English. */
export const en = {
  'leagues.title': 'Leagues',
  'leagues.intro':
    'Seasons of games of days in tiers: everyone in a group plays everyone once; the top two go up a league, the bottom two go down.',
  'league.loading': 'Loading the league…',
  'league.loadFailed': 'The league could not be read: {why}',
  'league.notFound': 'There is no such league.',
  'league.days': { one: '{count} day per move', other: '{count} days per move' },
  'league.seasonDays': { one: 'seasons of {count} day', other: 'seasons of {count} days' },
  'league.entered': { one: '{count} player entered', other: '{count} players entered' },
  'league.season': 'Season {number}',
  'league.runs': '{from} to {to}',
  'league.finished': 'Finished',
  'league.next': 'Next season starts {when}',
  'league.needPlayers': 'The next season starts once four players have entered.',
  'league.noSeason': 'No season has been played yet.',
  'league.join': 'Enter the league',
  'league.leave': 'Opt out of next seasons',
  'league.youIn': 'You play the next season.',
  'league.youOut': 'You are not entered for the next season.',
  'league.group': 'League {tier}, group {group}',
  'league.rank': 'Place',
  'league.player': 'Player',
  'league.points': 'Points',
  'league.sb': 'SB',
  'league.up': 'Moves up',
  'league.down': 'Moves down',
  'league.inPlay': 'In play',
  'league.unfinished': 'Unfinished at the season’s end: counts as a draw',
  'league.cell': '{you} against {them}: {score}',
  'league.tiers': 'Tiers',
  'league.tier': 'League {tier}',
  'league.tierPlayers': { one: '{count} player', other: '{count} players' },
  'league.pages': 'Groups of League {tier}',
  'league.groupsOf': 'Groups {from}–{to} of {count}',
  'league.previous': 'Previous groups',
  'league.nextGroups': 'Next groups',
  'league.noPage': 'This season has no such tier or page of groups.',
  'league.yourGroup': 'Your group',
} as const;

/** The English catalog's type: its keys, and its placeholders through the message texts. */
export type LeagueSource = typeof en;

/** A catalog of the league pages' words in one language. */
export type LeagueCatalog = CatalogOf<LeagueSource>;
