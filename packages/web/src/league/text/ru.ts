// Слова страниц лиг по-русски.

import type { LeagueCatalog } from './en.ts';

/** The league pages' words in Russian. */
export const ru: LeagueCatalog = {
  'leagues.title': 'Лиги',
  'leagues.intro':
    'Сезоны заочных партий по дивизионам: в группе каждый играет с каждым по разу; двое лучших поднимаются на лигу выше, двое последних опускаются.',
  'league.loading': 'Загружаем лигу…',
  'league.loadFailed': 'Не удалось прочитать лигу: {why}',
  'league.notFound': 'Такой лиги нет.',
  'league.days': {
    one: '{count} день на ход',
    few: '{count} дня на ход',
    many: '{count} дней на ход',
    other: '{count} дня на ход',
  },
  'league.seasonDays': {
    one: 'сезоны по {count} дню',
    few: 'сезоны по {count} дня',
    many: 'сезоны по {count} дней',
    other: 'сезоны по {count} дня',
  },
  'league.entered': {
    one: 'записан {count} игрок',
    few: 'записано {count} игрока',
    many: 'записано {count} игроков',
    other: 'записано {count} игрока',
  },
  'league.season': 'Сезон {number}',
  'league.runs': 'с {from} по {to}',
  'league.finished': 'Завершён',
  'league.next': 'Следующий сезон начнётся {when}',
  'league.needPlayers': 'Следующий сезон начнётся, когда запишутся четыре игрока.',
  'league.noSeason': 'Ещё не сыграно ни одного сезона.',
  'league.join': 'Вступить в лигу',
  'league.leave': 'Не играть следующие сезоны',
  'league.youIn': 'Вы играете в следующем сезоне.',
  'league.youOut': 'Вы не записаны на следующий сезон.',
  'league.group': 'Лига {tier}, группа {group}',
  'league.rank': 'Место',
  'league.player': 'Игрок',
  'league.points': 'Очки',
  'league.sb': 'Коэф. Бергера',
  'league.up': 'Поднимается',
  'league.down': 'Опускается',
  'league.inPlay': 'Идёт',
  'league.unfinished': 'Не окончена к концу сезона: считается ничьей',
  'league.cell': '{you} против {them}: {score}',
};
