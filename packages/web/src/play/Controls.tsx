// The game's actions as one row of labelled icons: a new game, take back, a hint, a draw
// between people, resign, pass under touch-move, a rematch once it is over, and the board's
// and record's actions. On a phone the row is a bar at the bottom, within thumb reach, with the
// less frequent actions folded into "More". Resigning and agreeing a draw take two presses.

import type { ComponentChildren } from 'preact';
import { t } from '../i18n/ui.ts';
import { openAnalysis } from '../lib/analysis-link.ts';
import { TwoStep } from '../lib/TwoStep.tsx';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { Menu } from '../ui/Menu.tsx';
import type { Match } from './match.ts';

/** An icon over its label. */
function Label({ icon, children }: { readonly icon: IconName; readonly children: string }) {
  return (
    <>
      <Icon name={icon} />
      <span class="label">{children}</span>
    </>
  );
}

/** One action: an icon over its label. */
function Action(props: {
  readonly icon: IconName;
  readonly label: string;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  readonly primary?: boolean;
  /** A toggle's state (the board turned round), said to assistive technology and drawn. */
  readonly pressed?: boolean;
}) {
  return (
    <button
      type="button"
      class={`action${props.primary ? ' primary' : ''}`}
      onClick={props.onClick}
      disabled={props.disabled}
      aria-pressed={props.pressed}
    >
      <Label icon={props.icon}>{props.label}</Label>
    </button>
  );
}

/** The actions that fold into "More" on a phone: the board's and the record's. */
function Secondary({ match, after }: { readonly match: Match; readonly after?: () => void }) {
  const game = match.game;
  const done = (act: () => void) => () => {
    act();
    after?.();
  };
  return (
    <>
      <Action
        icon="flip"
        label={t('top.flip')}
        pressed={match.flipped.value}
        onClick={done(() => (match.flipped.value = !match.flipped.value))}
      />
      <Action
        icon="record"
        label={t('top.record')}
        onClick={done(() => (match.dialog.value = 'record'))}
      />
      <Action
        icon="analyse"
        label={t('moves.analyse')}
        onClick={done(() =>
          openAnalysis({
            start: game.initial,
            options: game.options,
            moves: [...game.moves],
            ply: match.shownPly.value,
          }),
        )}
      />
    </>
  );
}

/** A two-press action with an icon. */
function Confirmed(props: {
  readonly icon: IconName;
  readonly ask: string;
  readonly confirm: string;
  readonly act: () => void;
}): ComponentChildren {
  return (
    <TwoStep
      class="action"
      ask={<Label icon={props.icon}>{props.ask}</Label>}
      confirm={<Label icon={props.icon}>{props.confirm}</Label>}
      act={props.act}
    />
  );
}

/** The game's action buttons. */
export function Controls({ match }: { readonly match: Match }) {
  const over = match.game.outcome !== undefined;
  const computer = match.setup.value.mode === 'computer';
  return (
    <div class="actions" role="toolbar" aria-label={t('controls.label')}>
      <Action
        icon="newGame"
        label={t('top.newGame')}
        onClick={() => (match.dialog.value = 'new')}
        primary={over}
      />
      <Action
        icon="takeback"
        label={t('controls.takeback')}
        onClick={() => match.takeback()}
        disabled={!match.canTakeback.value}
      />
      {computer && !over && (
        <Action
          icon="hint"
          label={t('controls.hint')}
          onClick={() => void match.requestHint()}
          disabled={!match.humanToMove.value || match.thinking.value}
        />
      )}
      {match.mustPass.value && (
        <Action icon="forward" label={t('controls.pass')} onClick={() => match.pass()} primary />
      )}
      {!over && !computer && (
        <Confirmed
          icon="draw"
          ask={t('controls.draw')}
          confirm={t('controls.drawConfirm')}
          act={() => match.agreeDraw()}
        />
      )}
      {!over && (
        <Confirmed
          icon="resign"
          ask={t('controls.resign')}
          confirm={t('controls.resignConfirm')}
          act={() => match.resign()}
        />
      )}
      {over && (
        <Action
          icon="rematch"
          label={t('controls.rematch')}
          onClick={() => match.rematch()}
          primary
        />
      )}
      <div class="secondary">
        <Secondary match={match} />
      </div>
      <Menu
        class="more"
        button={<Label icon="more">{t('controls.more')}</Label>}
        testId="more-actions"
      >
        {(close) => <Secondary match={match} after={close} />}
      </Menu>
    </div>
  );
}
