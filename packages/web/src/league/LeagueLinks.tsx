// The leagues as the tournaments page lists them: each league's name, pace and season, a link to
// its page.

import type { LeagueListing } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { language } from '../i18n/translations.ts';
import { leaguePath } from '../online/address.ts';
import { Link } from '../online/Link.tsx';
import { leagueText, lt } from './league-text.ts';
import { fetchLeagues } from './leagues-api.ts';
import '../online/rows.css';

/** The list of leagues, or nothing while there is none or it cannot be read. */
export function LeagueLinks() {
  const leagues = useSignal<readonly LeagueListing[]>([]);
  const lang = language.value;
  const ready = leagueText.has(lang);
  useEffect(() => {
    if (!ready) void leagueText.load(lang);
  }, [lang, ready]);
  useEffect(() => {
    fetchLeagues()
      .then((read) => (leagues.value = read.leagues))
      .catch(() => undefined); // the tournaments page stands without its leagues
  }, [leagues]);
  if (!ready || leagues.value.length === 0) return null;
  return (
    <section class="tournament-listings" aria-labelledby="leagues" data-testid="leagues">
      <h2 id="leagues">{lt('leagues.title')}</h2>
      <ul class="rows">
        {leagues.value.map((l) => (
          <li key={l.key}>
            <Link href={leaguePath(l.key)} class="tournament-row" testId="league-link">
              <span class="tournament-row-what">
                <span class="tournament-row-name">{l.name}</span>
                <span class="lobby-note">{lt('league.days', { count: l.days })}</span>
              </span>
              <span class="tournament-row-players">
                {lt('league.entered', { count: l.entered })}
              </span>
              <span class="tournament-row-when">
                {l.season > 0 ? lt('league.season', { number: l.season }) : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
