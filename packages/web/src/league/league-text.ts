// The words of the league pages, English with their code and the other languages fetched when
// the pages are shown in them; and the league's figures as people read them.

import type { LeagueCell } from '@agon/protocol';
import type { ParamsOf } from '../i18n/catalog.ts';
import { language, Translations } from '../i18n/translations.ts';
import { scoreText } from '../tournament/tournament-text.ts';
import { en, type LeagueSource } from './text/en.ts';

/** The league pages' words in every language. */
export const leagueText = new Translations<LeagueSource>(en, {
  fi: () => import('./text/fi.ts').then((m) => m.fi),
  ru: () => import('./text/ru.ts').then((m) => m.ru),
  hi: () => import('./text/hi.ts').then((m) => m.hi),
});

/** A message of the league pages in the current language. */
export function lt<K extends keyof LeagueSource & string>(
  key: K,
  ...params: ParamsOf<LeagueSource[K]>
): string {
  return leagueText.t(key, ...params);
}

/** A day and time of the calendar, in the reader's language and time zone. */
export function dateText(at: number): string {
  return new Intl.DateTimeFormat(language.value, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}

/** A group's letters within its tier: A to Z, then AA, AB… (a tier may hold scores of groups). */
export function groupLetter(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : groupLetter(Math.floor(index / 26) - 1) + letter;
}

/** A cell's mark: the row player's score, or a dot while the game is played. */
export function cellText(cell: LeagueCell): string {
  return cell.score === null ? '·' : scoreText(cell.score);
}
