// The settings menu's panel, fetched the first time the menu opens (SettingsMenu.tsx): theme,
// language, sound, cell names and premoves, each stored at once; the way to this browser's
// online name; and the notifications this device is sent.

import { LANGUAGES, type Language } from '../i18n/language.ts';
import { language } from '../i18n/translations.ts';
import { t } from '../i18n/ui.ts';
import { keptIdentity } from '../lib/identity.ts';
import { preferences, THEMES, type Theme, updatePreferences } from '../lib/settings.ts';
import { NoticeSettings } from '../notices/NoticeSettings.tsx';
import { resubscribe } from '../notices/push.ts';
import { LobbySwitches } from './LobbySwitches.tsx';

/** A group of radio buttons in the menu, one per choice. */
function Choices<V extends string>(props: {
  readonly name: string;
  readonly heading: string;
  readonly value: V;
  readonly choices: readonly {
    readonly value: V;
    readonly label: string;
    readonly lang?: string;
  }[];
  readonly choose: (value: V) => void;
}) {
  const id = `menu-${props.name}`;
  return (
    <div class="menu-section" role="radiogroup" aria-labelledby={id} data-testid={props.name}>
      <p class="menu-heading" id={id}>
        {props.heading}
      </p>
      {props.choices.map((c) => (
        <label class="menu-choice" key={c.value} lang={c.lang}>
          <input
            type="radio"
            name={props.name}
            value={c.value}
            checked={c.value === props.value}
            onChange={() => props.choose(c.value)}
          />
          {c.label}
        </label>
      ))}
    </div>
  );
}

/**
 * The link to this browser's player page, named by the player's name when there is one, the
 * switch of quick messages in online games and those of the lobby settings.
 */
function OnlineName() {
  const name = keptIdentity()?.name;
  const quick = preferences.value.quickMessages;
  return (
    <div class="menu-section">
      <p class="menu-heading">{t('top.online')}</p>
      <a class="button" href="/me" data-testid="online-name">
        {name === undefined ? t('top.onlineName') : t('top.onlineNamed', { name })}
      </a>
      <button
        type="button"
        class="switch"
        aria-pressed={quick}
        data-testid="quick-messages-switch"
        onClick={() => updatePreferences({ quickMessages: !quick })}
      >
        {t('top.quickMessages')}
      </button>
      <LobbySwitches />
    </div>
  );
}

/** What the settings menu shows when open. */
export function SettingsPanel() {
  const settings = preferences.value;
  return (
    <>
      <Choices<Theme>
        name="theme"
        heading={t('top.theme')}
        value={settings.theme}
        choices={THEMES.map((theme) => ({ value: theme, label: t(`theme.${theme}`) }))}
        choose={(theme) => updatePreferences({ theme })}
      />
      <Choices<Language>
        name="language"
        heading={t('top.language')}
        value={settings.language ?? language.value}
        choices={LANGUAGES.map((l) => ({ value: l.code, label: l.name, lang: l.code }))}
        choose={(code) => {
          updatePreferences({ language: code });
          // Notices are worded in the language the server was last told.
          resubscribe().catch(() => undefined);
        }}
      />
      <div class="menu-section">
        <p class="menu-heading">{t('top.board')}</p>
        <button
          type="button"
          class="switch"
          aria-pressed={settings.sound}
          onClick={() => updatePreferences({ sound: !settings.sound })}
        >
          {t('top.sound')}
        </button>
        <button
          type="button"
          class="switch"
          aria-pressed={settings.coordinates}
          onClick={() => updatePreferences({ coordinates: !settings.coordinates })}
        >
          {t('top.coordinates')}
        </button>
        <button
          type="button"
          class="switch"
          aria-pressed={settings.premove}
          onClick={() => updatePreferences({ premove: !settings.premove })}
        >
          {t('top.premove')}
        </button>
      </div>
      <OnlineName />
      <NoticeSettings />
    </>
  );
}
