// The display preferences in the top bar: sound, colour theme and language, and the install
// button while the browser offers to install the app.

import { LANGUAGES, type Language } from '../i18n/language.ts';
import { language } from '../i18n/translations.ts';
import { t } from '../i18n/ui.ts';
import { install, installOffer } from './service-worker.ts';
import { preferences, THEMES, type Theme, updatePreferences } from './settings.ts';

/** Sound on or off, the theme menu, the language menu and the install button. */
export function Preferences() {
  const settings = preferences.value;
  return (
    <>
      {installOffer.value && (
        <button type="button" onClick={() => void install()}>
          {t('top.install')}
        </button>
      )}
      <button
        type="button"
        aria-pressed={settings.sound}
        onClick={() => updatePreferences({ sound: !settings.sound })}
        title={settings.sound ? t('top.sound.on') : t('top.sound.off')}
      >
        {t('top.sound')}
      </button>
      <label class="menu">
        <span class="sr-only">{t('top.theme')}</span>
        <select
          value={settings.theme}
          data-testid="theme"
          onChange={(e) => updatePreferences({ theme: e.currentTarget.value as Theme })}
        >
          {THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {t(`theme.${theme}`)}
            </option>
          ))}
        </select>
      </label>
      <label class="menu">
        <span class="sr-only">{t('top.language')}</span>
        <select
          value={language.value}
          data-testid="language"
          onChange={(e) => updatePreferences({ language: e.currentTarget.value as Language })}
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
