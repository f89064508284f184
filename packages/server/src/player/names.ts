// Generated display names, "two words and a number" in the player's language: a friendly
// adjective, an animal or a thing of nature, and 1-99 ("Swift Heron 42"). Russian adjectives
// agree with their noun's gender, so each comes in both forms and each noun carries its
// gender; the Hindi adjectives are ones that do not change with gender.

import type { NameLanguage } from '@agon/protocol';
import { NameTaken, type NewPlayer, type PlayerStore } from './players.ts';

/** A noun with the grammatical gender its adjective must take ('m' where none is needed). */
interface Noun {
  readonly word: string;
  readonly gender: 'm' | 'f';
}

/** The words of one language: each adjective in its masculine and feminine forms. */
export interface Words {
  readonly adjectives: readonly { readonly m: string; readonly f: string }[];
  readonly nouns: readonly Noun[];
}

/** Words of languages without agreement, each adjective the same in both forms. */
function plain(adjectives: string, nouns: string): Words {
  return {
    adjectives: adjectives.split(' ').map((a) => ({ m: a, f: a })),
    nouns: nouns.split(' ').map((word) => ({ word, gender: 'm' })),
  };
}

/** Russian nouns of one gender. */
const ru = (gender: 'm' | 'f', words: string): Noun[] =>
  words.split(' ').map((word) => ({ word, gender }));

/** The word lists, by language. */
export const WORDS: { readonly [L in NameLanguage]: Words } = {
  en: plain(
    'Swift Brave Calm Clever Bright Gentle Happy Jolly Kind Lucky Merry Noble Quick Quiet Bold ' +
      'Eager Keen Lively Mellow Nimble Sunny Witty Wise Agile Cosy Daring Golden Hardy Humble ' +
      'Loyal Mighty Plucky Steady Sturdy Vivid Warm Breezy Cheery Dapper Snappy Silver Rapid',
    'Heron Falcon Otter Fox Badger Hare Lynx Wolf Bear Eagle Owl Raven Robin Wren Finch Crane ' +
      'Swan Stork Lark Kestrel Osprey Puffin Dolphin Seal Beaver Marten Deer Elk Bison Panda ' +
      'Koala Tiger Lion Cedar Maple Willow River Brook Comet Meadow Aspen Pine Birch Fern',
  ),
  fi: plain(
    'Nopea Iloinen Rohkea Viisas Kirkas Tyyni Reipas Ketterä Utelias Hilpeä Lempeä Vikkelä ' +
      'Sinnikäs Uljas Sitkeä Vahva Vapaa Valoisa Raikas Suloinen Kaunis Ihana Hauska Lämmin ' +
      'Leppoisa Reilu Taitava Tarkka Valpas Notkea Kevyt Komea Loistava Urhea Terävä Sievä ' +
      'Vireä Tomera Pirteä Rauhaisa',
    'Haikara Ilves Kettu Karhu Susi Hirvi Joutsen Kotka Pöllö Korppi Tikka Kurki Lokki Sorsa ' +
      'Hanhi Majava Saukko Näätä Orava Jänis Siili Peura Poro Lohi Hauki Ahven Taimen Perhonen ' +
      'Kiuru Peippo Tiainen Koski Järvi Tunturi Kuusi Mänty Koivu Pihlaja Tähti Aalto Myrsky ' +
      'Pilvi Kallio',
  ),
  ru: {
    adjectives: (
      'Быстрый Быстрая Смелый Смелая Мудрый Мудрая Ясный Ясная Тихий Тихая Добрый Добрая ' +
      'Весёлый Весёлая Ловкий Ловкая Храбрый Храбрая Чуткий Чуткая Бодрый Бодрая Зоркий Зоркая ' +
      'Шустрый Шустрая Светлый Светлая Славный Славная Яркий Яркая Тёплый Тёплая ' +
      'Вольный Вольная Милый Милая Юный Юная Нежный Нежная Чистый Чистая Звонкий Звонкая ' +
      'Резвый Резвая Умный Умная Честный Честная Верный Верная Стойкий Стойкая Лесной Лесная ' +
      'Речной Речная Морской Морская Горный Горная Северный Северная Южный Южная ' +
      'Снежный Снежная Лунный Лунная Звёздный Звёздная Золотой Золотая Летний Летняя ' +
      'Синий Синяя Зелёный Зелёная Пёстрый Пёстрая'
    )
      .split(' ')
      .flatMap((word, i, all) => (i % 2 === 0 ? [{ m: word, f: all[i + 1]! }] : [])),
    nouns: [
      ...ru(
        'm',
        'Сокол Орёл Журавль Лебедь Волк Медведь Заяц Ёж Бобр Барсук Олень Лось Соболь Филин ' +
          'Ворон Дрозд Скворец Соловей Клён Дуб Ветер Ручей Кедр Месяц Тигр Дельфин Кит',
      ),
      ...ru(
        'f',
        'Цапля Лиса Сова Рысь Белка Выдра Ласточка Синица Чайка Куница Берёза Ива Рябина ' +
          'Река Звезда Волна Липа Сосна Ель Заря Радуга Комета',
      ),
    ],
  },
  hi: plain(
    'तेज़ सुंदर शांत चतुर बहादुर निडर चंचल कोमल मधुर प्रसन्न चमकदार शानदार दमदार मज़बूत वीर ' +
      'साहसी गुणी ज्ञानी दयालु गुलाबी आसमानी सजग सतर्क होशियार समझदार ईमानदार वफ़ादार निर्मल ' +
      'अमर अजेय अटल प्रबल सरल सहज विनम्र चुस्त उदार नेक रंगीन महान सुशील हँसमुख आज़ाद चपल ' +
      'प्रखर उज्ज्वल तेजस्वी जादुई',
    'बाज़ हिरन मोर तोता कोयल मैना हंस सारस चीता शेर बाघ हाथी घोड़ा भालू खरगोश गिलहरी तितली ' +
      'मछली कछुआ कबूतर चील गरुड़ बादल पर्वत नदी झरना सागर तारा चाँद सूरज कमल गुलाब पीपल ' +
      'बरगद चमेली बिजली चकोर जुगनू नीलकंठ सिंह मृग',
  ),
};

/** The longest two words together, leaving room for a space and a number of four digits. */
export const WORDS_MAX = 14;

/** The length of a text in characters (code points), as the name rules count it. */
const length = (text: string): number => [...text].length;

/** One item of a list, chosen by `random` (a number in [0, 1)). */
function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)]!;
}

/**
 * A new name in `language`: an adjective, a noun that fits beside it, and a number from 1 to
 * `largest` (99 unless the short names keep being taken).
 */
export function generateName(
  language: NameLanguage,
  random: () => number = Math.random,
  largest = 99,
): string {
  const words = WORDS[language];
  const adjective = pick(words.adjectives, random);
  // The noun decides the adjective's form, so the longer form must fit.
  const room = WORDS_MAX - Math.max(length(adjective.m), length(adjective.f));
  const noun = pick(
    words.nouns.filter((n) => length(n.word) <= room),
    random,
  );
  const number = 1 + Math.floor(random() * largest);
  return `${adjective[noun.gender]} ${noun.word} ${number}`.normalize('NFC');
}

/** How many names of each size are tried before giving up. */
const TRIES = 5;

/**
 * Stores a new player under a generated name, trying others while names are taken: a few
 * with numbers up to 99, then a few up to 9999. Answers the player as stored.
 */
export async function createPlayer(
  store: PlayerStore,
  language: NameLanguage,
  player: Omit<NewPlayer, 'name'>,
  random: () => number = Math.random,
): Promise<NewPlayer> {
  for (let attempt = 1; ; attempt++) {
    const named = { ...player, name: generateName(language, random, attempt <= TRIES ? 99 : 9999) };
    try {
      await store.createPlayer(named);
      return named;
    } catch (e) {
      if (!(e instanceof NameTaken) || attempt >= 2 * TRIES) throw e;
    }
  }
}
