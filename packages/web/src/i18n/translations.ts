// A family of catalogs (English built in, the others imported when first needed) and the
// language the app is in. Reading a message reads the language signal, so every view that
// shows words follows a switch of language.

import { signal } from '@preact/signals';
import { type CatalogOf, formatMessage, type Message, type ParamsOf } from './catalog.ts';
import type { Language } from './language.ts';

/** The language the app speaks now; set it through `setLanguage` so its words are loaded. */
export const language = signal<Language>('en');

/** Imports the catalog of one language. */
type CatalogLoader<Source> = () => Promise<CatalogOf<Source>>;

/** One set of messages in every language: the English source and loaders for the rest. */
export class Translations<Source extends Readonly<Record<string, Message>>> {
  private readonly catalogs = new Map<Language, CatalogOf<Source>>();
  // Bumped when a catalog arrives, so views that fell back to English redraw.
  private readonly arrived = signal(0);

  /** `source` is English; `loaders` import the other languages. */
  constructor(
    source: CatalogOf<Source>,
    private readonly loaders: Readonly<Record<Exclude<Language, 'en'>, CatalogLoader<Source>>>,
  ) {
    this.catalogs.set('en', source);
  }

  /** Whether the catalog of `lang` is here. */
  has(lang: Language): boolean {
    this.arrived.value;
    return this.catalogs.has(lang);
  }

  /** Fetches the catalog of `lang`, once. */
  async load(lang: Language): Promise<void> {
    if (lang === 'en' || this.catalogs.has(lang)) return;
    this.catalogs.set(lang, await this.loaders[lang]());
    this.arrived.value++;
  }

  /** The message `key` in the current language (English until that catalog is here). */
  t<K extends keyof Source & string>(key: K, ...params: ParamsOf<Source[K]>): string {
    this.arrived.value;
    const wanted = language.value;
    const catalog = this.catalogs.get(wanted);
    const lang = catalog ? wanted : 'en';
    const message = (catalog ?? this.catalogs.get('en')!)[key] as Message;
    return formatMessage(lang, message, params[0]);
  }
}
