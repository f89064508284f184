// The shape of a message catalog and the filling-in of one message. A message is a whole
// sentence with `{name}` placeholders, or a set of plural forms picked by the number `count`
// through Intl.PluralRules, so every language gets its own CLDR categories (Russian one, few,
// many; Hindi puts 0 with 1) and no sentence is ever glued together from pieces.

/** The forms of a plural message, by CLDR category; `other` is always there. */
export type PluralForms = { readonly other: string } & {
  readonly [C in Exclude<Intl.LDMLPluralRule, 'other'>]?: string;
};

/** One message: a sentence with placeholders, or plural forms chosen by `{count}`. */
export type Message = string | PluralForms;

/** A translation of `Source`: the same keys, a string for a string, plural forms for plural forms. */
export type CatalogOf<Source> = {
  readonly [K in keyof Source]: Source[K] extends string ? string : PluralForms;
};

type NamesIn<T> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | NamesIn<Rest> : never;

/** The placeholder names of a message (its English text is the reference). */
type PlaceholderNames<M> = M extends string ? NamesIn<M> : NamesIn<M[keyof M & string]> | 'count';

/** The values a message takes: none, or one value per placeholder. */
export type ParamsOf<M> = [PlaceholderNames<M>] extends [never]
  ? []
  : [params: { readonly [N in PlaceholderNames<M>]: string | number }];

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The cached plural rules of a language. */
function pluralRulesFor(lang: string): Intl.PluralRules {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules;
}

function numberFormat(lang: string): Intl.NumberFormat {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { useGrouping: false });
    numberFormats.set(lang, format);
  }
  return format;
}

/** The placeholder names used in one template, in order of first use. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

/** Fills in a message for `lang`: picks the plural form by `count`, then the placeholders. */
export function formatMessage(
  lang: string,
  message: Message,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const template =
    typeof message === 'string'
      ? message
      : (message[pluralRulesFor(lang).select(Number(params.count ?? 0))] ?? message.other);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numberFormat(lang).format(value) : value;
  });
}
