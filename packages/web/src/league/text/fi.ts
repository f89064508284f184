// Liigasivujen sanat suomeksi.

import type { LeagueCatalog } from './en.ts';

/** The league pages' words in Finnish. */
export const fi: LeagueCatalog = {
  'leagues.title': 'Liigat',
  'leagues.intro':
    'Kirjepelien kausia tasoittain: ryhmässä jokainen pelaa jokaista vastaan kerran; kaksi parasta nousee liigan ylemmäs, kaksi viimeistä putoaa.',
  'league.loading': 'Ladataan liigaa…',
  'league.loadFailed': 'Liigaa ei saatu luettua: {why}',
  'league.notFound': 'Tällaista liigaa ei ole.',
  'league.days': { one: '{count} päivä siirtoa kohden', other: '{count} päivää siirtoa kohden' },
  'league.seasonDays': { one: '{count} päivän kaudet', other: '{count} päivän kaudet' },
  'league.entered': { one: '{count} pelaaja mukana', other: '{count} pelaajaa mukana' },
  'league.season': 'Kausi {number}',
  'league.runs': '{from}–{to}',
  'league.finished': 'Päättynyt',
  'league.next': 'Seuraava kausi alkaa {when}',
  'league.needPlayers': 'Seuraava kausi alkaa, kun neljä pelaajaa on ilmoittautunut.',
  'league.noSeason': 'Yhtään kautta ei ole vielä pelattu.',
  'league.join': 'Liity liigaan',
  'league.leave': 'Jätä seuraavat kaudet väliin',
  'league.youIn': 'Pelaat seuraavalla kaudella.',
  'league.youOut': 'Et ole mukana seuraavalla kaudella.',
  'league.group': 'Liiga {tier}, ryhmä {group}',
  'league.rank': 'Sija',
  'league.player': 'Pelaaja',
  'league.points': 'Pisteet',
  'league.sb': 'SB',
  'league.up': 'Nousee',
  'league.down': 'Putoaa',
  'league.inPlay': 'Käynnissä',
  'league.unfinished': 'Kesken kauden päättyessä: lasketaan tasapeliksi',
  'league.cell': '{you} vastaan {them}: {score}',
};
