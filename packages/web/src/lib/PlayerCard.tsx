// A player's card beside the board, the same in the local and the online game: a token in the
// player's colour, the name and side, and what the player owes or is doing: to move, thinking,
// a relocation owed, guards in hand, connected or not, and the clock when there is one. Every
// part has its room kept, so the card never changes size during a game.

import type { Colour } from '@agon/engine';
import type { ComponentChildren } from 'preact';
import { t } from '../i18n/ui.ts';

/** What a player card shows. */
interface PlayerCardProps {
  readonly colour: Colour;
  /** The name: words, or a link to the player's page with their rating beside it. */
  readonly name: ComponentChildren;
  /** The side in words, when the name does not already say it ("You", "Computer"). */
  readonly side?: string | undefined;
  /** After the side: what a settled rated game did to the rating beside the name. */
  readonly change?: ComponentChildren;
  readonly toMove: boolean;
  readonly thinking?: boolean;
  /** The player must relocate a captured piece before anything else (R9). */
  readonly relocating?: boolean;
  /** The player chooses the cell of the opponent's captured queen (R16). */
  readonly placingQueen?: boolean;
  /** Guards still to be placed (the placement variant, R14). */
  readonly inHand?: number;
  /** Connected to online play (true), gone (false), or not online at all (undefined). */
  readonly connected?: boolean | undefined;
  /** The clock, drawn at the card's end. */
  readonly clock?: ComponentChildren;
}

/** A guard of `colour`, drawn small: who a card or a task is about. */
export function Token({ colour }: { readonly colour: Colour }) {
  return (
    <svg class={`token ${colour}`} viewBox="-1 -1 2 2" aria-hidden="true" focusable="false">
      <circle class="token-side" cy="0.12" r="0.78" />
      <circle class="token-face" r="0.78" />
      <circle class="token-boss" r="0.3" />
    </svg>
  );
}

/** One player's card. */
export function PlayerCard(p: PlayerCardProps) {
  const inHand = p.inHand ?? 0;
  return (
    <div
      class={`player-card ${p.colour}${p.toMove ? ' to-move' : ''}`}
      data-player={p.colour}
      data-testid={`player-${p.colour}`}
    >
      <Token colour={p.colour} />
      <span class="who">
        <span class="name">
          {p.connected !== undefined && (
            <span
              class={`presence${p.connected ? ' on' : ''}`}
              title={t(p.connected ? 'player.online' : 'player.offline')}
              data-testid={p.connected ? undefined : `away-${p.colour}`}
            >
              <span class="sr-only">{t(p.connected ? 'player.online' : 'player.offline')}</span>
            </span>
          )}
          {p.name}
        </span>
        <span class="detail">
          {p.side && <span class="side">{p.side}</span>}
          {p.change}
          {/* R16: the captor's card says what the captor does instead of "to move", in the
              line under the name, where it leaves room for the name and the clock. */}
          {p.placingQueen && !p.thinking && (
            <span class="badge owed">{t('player.placesQueen')}</span>
          )}
          {p.toMove && !p.thinking && !p.placingQueen && (
            <span class="turn">{t('player.toMove')}</span>
          )}
          {p.thinking && (
            <span class="thinking" role="status" data-testid="thinking">
              <span class="dots" aria-hidden="true" />
              {t('player.thinking')}
            </span>
          )}
        </span>
      </span>
      {p.relocating && <span class="badge owed">{t('player.relocate')}</span>}
      {inHand > 0 && (
        <span
          class="hand"
          data-testid={`hand-${p.colour}`}
          title={t('player.hand', { count: inHand })}
        >
          <span class="sr-only">{t('player.hand', { count: inHand })}</span>
          {Array.from({ length: inHand }, (_, i) => (
            <svg key={i} viewBox="-1 -1 2 2" class={`hand-guard ${p.colour}`} aria-hidden="true">
              <circle r="0.8" />
            </svg>
          ))}
        </span>
      )}
      {p.clock}
    </div>
  );
}
