// Every word of online play, in one place, read from the app's catalogs (src/i18n) in the
// current language each time it is shown.

import type { Colour } from '@agon/engine';
import { DRAW_AFTER_MOVES, type ErrorCode, type QuickMessage } from '@agon/protocol';
import { t } from '../i18n/ui.ts';

const REFUSALS: { readonly [C in ErrorCode]?: () => string } = {
  stale: () => t('online.refusal.stale'),
  'not-your-turn': () => t('online.refusal.notYourTurn'),
  'not-your-seat': () => t('online.refusal.notYourSeat'),
  spectator: () => t('online.refusal.spectator'),
  'waiting-for-opponent': () => t('online.refusal.waiting'),
  'game-over': () => t('online.refusal.over'),
  'rate-limited': () => t('online.refusal.tooFast'),
  'server-error': () => t('online.refusal.server'),
  'too-many-watchers': () => t('online.refusal.tooManyWatchers'),
  unavailable: () => t('online.refusal.unavailable'),
  'too-early': () => t('online.refusal.tooEarly', { count: DRAW_AFTER_MOVES }),
  'rated-game': () => t('online.refusal.ratedGame'),
  'no-takeback': () => t('online.refusal.noTakeback'),
  'no-takeback-offer': () => t('online.refusal.noTakebackOffer'),
  'too-many-messages': () => t('online.refusal.tooManyMessages'),
};

/** The words of the online pages. */
export const words = {
  get title(): string {
    return t('online.title');
  },
  get intro(): string {
    return t('online.intro');
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
    return t('online.clock');
  },
  get noClock(): string {
    return t('online.noClock');
  },
  clockName: (minutes: number, seconds: number): string =>
    t('online.clockName', { minutes, seconds }),
  get create(): string {
    return t('online.create');
  },
  get creating(): string {
    return t('online.creating');
  },
  createFailed: (why: string): string => t('online.createFailed', { why }),
  get createOffline(): string {
    return t('online.createOffline');
  },
  get unreachable(): string {
    return t('online.createUnreachable');
  },
  serverStatus: (status: number): string => t('online.serverStatus', { status }),
  get newOnline(): string {
    return t('online.newGame');
  },
  watching: (count: number): string => t('online.watching', { count }),
  get shareTitle(): string {
    return t('online.shareTitle');
  },
  get copy(): string {
    return t('online.copy');
  },
  get copied(): string {
    return t('online.copied');
  },
  get connecting(): string {
    return t('online.connecting');
  },
  get reconnecting(): string {
    return t('online.reconnecting');
  },
  get noSuchGame(): string {
    return t('online.noSuchGame');
  },
  get waitingToJoin(): string {
    return t('online.waitingToJoin');
  },
  get waitingToReturn(): string {
    return t('online.waitingToReturn');
  },
  get yourMove(): string {
    return t('prompt.you');
  },
  get theyAreAway(): string {
    return t('online.theyAreAway');
  },
  get theirMove(): string {
    return t('online.theirMove');
  },
  toMove: (c: Colour): string => t(`prompt.${c}`),
  get place(): string {
    return t('prompt.place');
  },
  get spectating(): string {
    return t('online.spectating');
  },
  get you(): string {
    return t('player.you');
  },
  get opponent(): string {
    return t('online.opponent');
  },
  sideWord: (c: Colour): string => t(`player.${c}`),
  get notJoined(): string {
    return t('online.notJoined');
  },
  get resign(): string {
    return t('controls.resign');
  },
  get reallyResign(): string {
    return t('controls.resignConfirm');
  },
  get offerDraw(): string {
    return t('online.offerDraw');
  },
  get drawOffered(): string {
    return t('online.drawOffered');
  },
  get acceptDraw(): string {
    return t('online.acceptDraw');
  },
  get decline(): string {
    return t('online.decline');
  },
  get theyOfferDraw(): string {
    return t('online.theyOfferDraw');
  },
  get rematch(): string {
    return t('controls.rematch');
  },
  get rematchOffered(): string {
    return t('online.rematchOffered');
  },
  get acceptRematch(): string {
    return t('online.acceptRematch');
  },
  get theyWantRematch(): string {
    return t('online.theyWantRematch');
  },
  get toRematch(): string {
    return t('online.toRematch');
  },
  get takeback(): string {
    return t('online.takeback');
  },
  get takebackAsked(): string {
    return t('online.takebackAsked');
  },
  get acceptTakeback(): string {
    return t('online.acceptTakeback');
  },
  get theyAskTakeback(): string {
    return t('online.theyAskTakeback');
  },
  get takebackWaiting(): string {
    return t('online.takebackWaiting');
  },
  get takebackDeclined(): string {
    return t('online.takebackDeclined');
  },
  takebackDone: (count: number): string => t('online.takebackDone', { count }),
  get quickTitle(): string {
    return t('online.quick.title');
  },
  /** A quick message in this reader's language: only its id crossed the wire. */
  quick: (message: QuickMessage): string => t(`online.quick.${message}`),
  get quickYou(): string {
    return t('online.quick.you');
  },
  get quickOpponent(): string {
    return t('online.quick.opponent');
  },
  clockOf: (c: Colour): string => t(`online.clockOf.${c}`),
  get movesTitle(): string {
    return t('moves.label');
  },
  /** The server's refusals, by code; unknown codes show the server's own sentence. */
  refusal: (code: string, message: string): string => {
    const said = Object.hasOwn(REFUSALS, code) ? REFUSALS[code as ErrorCode] : undefined;
    return said ? said() : t('online.refused', { message });
  },
};
