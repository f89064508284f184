// The words online play's pages share (the game page's above all), read in the current language
// each time they are shown: their own from online play's catalog (text/), which the pages wait
// for, and those shared with the game against the computer from the app's (src/i18n).

import type { Colour } from '@agon/engine';
import { DRAW_AFTER_MOVES, type ErrorCode, type QuickMessage } from '@agon/protocol';
import { t } from '../i18n/ui.ts';
import { ot } from './text.ts';

const REFUSALS: { readonly [C in ErrorCode]?: () => string } = {
  stale: () => ot('online.refusal.stale'),
  'not-your-turn': () => ot('online.refusal.notYourTurn'),
  'not-your-seat': () => ot('online.refusal.notYourSeat'),
  spectator: () => ot('online.refusal.spectator'),
  'waiting-for-opponent': () => ot('online.refusal.waiting'),
  'game-over': () => ot('online.refusal.over'),
  'rate-limited': () => ot('online.refusal.tooFast'),
  'server-error': () => ot('online.refusal.server'),
  'too-many-watchers': () => ot('online.refusal.tooManyWatchers'),
  unavailable: () => ot('online.refusal.unavailable'),
  'too-early': () => ot('online.refusal.tooEarly', { count: DRAW_AFTER_MOVES }),
  'rated-game': () => ot('online.refusal.ratedGame'),
  'no-takeback': () => ot('online.refusal.noTakeback'),
  'no-takeback-offer': () => ot('online.refusal.noTakebackOffer'),
  'too-many-messages': () => ot('online.refusal.tooManyMessages'),
};

/** The words of the online pages. */
export const words = {
  get title(): string {
    return t('online.title');
  },
  get intro(): string {
    return ot('online.intro');
  },
  get yourSide(): string {
    return t('new.side');
  },
  sideName: (s: Colour | 'random'): string => t(`new.side.${s}`),
  get variant(): string {
    return t('new.variant');
  },
  get standard(): string {
    return t('new.standard');
  },
  get placement(): string {
    return t('new.placement');
  },
  get clock(): string {
    return ot('online.clock');
  },
  get noClock(): string {
    return ot('online.noClock');
  },
  clockName: (minutes: number, seconds: number): string =>
    ot('online.clockName', { minutes, seconds }),
  get create(): string {
    return ot('online.create');
  },
  get creating(): string {
    return ot('online.creating');
  },
  createFailed: (why: string): string => ot('online.createFailed', { why }),
  get createOffline(): string {
    return ot('online.createOffline');
  },
  get unreachable(): string {
    return ot('online.createUnreachable');
  },
  serverStatus: (status: number): string => ot('online.serverStatus', { status }),
  get newOnline(): string {
    return ot('online.newGame');
  },
  watching: (count: number): string => ot('online.watching', { count }),
  get shareTitle(): string {
    return ot('online.shareTitle');
  },
  get copy(): string {
    return ot('online.copy');
  },
  get copied(): string {
    return ot('online.copied');
  },
  get connecting(): string {
    return ot('online.connecting');
  },
  get reconnecting(): string {
    return ot('online.reconnecting');
  },
  get noSuchGame(): string {
    return ot('online.noSuchGame');
  },
  get waitingToJoin(): string {
    return ot('online.waitingToJoin');
  },
  get waitingToReturn(): string {
    return ot('online.waitingToReturn');
  },
  get yourMove(): string {
    return t('prompt.you');
  },
  get theyAreAway(): string {
    return ot('online.theyAreAway');
  },
  get theirMove(): string {
    return ot('online.theirMove');
  },
  toMove: (c: Colour): string => t(`prompt.${c}`),
  get place(): string {
    return t('prompt.place');
  },
  get spectating(): string {
    return ot('online.spectating');
  },
  get you(): string {
    return t('player.you');
  },
  get opponent(): string {
    return ot('online.opponent');
  },
  sideWord: (c: Colour): string => t(`player.${c}`),
  get notJoined(): string {
    return ot('online.notJoined');
  },
  get resign(): string {
    return t('controls.resign');
  },
  get reallyResign(): string {
    return t('controls.resignConfirm');
  },
  get offerDraw(): string {
    return ot('online.offerDraw');
  },
  get drawOffered(): string {
    return ot('online.drawOffered');
  },
  get acceptDraw(): string {
    return ot('online.acceptDraw');
  },
  get decline(): string {
    return ot('online.decline');
  },
  get theyOfferDraw(): string {
    return ot('online.theyOfferDraw');
  },
  get rematch(): string {
    return t('controls.rematch');
  },
  get rematchOffered(): string {
    return ot('online.rematchOffered');
  },
  get acceptRematch(): string {
    return ot('online.acceptRematch');
  },
  get theyWantRematch(): string {
    return ot('online.theyWantRematch');
  },
  get toRematch(): string {
    return ot('online.toRematch');
  },
  get takeback(): string {
    return ot('online.takeback');
  },
  get takebackAsked(): string {
    return ot('online.takebackAsked');
  },
  get acceptTakeback(): string {
    return ot('online.acceptTakeback');
  },
  get theyAskTakeback(): string {
    return ot('online.theyAskTakeback');
  },
  get takebackWaiting(): string {
    return ot('online.takebackWaiting');
  },
  get takebackDeclined(): string {
    return ot('online.takebackDeclined');
  },
  takebackDone: (count: number): string => ot('online.takebackDone', { count }),
  get quickTitle(): string {
    return ot('online.quick.title');
  },
  /** A quick message in this reader's language: only its id crossed the wire. */
  quick: (message: QuickMessage): string => ot(`online.quick.${message}`),
  get quickYou(): string {
    return ot('online.quick.you');
  },
  get quickOpponent(): string {
    return ot('online.quick.opponent');
  },
  clockOf: (c: Colour): string => ot(`online.clockOf.${c}`),
  get movesTitle(): string {
    return t('moves.label');
  },
  /** The server's refusals, by code; unknown codes show the server's own sentence. */
  refusal: (code: string, message: string): string => {
    const said = Object.hasOwn(REFUSALS, code) ? REFUSALS[code as ErrorCode] : undefined;
    return said ? said() : ot('online.refused', { message });
  },
};
