// A notice (protocol's notice.ts) in words, in the language its device asked for: what the
// service worker shows when a push arrives, whatever language the app was last in. Every
// language is here, since a service worker has no page to fetch a catalog for. The service
// worker is a classic script, which cannot import the app's chunks: this module imports
// nothing but types, and the build keeps it in the worker (vite.config.ts).

import type {
  EventSchedule,
  Notice,
  NoticeKind,
  NoticeResult,
  Pace,
  PushPayload,
  RatingClass,
  ScheduleEvery,
  TournamentKind,
} from '@agon/protocol';
import type { PluralForms } from '../i18n/catalog.ts';
import type { Language } from '../i18n/language.ts';

/** The words of notices in one language. */
interface NoticeWords {
  readonly turn: readonly [title: string, body: string];
  /** The turn digest's sentence: several games wait, `{count}` of them. */
  readonly waiting: PluralForms;
  readonly challenge: readonly [title: string, body: string];
  readonly accepted: readonly [title: string, body: string];
  readonly started: readonly [title: string, body: string];
  /** A league season's start: its title, and the sentence of `{count}` games. */
  readonly season: { readonly title: string; readonly games: PluralForms };
  readonly ended: { readonly [R in NoticeResult]: string } & { readonly body: string };
  readonly seeking: readonly [title: string, body: string];
  readonly tournament: readonly [title: string, body: string];
  /** A scheduled tournament's name by its kind, `{speed}` its class (the pages' `tour.named.*`). */
  readonly named: { readonly [K in `${TournamentKind}.${ScheduleEvery}`]: string };
  readonly speed: { readonly [C in RatingClass]: string };
  readonly days: PluralForms;
}

const WORDS: { readonly [L in Language]: NoticeWords } = {
  en: {
    turn: ['Your move', '{opponent} has moved. Move by {date}.'],
    waiting: {
      one: '{count} game waits for your move.',
      other: '{count} games wait for your move.',
    },
    challenge: ['A challenge', '{from} challenges you to a game ({pace}).'],
    accepted: ['Challenge accepted', '{by} accepted your challenge: the game is on.'],
    started: ['Your game has started', 'Against {opponent}.'],
    season: {
      title: '{league}: season {season} has begun',
      games: {
        one: '{count} game is on: one against each player of your group.',
        other: '{count} games are on: one against each player of your group.',
      },
    },
    ended: {
      win: 'You won',
      loss: 'You lost',
      draw: 'A draw',
      aborted: 'Game called off',
      body: 'Against {opponent}.',
    },
    seeking: ['Someone wants a game', '{seeker} is looking for a {pool} game.'],
    tournament: ['A tournament starts soon', '{name} starts at {time}.'],
    named: {
      'arena.hourly': 'Hourly {speed} Arena',
      'arena.daily': 'Daily {speed} Arena',
      'arena.weekly': 'Weekly {speed} Arena',
      'swiss.hourly': 'Hourly {speed} Swiss',
      'swiss.daily': 'Daily {speed} Swiss',
      'swiss.weekly': 'Weekly {speed} Swiss',
    },
    speed: {
      bullet: 'Bullet',
      blitz: 'Blitz',
      rapid: 'Rapid',
      classical: 'Classical',
      correspondence: 'Correspondence',
    },
    days: { one: '{count} day a move', other: '{count} days a move' },
  },
  fi: {
    turn: ['Sinun siirtosi', '{opponent} siirsi. Siirrä viimeistään {date}.'],
    waiting: { one: '{count} peli odottaa siirtoasi.', other: '{count} peliä odottaa siirtoasi.' },
    challenge: ['Haaste', '{from} haastaa sinut peliin ({pace}).'],
    accepted: ['Haaste hyväksytty', '{by} hyväksyi haasteesi: peli alkaa.'],
    started: ['Pelisi alkoi', 'Vastassa {opponent}.'],
    season: {
      title: '{league}: kausi {season} alkoi',
      games: {
        one: '{count} peli alkoi: yksi jokaista ryhmäsi pelaajaa vastaan.',
        other: '{count} peliä alkoi: yksi jokaista ryhmäsi pelaajaa vastaan.',
      },
    },
    ended: {
      win: 'Voitit',
      loss: 'Hävisit',
      draw: 'Tasapeli',
      aborted: 'Peli peruttiin',
      body: 'Vastassa {opponent}.',
    },
    seeking: ['Joku haluaa pelata', '{seeker} etsii peliä {pool}.'],
    tournament: ['Turnaus alkaa pian', '{name} alkaa kello {time}.'],
    named: {
      'arena.hourly': '{speed}: tunneittainen areena',
      'arena.daily': '{speed}: päivittäinen areena',
      'arena.weekly': '{speed}: viikoittainen areena',
      'swiss.hourly': '{speed}: tunneittainen sveitsiläinen turnaus',
      'swiss.daily': '{speed}: päivittäinen sveitsiläinen turnaus',
      'swiss.weekly': '{speed}: viikoittainen sveitsiläinen turnaus',
    },
    speed: {
      bullet: 'Bullet',
      blitz: 'Blitz',
      rapid: 'Pikapeli',
      classical: 'Klassinen',
      correspondence: 'Kirjepeli',
    },
    days: { one: '{count} päivä siirtoa kohden', other: '{count} päivää siirtoa kohden' },
  },
  ru: {
    turn: ['Ваш ход', 'Соперник {opponent} сделал ход. Ходите до {date}.'],
    waiting: {
      one: '{count} партия ждёт вашего хода.',
      few: '{count} партии ждут вашего хода.',
      many: '{count} партий ждут вашего хода.',
      other: '{count} партии ждут вашего хода.',
    },
    challenge: ['Вызов', '{from} вызывает вас на партию ({pace}).'],
    accepted: ['Вызов принят', '{by} принимает ваш вызов: партия началась.'],
    started: ['Партия началась', 'Соперник: {opponent}.'],
    season: {
      title: '{league}: начался сезон {season}',
      games: {
        one: '{count} партия началась: по одной с каждым игроком вашей группы.',
        few: '{count} партии начались: по одной с каждым игроком вашей группы.',
        many: '{count} партий началось: по одной с каждым игроком вашей группы.',
        other: '{count} партии начались: по одной с каждым игроком вашей группы.',
      },
    },
    ended: {
      win: 'Вы победили',
      loss: 'Вы проиграли',
      draw: 'Ничья',
      aborted: 'Партия отменена',
      body: 'Соперник: {opponent}.',
    },
    seeking: ['Ищут соперника', '{seeker} ищет партию {pool}.'],
    tournament: ['Скоро турнир', '{name} начнётся в {time}.'],
    named: {
      'arena.hourly': '{speed}: ежечасная арена',
      'arena.daily': '{speed}: ежедневная арена',
      'arena.weekly': '{speed}: еженедельная арена',
      'swiss.hourly': '{speed}: ежечасная швейцарка',
      'swiss.daily': '{speed}: ежедневная швейцарка',
      'swiss.weekly': '{speed}: еженедельная швейцарка',
    },
    speed: {
      bullet: 'Пуля',
      blitz: 'Блиц',
      rapid: 'Рапид',
      classical: 'Классика',
      correspondence: 'По переписке',
    },
    days: {
      one: '{count} день на ход',
      few: '{count} дня на ход',
      many: '{count} дней на ход',
      other: '{count} дня на ход',
    },
  },
  hi: {
    turn: ['आपकी चाल', '{opponent} ने चाल चल दी है। {date} तक अपनी चाल चलें।'],
    waiting: {
      one: '{count} खेल आपकी चाल का इंतज़ार कर रहा है।',
      other: '{count} खेल आपकी चाल का इंतज़ार कर रहे हैं।',
    },
    challenge: ['चुनौती', '{from} ने आपको खेल की चुनौती दी है ({pace})।'],
    accepted: ['चुनौती स्वीकार', '{by} ने आपकी चुनौती स्वीकार की: खेल शुरू हो गया है।'],
    started: ['आपका खेल शुरू हो गया', 'विरोधी: {opponent}।'],
    season: {
      title: '{league}: सीज़न {season} शुरू हो गया',
      games: {
        one: '{count} खेल शुरू हुआ: आपके समूह के हर खिलाड़ी के साथ एक।',
        other: '{count} खेल शुरू हुए: आपके समूह के हर खिलाड़ी के साथ एक।',
      },
    },
    ended: {
      win: 'आप जीते',
      loss: 'आप हारे',
      draw: 'बराबरी',
      aborted: 'खेल रद्द हुआ',
      body: 'विरोधी: {opponent}।',
    },
    seeking: ['कोई खेलना चाहता है', '{seeker} {pool} का खेल ढूँढ रहे हैं।'],
    tournament: ['प्रतियोगिता जल्द शुरू होगी', '{name} {time} पर शुरू होगी।'],
    named: {
      'arena.hourly': '{speed}: प्रति घंटा एरीना',
      'arena.daily': '{speed}: दैनिक एरीना',
      'arena.weekly': '{speed}: साप्ताहिक एरीना',
      'swiss.hourly': '{speed}: प्रति घंटा स्विस',
      'swiss.daily': '{speed}: दैनिक स्विस',
      'swiss.weekly': '{speed}: साप्ताहिक स्विस',
    },
    speed: {
      bullet: 'बुलेट',
      blitz: 'ब्लिट्ज़',
      rapid: 'रैपिड',
      classical: 'क्लासिकल',
      correspondence: 'पत्राचार',
    },
    days: { one: 'हर चाल के लिए {count} दिन', other: 'हर चाल के लिए {count} दिन' },
  },
};

/** `template` with each `{name}` filled from `params`. */
function fill(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** `forms` for `count` in `language`. */
function plural(forms: PluralForms, count: number, language: Language): string {
  const form = forms[new Intl.PluralRules(language).select(count)] ?? forms.other;
  return fill(form, { count: new Intl.NumberFormat(language).format(count) });
}

/** A pace as the lobby writes it: minutes + seconds, or days a move. */
function paceText(pace: Pace, language: Language): string {
  if (!('days' in pace)) return `${pace.initial / 60_000}+${pace.increment / 1000}`;
  return plural(WORDS[language].days, pace.days, language);
}

/** A scheduled tournament's name in `language` (as the pages' tournamentName), or its maker's. */
function tournamentName(
  notice: { readonly name: string; readonly schedule?: EventSchedule },
  language: Language,
): string {
  const s = notice.schedule;
  if (!s) return notice.name;
  const words = WORDS[language];
  const name = fill(words.named[`${s.kind}.${s.every}`], { speed: words.speed[s.speed] });
  return s.captor ? `${name} (R16)` : name;
}

/** A push's payload, if it is one the server sends: a known kind, a page and a language. */
export function payloadOf(data: unknown): PushPayload | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { notice, language } = data as Partial<Record<string, unknown>>;
  if (typeof notice !== 'object' || notice === null) return undefined;
  const { kind, url } = notice as Partial<Record<string, unknown>>;
  const known =
    typeof kind === 'string' &&
    kind in WORDS.en &&
    kind !== 'days' &&
    kind !== 'waiting' &&
    kind !== 'season' &&
    kind !== 'named' &&
    kind !== 'speed' &&
    typeof url === 'string' &&
    url.startsWith('/') &&
    typeof language === 'string' &&
    language in WORDS;
  return known
    ? { notice: notice as Notice & { kind: NoticeKind }, language: language as Language }
    : undefined;
}

/** The title and the sentence that show `notice` in `language`. */
export function noticeText(
  notice: Notice,
  language: Language,
): { readonly title: string; readonly body: string } {
  const words = WORDS[language];
  const say = (
    [title, body]: readonly [string, string],
    params: Readonly<Record<string, string>>,
  ) => ({ title, body: fill(body, params) });
  switch (notice.kind) {
    case 'turn': {
      if ('games' in notice) {
        return { title: words.turn[0], body: plural(words.waiting, notice.games.length, language) };
      }
      const date = new Intl.DateTimeFormat(language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(notice.deadline);
      return say(words.turn, { opponent: notice.opponent, date });
    }
    case 'challenge':
      return say(words.challenge, { from: notice.from, pace: paceText(notice.pace, language) });
    case 'accepted':
      return say(words.accepted, { by: notice.by });
    case 'started':
      if ('games' in notice) {
        return {
          title: fill(words.season.title, {
            league: notice.league.name,
            season: new Intl.NumberFormat(language).format(notice.league.season),
          }),
          body: plural(words.season.games, notice.games.length, language),
        };
      }
      return say(words.started, { opponent: notice.opponent });
    case 'ended':
      return say([words.ended[notice.result], words.ended.body], { opponent: notice.opponent });
    case 'seeking':
      return say(words.seeking, { seeker: notice.seeker, pool: notice.pool });
    case 'tournament': {
      const time = new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(
        notice.startsAt,
      );
      return say(words.tournament, { name: tournamentName(notice, language), time });
    }
  }
}
