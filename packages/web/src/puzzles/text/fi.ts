// Tehtäväsivu suomeksi. Ruutujen nimet ja siirtojen merkinnät pysyvät ennallaan.

import type { PuzzleCatalog } from './en.ts';

/** The puzzle page's words in Finnish. */
export const fi: PuzzleCatalog = {
  failed: 'Tehtäviä ei saatu ladattua. Yritä uudelleen lataamalla sivu.',
  unknown: 'Tehtävää {id} ei ole; tässä toinen.',
  puzzle: 'Tehtävä {id}',
  daily: 'Päivän tehtävä',
  puzzleRating: 'Tehtävän vaikeus {rating}',

  'task.win.white': {
    one: 'Valkean siirto: voita {count} siirrolla',
    other: 'Valkean siirto: voita {count} siirrolla',
  },
  'task.win.black': {
    one: 'Mustan siirto: voita {count} siirrolla',
    other: 'Mustan siirto: voita {count} siirrolla',
  },
  'task.queen.white': 'Valkean siirto: vangitse musta kuningatar',
  'task.queen.black': 'Mustan siirto: vangitse valkea kuningatar',
  'task.guards.white': 'Valkean siirto: vangitse kaksi mustaa vartijaa yhdellä askeleella',
  'task.guards.black': 'Mustan siirto: vangitse kaksi valkeaa vartijaa yhdellä askeleella',

  'status.start': 'Etsi paras siirto.',
  'status.good': 'Hyvä siirto. Jatka.',
  'status.solved': 'Ratkaistu!',
  'status.checking': 'Ei tämä. Katsotaan vastaus…',
  'status.solution': 'Ratkaisu siirto siirrolta.',
  'status.solutionEnd': 'Siinä koko ratkaisu.',

  'why.queen.white': 'Tämän jälkeen Valkea vangitsee kuningattaresi ruudussa {cell}.',
  'why.queen.black': 'Tämän jälkeen Musta vangitsee kuningattaresi ruudussa {cell}.',
  'why.guards.white': {
    one: 'Tämän jälkeen Valkea vangitsee vartijasi ruudussa {cells}.',
    other: 'Tämän jälkeen Valkea vangitsee vartijasi ruuduissa {cells}.',
  },
  'why.guards.black': {
    one: 'Tämän jälkeen Musta vangitsee vartijasi ruudussa {cells}.',
    other: 'Tämän jälkeen Musta vangitsee vartijasi ruuduissa {cells}.',
  },
  'why.ring.white': 'Tämän jälkeen Valkea saa valtaistuinkehän täyteen.',
  'why.ring.black': 'Tämän jälkeen Musta saa valtaistuinkehän täyteen.',
  'why.stuck.white': 'Tämän jälkeen Valkea jättää sinut ilman siirtoa.',
  'why.stuck.black': 'Tämän jälkeen Musta jättää sinut ilman siirtoa.',
  'why.over.white':
    'Valkealla ei ole tähän vastausta, mutta peli päättyy toisin kuin tehtävä pyytää.',
  'why.over.black':
    'Mustalla ei ole tähän vastausta, mutta peli päättyy toisin kuin tehtävä pyytää.',
  'why.holds.win.white': {
    one: 'Tämän jälkeen Valkea pitää pintansa: voittoa {count} siirrolla ei ole.',
    other: 'Tämän jälkeen Valkea pitää pintansa: voittoa {count} siirrolla ei ole.',
  },
  'why.holds.win.black': {
    one: 'Tämän jälkeen Musta pitää pintansa: voittoa {count} siirrolla ei ole.',
    other: 'Tämän jälkeen Musta pitää pintansa: voittoa {count} siirrolla ei ole.',
  },
  'why.holds.queen.white': 'Tämän jälkeen Valkea pitää pintansa: valkea kuningatar on turvassa.',
  'why.holds.queen.black': 'Tämän jälkeen Musta pitää pintansa: musta kuningatar on turvassa.',
  'why.holds.guards.white':
    'Tämän jälkeen Valkea pitää pintansa: mikään askel ei vangitse kahta sen vartijaa.',
  'why.holds.guards.black':
    'Tämän jälkeen Musta pitää pintansa: mikään askel ei vangitse kahta sen vartijaa.',
  and: '{first} ja {last}',

  retry: 'Yritä uudelleen',
  solution: 'Näytä ratkaisu',
  next: 'Seuraava tehtävä',
  'solution.back': 'Edellinen siirto',
  'solution.forward': 'Seuraava siirto',
  moves: 'Ratkaisun siirrot',
  movesEmpty: 'Siirrot näkyvät tässä sitä mukaa kuin ne pelataan.',

  rating: 'Tehtävävahvuutesi',
  change: 'Muutos edellisen tehtävän jälkeen',
  'mode.label': 'Tila',
  'mode.rated': 'Pisteytetyt',
  'mode.streak': 'Putki',
  'mode.daily': 'Päivän',
  'streak.count': 'Putki: {count}',
  'streak.best': 'Paras putki: {count}',
  'streak.over': 'Putki päättyi lukemaan {count}. Yksi väärä siirto katkaisee sen.',
  'streak.again': 'Uusi putki',
  'streak.note':
    'Tehtävät vaikenevat yksi kerrallaan; yksi väärä siirto katkaisee putken. Ei pisteytetä.',
  'daily.note': 'Sama tehtävä kaikille tänään (UTC).',

  'filter.theme': 'Aihe',
  'filter.difficulty': 'Vaikeus',
  'difficulty.easier': 'Helpompi',
  'difficulty.normal': 'Tavallinen',
  'difficulty.harder': 'Vaikeampi',
  'theme.any': 'Kaikki aiheet',
  'theme.capture': 'Vangitseminen',
  'theme.double-capture': 'Kaksi kerralla',
  'theme.queen-capture': 'Kuningattaren vangitseminen',
  'theme.relocation-tempo': 'Tempo uudelleensijoituksesta',
  'theme.throne-ring': 'Valtaistuinkehä',
  'theme.r12-trap': 'Ei siirtoja jäljellä',
  'theme.placement': 'Asettelu',
  'theme.win-in-1': 'Voitto yhdellä',
  'theme.win-in-2': 'Voitto kahdella',
  'theme.win-in-3': 'Voitto kolmella',
  'theme.win-in-4': 'Voitto neljällä',
  'theme.win-in-5': 'Voitto viidellä',
  'theme.win-in-6': 'Voitto kuudella',
  'theme.win-in-7': 'Voitto seitsemällä',
};
