// The game page's side of takebacks and quick messages: the board taken back when the server
// says so (an unconfirmed own move with it), the asking shown and answered, and quick
// messages kept by version, in the reader's language.

import { describe, expect, it } from 'vitest';
import { setLanguage } from '../src/i18n/ui.ts';
import { words } from '../src/online/strings.ts';
import { onlineText } from '../src/online/text.ts';
import type { OnlineGame } from '../src/round/online-game.ts';
import { event, gamePages, gameView } from './game-fixture.ts';

describe('takebacks and quick messages on the game page', () => {
  const open = gamePages();

  it('asks for a takeback only with a move of its own, in an unrated game', () => {
    expect(open(gameView([])).online.takebackAllowed.value).toBe(false);
    expect(open(gameView(['h9-g10'], { rated: true })).online.takebackAllowed.value).toBe(false);
    const { online, socket } = open(gameView(['h9-g10', 'f11-f10']));
    expect(online.takebackAllowed.value).toBe(true);
    online.takeback('offer');
    expect(socket.sent.at(-1)).toEqual({ t: 'takeback', seat: 'white', action: 'offer' });
    socket.hear(event(5, { kind: 'takeback-offer', seat: 'white' }));
    expect(online.view.value?.takebackOffer).toBe('white');
  });

  it('takes the board back, an unconfirmed own move with it, and says so', () => {
    const { online, socket } = open(gameView(['h9-g10', 'f11-f10']));
    socket.hear(event(5, { kind: 'takeback-offer', seat: 'black' }));
    // White moves before hearing the answer; the server takes the takeback first.
    online.moveFromBoard(...firstMove(online));
    expect(online.board?.moves).toHaveLength(3);
    socket.hear(event(6, { kind: 'takeback-accept', seat: 'white', undone: 1 }));
    expect(online.view.value?.moves).toEqual(['h9-g10']);
    expect(online.board?.moves).toHaveLength(1);
    expect(online.board?.chooser).toBe('black');
    expect(online.view.value?.takebackOffer).toBeNull();
    expect(online.notice.value?.text).toBe(words.takebackDone(1));
  });

  it('clears the asking when it is declined or a move is made', () => {
    const { online, socket } = open(gameView(['h9-g10']));
    socket.hear(event(4, { kind: 'takeback-offer', seat: 'white' }));
    socket.hear(event(5, { kind: 'takeback-decline', seat: 'black' }));
    expect(online.view.value?.takebackOffer).toBeNull();
    expect(online.notice.value?.text).toBe(words.takebackDeclined);
    socket.hear(event(6, { kind: 'takeback-offer', seat: 'black' }));
    socket.hear(event(7, { kind: 'move', seat: 'black', move: 'f11-f10' }));
    expect(online.view.value?.takebackOffer).toBeNull();
  });

  it('keeps what is said by version and reads it in the language of the page', async () => {
    const { online, socket } = open(gameView([]));
    online.say('good-game');
    expect(socket.sent.at(-1)).toEqual({ t: 'say', seat: 'white', message: 'good-game' });
    socket.hear(event(3, { kind: 'say', seat: 'black', message: 'good-luck' }));
    expect(online.view.value?.said).toEqual([{ seat: 'black', message: 'good-luck', version: 3 }]);
    expect(words.quick('good-luck')).toBe('Good luck');
    await onlineText.load('ru');
    await setLanguage('ru');
    expect(words.quick('good-luck')).toBe('Удачи');
    await setLanguage('en');
  });
});

/** The first legal move of the page's board as the board's tap event gives it. */
function firstMove(online: OnlineGame): [number | undefined, number] {
  const dests = online.boardConfig.value.movable?.dests;
  const [from, to] = [...(dests?.entries() ?? [])][0]!;
  return [from, [...to][0]!];
}
