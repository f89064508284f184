// A tournament game's box on its game page: the tournament, linked; Berserk for this player's side
// while it may (an arena that allows it, before their first move); and once the game is over,
// the way back to the tournament and, while the player is still in it, their next game: paired, it
// is counted down and opened, unless they pause.

import { useContext, useEffect, useMemo } from 'preact/hooks';
import { tournamentPath } from '../online/address.ts';
import { Go, Link } from '../online/Link.tsx';
import { me } from '../online/players.ts';
import { ot } from '../online/text.ts';
import { TournamentFeed } from '../tournament/tournament-feed.ts';
import { kindText, tournamentName } from '../tournament/tournament-text.ts';
import { Icon } from '../ui/Icon.tsx';
import type { OnlineGame } from './online-game.ts';
import './tournament-box.css';

/** How often the tournament is read for the next game while its socket is down. */
const EVERY_MS = 2_000;

/** This player's next game in tournament `id` after game `from`, counted down; Pause stops it. */
function NextGame({ id, from }: { readonly id: string; readonly from: string }) {
  const go = useContext(Go);
  const token = me.value?.token;
  const feed = useMemo(
    () => (token === undefined ? undefined : new TournamentFeed(id, token, EVERY_MS, { from, go })),
    [id, token, from, go],
  );
  useEffect(() => () => feed?.stop(), [feed]);
  const v = feed?.view.value;
  const you = v?.you;
  // Nothing more comes to a player who is out, paused, or in a tournament that pairs no more.
  const waiting = !!you?.joined && !you.withdrawn && !you.paused && v?.status === 'running';
  useEffect(() => {
    if (v && !waiting) feed?.stop();
  }, [v, waiting, feed]);
  if (!feed || !v) return null;
  if (you?.paused) {
    return (
      <p class="tournament-next-note" role="status">
        {ot('tour.box.paused')}
      </p>
    );
  }
  if (!waiting) return null;
  const next = feed.next.value;
  return (
    <div class="tournament-next">
      <p role="status" data-testid="next-game">
        {next ? ot('tour.box.next', { count: next.left }) : ot('tour.box.waiting')}
      </p>
      <button
        type="button"
        class="small"
        data-testid="pause"
        disabled={feed.acting.value}
        onClick={() => void feed.act({ action: 'pause' })}
      >
        {ot('tour.pause')}
      </button>
    </div>
  );
}

/** The box of game `online`, when a tournament's. */
export function TournamentBox({ online }: { readonly online: OnlineGame }) {
  const v = online.view.value;
  const tournament = v?.tournament;
  if (!v || !tournament) return null;
  const over = v.outcome !== null;
  return (
    <section class="tournament-box" data-testid="tournament-box">
      <p class="tournament-box-title">
        <Link href={tournamentPath(tournament.id)} class="tournament-box-name">
          {tournamentName(tournament)}
        </Link>
        <span class="tournament-box-kind">{kindText(tournament.kind)}</span>
      </p>
      {online.canBerserk.value && (
        <>
          <button
            type="button"
            class="berserk small"
            aria-describedby="berserk-note"
            data-testid="berserk"
            onClick={() => online.berserk()}
          >
            <Icon name="berserk" />
            {ot('tour.berserk')}
          </button>
          <p id="berserk-note" class="tournament-box-note">
            {ot('tour.box.berserkNote')}
          </p>
        </>
      )}
      {over && online.you.value !== null && <NextGame id={tournament.id} from={online.id} />}
      {over && (
        <Link href={tournamentPath(tournament.id)} class="button small" testId="back-to-tournament">
          {ot('tour.box.back')}
        </Link>
      )}
    </section>
  );
}
