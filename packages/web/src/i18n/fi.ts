// Suomi. Pelin sanasto: kuningatar, vartija, valtaistuin, ruutu, kehä, askel, vangita,
// sijoittaa uudelleen, asettaa; pelaajat Valkea ja Musta kuten shakissa.

import type { UiCatalog } from './en.ts';

/** The app's words in Finnish. */
export const fi: UiCatalog = {
  'app.loading': 'Agon latautuu…',
  'app.skip': 'Siirry pelilaudalle',

  'nav.pages': 'Sivut',
  'nav.play': 'Pelaa',
  'nav.rules': 'Säännöt',
  'nav.tutorial': 'Opetus',
  'nav.lobby': 'Aula',
  'nav.tournaments': 'Turnaukset',
  'nav.yourTurns': {
    one: '{count} peli odottaa siirtoasi',
    other: '{count} peliä odottaa siirtoasi',
  },
  'nav.challenges': {
    one: '{count} haaste sinulle',
    other: '{count} haastetta sinulle',
  },
  'nav.puzzles': 'Tehtävät',

  'top.subtitle.placement': 'asettelupeli',
  'top.subtitle.touchMove': 'kosketussääntö',
  'top.subtitle.captor': 'vangitsija sijoittaa kuningattaren',
  'top.newGame': 'Uusi peli',
  'top.record': 'Tallenna / lataa',
  'top.flip': 'Käännä',
  'top.flip.title': 'Käännä lauta ympäri',
  'top.sound': 'Ääni',
  'top.theme': 'Teema',
  'top.language': 'Kieli',
  'theme.light': 'Vaalea',
  'theme.dark': 'Tumma',
  'theme.contrast': 'Suuri kontrasti',
  'top.install': 'Asenna',
  'update.ready': 'Agonin uusi versio on valmis. Pelisi on tallessa ja jatkuu päivityksen jälkeen.',
  'update.apply': 'Päivitä nyt',
  'update.later': 'Myöhemmin',

  'dialog.close': 'Sulje',

  'board.label': 'Agon-pelilauta',
  'board.help':
    'Nuolinäppäimet liikkuvat ruudusta toiseen. Enter tai välilyönti nostaa nappulan ja laskee sen sallittuun ruutuun; Esc palauttaa sen paikalleen.',
  'board.helpPremove':
    'Kun vastapuoli on vuorossa, samoin jonoon asetetaan ennakkosiirto, joka pelataan vuorosi tullessa; Esc peruu sen.',
  'cell.throne': 'valtaistuin',
  'cell.ring': 'kehä {ring}',
  'cell.empty': 'tyhjä',
  'cell.selected': 'valittu',
  'cell.canMove': 'voi liikkua',
  'cell.dest': 'sallittu kohde',
  'cell.placement': 'tähän voi asettaa vartijan',
  'cell.last': 'edellinen siirto',
  'cell.hint': 'vihje',
  'piece.white.queen': 'valkea kuningatar',
  'piece.white.guard': 'valkea vartija',
  'piece.black.queen': 'musta kuningatar',
  'piece.black.guard': 'musta vartija',
  'pieceCaptured.white.queen': 'valkea kuningatar, vangittu',
  'pieceCaptured.white.guard': 'valkea vartija, vangittu',
  'pieceCaptured.black.queen': 'musta kuningatar, vangittu',
  'pieceCaptured.black.guard': 'musta vartija, vangittu',
  'pieceAt.white.queen': 'Valkean kuningatar ruudussa {cell}',
  'pieceAt.white.guard': 'Valkean vartija ruudussa {cell}',
  'pieceAt.black.queen': 'Mustan kuningatar ruudussa {cell}',
  'pieceAt.black.guard': 'Mustan vartija ruudussa {cell}',

  'player.you': 'Sinä',
  'player.computer': 'Tietokone (taso {level})',
  'player.white': 'Valkea',
  'player.black': 'Musta',
  'player.side.white': '(Valkea)',
  'player.side.black': '(Musta)',
  'player.toMove': 'vuorossa',
  'player.hand': { one: '{count} vartija kädessä', other: '{count} vartijaa kädessä' },
  'player.thinking': 'miettii…',

  'who.you': 'Sinä',
  'who.computer': 'Tietokone',
  'who.white': 'Valkea',
  'who.black': 'Musta',

  'turn.step': '{player}: {move}.',
  'turn.capture': '{player}: {move}. Vangittu: {pieces}.',
  'turn.relocate.queen':
    '{player}: vangittu kuningatar sijoitettiin uudelleen ruudusta {from} ruutuun {to} ({move}).',
  'turn.relocate.guard':
    '{player}: vangittu vartija sijoitettiin uudelleen ruudusta {from} ruutuun {to} ({move}).',
  'turn.place': '{player}: vartija asetettiin ruutuun {to}.',
  'turn.pass':
    '{player}: vuoro meni ohi, koska kosketetulla nappulalla ei ollut sallittua siirtoa.',

  'prompt.you': 'Sinun siirtosi.',
  'prompt.computer': 'Tietokoneen vuoro.',
  'prompt.white': 'Valkean vuoro.',
  'prompt.black': 'Mustan vuoro.',
  'prompt.place': 'Aseta vartija mihin tahansa tyhjään ruutuun paitsi valtaistuimelle.',

  'status.takenBack': 'Siirto peruttu.',
  'status.loaded': 'Peli ladattu.',
  'status.hintLooking': 'Etsitään hyvää siirtoa…',
  'status.hint': 'Vihje: {move}.',
  'status.computerNoMove': 'Tietokone ei löytänyt siirtoa.',
  'status.engineFailed':
    'Tietokonepelaaja lakkasi toimimasta. Lataa sivu uudelleen käynnistääksesi sen.',
  'select.queen': {
    one: 'Kuningatar ruudussa {cell} nostettu: {count} sallittu kohde.',
    other: 'Kuningatar ruudussa {cell} nostettu: {count} sallittua kohdetta.',
  },
  'select.guard': {
    one: 'Vartija ruudussa {cell} nostettu: {count} sallittu kohde.',
    other: 'Vartija ruudussa {cell} nostettu: {count} sallittua kohdetta.',
  },
  'touch.committed.queen': 'Kosketussääntö: ruudun {cell} kuningatarta on siirrettävä.',
  'touch.committed.guard': 'Kosketussääntö: ruudun {cell} vartijaa on siirrettävä.',
  'touch.stuck.queen':
    'Kosketussääntö: ruudun {cell} kuningattarella ei ole sallittua siirtoa, joten menetät vuorosi.',
  'touch.stuck.guard':
    'Kosketussääntö: ruudun {cell} vartijalla ei ole sallittua siirtoa, joten menetät vuorosi.',
  'touch.mustMove': 'Kosketussääntö: sinun on siirrettävä ruudun {cell} nappulaa.',
  'refuse.noMove.queen': 'Ruudun {cell} kuningattarella ei ole nyt sallittua siirtoa.',
  'refuse.noMove.guard': 'Ruudun {cell} vartijalla ei ole nyt sallittua siirtoa.',
  'refuse.wrongSide.white': 'Se on Mustan nappula; vuorossa on Valkea.',
  'refuse.wrongSide.black': 'Se on Valkean nappula; vuorossa on Musta.',
  'refuse.pickFirst': 'Nosta ensin jokin omista nappuloistasi.',
  'refuse.notYourTurn': 'Odota tietokoneen siirtoa.',
  'refuse.over': 'Peli on päättynyt.',

  'illegal.over': 'Peli on päättynyt: valtaistuinkehä on täynnä.',
  'illegal.pass':
    'Vuoron saa ohittaa vain kosketussäännöllä, kun kosketetulla nappulalla ei ole sallittua siirtoa.',
  'illegal.relocateQueen.white':
    'Valkean vangittu kuningatar ruudussa {cell} on sijoitettava uudelleen tällä vuorolla.',
  'illegal.relocateQueen.black':
    'Mustan vangittu kuningatar ruudussa {cell} on sijoitettava uudelleen tällä vuorolla.',
  'illegal.relocateGuard.white':
    'Valkealla on vangittu vartija: se on sijoitettava uudelleen tällä vuorolla.',
  'illegal.relocateGuard.black':
    'Mustalla on vangittu vartija: se on sijoitettava uudelleen tällä vuorolla.',
  'illegal.notCaptured': 'Ruudussa {cell} ei ole vuorossa olevan pelaajan vangittua nappulaa.',
  'illegal.queenFirst':
    'Vangittu kuningatar ruudussa {cell} sijoitetaan uudelleen ennen yhtäkään vartijaa.',
  'illegal.relocateOccupied':
    'Ruutu {cell} on varattu; nappula sijoitetaan uudelleen tyhjään ruutuun.',
  'illegal.outerRing':
    'Vangittu vartija sijoitetaan uloimman kehän tyhjään ruutuun, ja ruutu {cell} on kehällä {ring}.',
  'illegal.relocation': 'Tuo uudelleensijoitus ei ole mahdollinen.',
  'illegal.nothingCaptured':
    'Vuorossa olevalla pelaajalla ei ole vangittuja nappuloita, joten uudelleensijoitettavaa ei ole.',
  'illegal.mustPlace': {
    one: 'Kädessä on vielä {count} vartija, ja se on asetettava laudalle.',
    other: 'Kädessä on vielä {count} vartijaa, ja yksi niistä on asetettava laudalle.',
  },
  'illegal.placeThrone': 'Vartijaa ei saa asettaa valtaistuimelle f6.',
  'illegal.placeOccupied': 'Ruutu {cell} on varattu; vartija asetetaan tyhjään ruutuun.',
  'illegal.placement': 'Tuo asetus ei ole mahdollinen.',
  'illegal.noHand': 'Kädessä ei ole vartijaa asetettavaksi.',
  'illegal.noPiece': 'Ruudussa {cell} ei ole siirrettävää nappulaa.',
  'illegal.enemy.white': 'Ruudun {cell} nappula on Mustan; vuorossa on Valkea.',
  'illegal.enemy.black': 'Ruudun {cell} nappula on Valkean; vuorossa on Musta.',
  'illegal.capturedStep':
    'Ruudun {cell} nappula on vangittu: se ei voi astua ennen uudelleensijoitusta.',
  'illegal.notAdjacent':
    'Ruudut {from} ja {to} eivät ole vierekkäin; askel vie viereiseen ruutuun.',
  'illegal.outward':
    'Askel ei koskaan vie ulospäin, ja {from}-{to} veisi kehältä {fromRing} kehälle {toRing}.',
  'illegal.occupied': 'Ruutu {cell} on varattu; askel vie tyhjään ruutuun.',
  'illegal.throne': 'Vain kuningatar saa astua valtaistuimelle f6.',
  'illegal.forbidden.white':
    'Ruutu {cell} on kahden mustan nappulan välissä (ruuduissa {a} ja {b}): siihen ei saa astua.',
  'illegal.forbidden.black':
    'Ruutu {cell} on kahden valkean nappulan välissä (ruuduissa {a} ja {b}): siihen ei saa astua.',
  'illegal.step': 'Tuo askel ei ole mahdollinen.',

  'outcome.ringWin.white':
    'Valkea sai valtaistuinkehän täyteen: kuningatar valtaistuimella ja kuusi vartijaa sen ympärillä.',
  'outcome.ringWin.black':
    'Musta sai valtaistuinkehän täyteen: kuningatar valtaistuimella ja kuusi vartijaa sen ympärillä.',
  'outcome.ringLoss.white':
    'Valkean kuusi vartijaa sulki kehän valtaistuimen ympäri ilman kuningatarta, ja se tietää häviötä.',
  'outcome.ringLoss.black':
    'Mustan kuusi vartijaa sulki kehän valtaistuimen ympäri ilman kuningatarta, ja se tietää häviötä.',
  'outcome.noMoves.white': 'Valkealla ei ole sallittua siirtoa.',
  'outcome.noMoves.black': 'Mustalla ei ole sallittua siirtoa.',
  'outcome.repetition': 'Sama asema toistui kolmannen kerran: tasapeli.',
  'outcome.resigned.white': 'Valkea luovutti.',
  'outcome.resigned.black': 'Musta luovutti.',
  'outcome.agreed': 'Pelaajat sopivat tasapelin.',
  'title.aborted': 'Peli keskeytetty.',
  'title.draw': 'Tasapeli.',
  'title.youWin': 'Voitit!',
  'title.youLose': 'Hävisit.',
  'title.wins.white': 'Valkea voittaa.',
  'title.wins.black': 'Musta voittaa.',

  'controls.takeback': 'Peru siirto',
  'controls.hint': 'Vihje',
  'controls.pass': 'Ohita vuoro',
  'controls.resign': 'Luovuta',
  'controls.resignConfirm': 'Luovutetaanko varmasti?',
  'controls.rematch': 'Uusintapeli',

  'typed.label': 'Kirjoita siirto',
  'typed.help': 'b1-c2 on askel, e5@a3 uudelleensijoitus, @c4 vartijan asetus.',
  'typed.submit': 'Siirrä',
  'typed.notMove': '”{text}” ei ole siirto: kirjoita se muodossa b1-c2, e5@a3 tai @c4.',

  'moves.label': 'Siirrot',
  'moves.first': 'Alkuasema',
  'moves.back': 'Siirto taaksepäin',
  'moves.forward': 'Siirto eteenpäin',
  'moves.live': 'Takaisin peliin',
  'moves.shown': 'Asema {shown}. siirron jälkeen, siirtoja yhteensä {last}',

  'new.title': 'Uusi peli',
  'new.opponent': 'Vastustaja',
  'new.computer': 'Tietokone',
  'new.people': 'Kaksi pelaajaa samalla laitteella',
  'new.level': 'Taso',
  'new.levelHint': '1 on lempein, 10 vahvin',
  'new.side': 'Sinun puolesi',
  'new.side.white': 'Valkea (aloittaa)',
  'new.side.black': 'Musta',
  'new.side.random': 'Satunnainen',
  'new.touchMove': 'Kosketussääntö: nostettua nappulaa on siirrettävä',
  'new.variant': 'Muunnelma',
  'new.standard': 'Tavallinen',
  'new.placement': 'Asettelupeli: vartijat aloittavat kädestä',
  'new.queenPlacement': 'Kuka sijoittaa vangitun kuningattaren',
  'new.queenOwner': 'Hänen omistajansa (tavallinen)',
  'new.queenCaptor': 'Vangitsija (historiallinen)',
  'new.cancel': 'Peruuta',
  'new.play': 'Pelaa',

  'result.lookAtBoard': 'Katso lautaa',
  'result.newGame': 'Uusi peli',

  'record.title': 'Pelitallenne',
  'record.game': 'Tämä peli (AGN)',
  'record.copyAgn': 'Kopioi AGN',
  'record.download': 'Lataa .agn-tiedosto',
  'record.position': 'Laudan asema (APN)',
  'record.copyApn': 'Kopioi APN',
  'record.copiedAgn': 'AGN kopioitu.',
  'record.copiedApn': 'APN kopioitu.',
  'record.copyFailed': 'Kopiointi ei onnistunut: valitse teksti ja kopioi se itse.',
  'record.load': 'Lataa peli tai asema',
  'record.paste': 'Liitä AGN-tallenne tai APN-asema',
  'record.loadPasted': 'Lataa liitetty teksti',
  'record.openFile': 'Avaa tiedosto…',
  'record.kept': 'Nykyinen pelisi säilyy.',
  'record.event': 'Vapaa peli',

  'online.title': 'Pelaa ystävää vastaan verkossa',
  'online.entryNote': 'Peli linkin kautta, kahdella laitteella',
  'online.loading': 'Peli latautuu…',
  'online.loadFailed': 'Verkkopeliä ei voitu ladata. Tarkista yhteys ja lataa sivu uudelleen.',
  'online.aborted':
    'Peli päättyi ennen kuin molemmat olivat siirtäneet, joten sitä ei lasketa kenellekään: vahvuusluvut eivät muutu.',
  'online.timeout.white': 'Valkealta loppui aika.',
  'online.timeout.black': 'Mustalta loppui aika.',
  'top.quickMessages': 'Pikaviestit peleissä',
  'top.strangers': 'Haasteet vain pelaajilta, joiden kanssa olen pelannut',
  'top.peopleOnly': 'Pikapelit vain ihmisten kanssa, ei botteja',
  'top.strangersFailed': 'Asetusta ei saatu luettua tai tallennettua; yritä uudelleen.',
  'top.coordinates': 'Ruutujen nimet',
  'top.online': 'Verkossa',
  'top.notices': 'Ilmoitukset',
  'notices.turn': 'Siirtovuorosi kirjepelissä',
  'notices.challenge': 'Sinulle osoitettu haaste',
  'notices.accepted': 'Haasteesi hyväksytään',
  'notices.started': 'Pelisi alkaa',
  'notices.ended': 'Pelisi päättyy',
  'notices.seeking': 'Joku etsii peliä, jota odotat',
  'notices.tournament': 'Turnaus, johon liityit, alkaa pian',
  'notices.blocked': 'Tämä selain estää Agonin ilmoitukset; salli ne selaimen sivustoasetuksista.',
  'push.ask': 'Haluatko ilmoituksen, kun on sinun siirtosi?',
  'push.yes': 'Kyllä',
  'push.notNow': 'Ei nyt',
  'push.problem.unsupported':
    'Tämä selain ei voi vastaanottaa ilmoituksia verkkosivuilta. Lisää iPhonessa tai iPadissa Agon kotivalikkoon ja avaa se sieltä.',
  'push.problem.denied':
    'Ilmoitukset on estetty tältä sivustolta. Salli ne selaimen sivustoasetuksista (osoitteen vieressä oleva kuvake) ja yritä uudelleen.',
  'push.problem.dismissed':
    'Selaimen kysymys suljettiin vastaamatta. Yritä uudelleen ja valitse Salli.',
  'push.problem.failed':
    'Selain salli ilmoitukset, mutta ei saanut yhteyttä ilmoituspalveluunsa (ei verkkoyhteyttä tai yksityinen ikkuna). Tarkista yhteys ja yritä uudelleen.',
  'push.problem.off': 'Ilmoitukset eivät ole käytössä tällä laitteella.',
  'top.onlineName': 'Verkkonimi…',
  'top.onlineNamed': 'Verkkonimi: {name}',
  'top.coordinates.title': 'Kirjoita kunkin ruudun nimi siihen',
  'controls.draw': 'Sovi tasapeli',
  'controls.drawConfirm': 'Sovitaanko tasapeli?',
  'intro.goal':
    'Vie kuningattaresi kultaiselle valtaistuimelle ja ympäröi hänet kuudella vartijallasi.',
  'intro.learn': 'Uusi Agonissa? Opi kahdessa minuutissa',
  'new.abandon': 'Hylkää tämä peli ja aloita',
  'new.abandonNote': 'Peli on kesken: uuden aloittaminen hylkää sen.',
  'replay.playOn': 'Jatka pelaamista tästä',
  'status.why': 'Miksi? Katso säännöt',
  'status.replaying': 'Siirto {shown}/{last}: katselet peliä uudelleen.',
  'status.playingOn': 'Peliä jatketaan siirrosta {ply}.',
  'status.touchMoveOn': 'Kosketussääntö on yhä voimassa.',
  'status.captorOn': 'Vangitsija sijoittaa vangitun kuningattaren (R16).',
  'refuse.replaying': 'Katselet aiempaa asemaa: palaa peliin tai jatka pelaamista tästä.',
  'owed.guard.you':
    'Vartijasi ruudussa {cell} vangittiin: {act} jotakin ulkokehän ruutua palauttaaksesi sen.',
  'owed.queen.you':
    'Kuningattaresi ruudussa {cell} vangittiin: {act} mitä tahansa tyhjää ruutua palauttaaksesi hänet.',
  'owed.guard.white':
    'Valkean vartija ruudussa {cell} vangittiin: {act} jotakin ulkokehän ruutua palauttaaksesi sen.',
  'owed.queen.white':
    'Valkean kuningatar ruudussa {cell} vangittiin: {act} mitä tahansa tyhjää ruutua palauttaaksesi hänet.',
  'owed.guard.black':
    'Mustan vartija ruudussa {cell} vangittiin: {act} jotakin ulkokehän ruutua palauttaaksesi sen.',
  'owed.queen.black':
    'Mustan kuningatar ruudussa {cell} vangittiin: {act} mitä tahansa tyhjää ruutua palauttaaksesi hänet.',
  'act.tap': 'napauta',
  'act.click': 'napsauta',
  'captor.you':
    'Vangitsit tietokoneen kuningattaren: {act} mitä tahansa tyhjää ruutua sijoittaaksesi hänet sinne (R16).',
  'captor.computer':
    'Tietokone vangitsi kuningattaresi ja valitsee, minne hänet sijoitetaan (R16).',
  'captor.white':
    'Valkea vangitsi Mustan kuningattaren: Valkea, {act} mitä tahansa tyhjää ruutua sijoittaaksesi hänet sinne (R16).',
  'captor.black':
    'Musta vangitsi Valkean kuningattaren: Musta, {act} mitä tahansa tyhjää ruutua sijoittaaksesi hänet sinne (R16).',
  'cell.blocked': 'kielletty: kahden vastustajan nappulan välissä',
  'cell.premoveDest': 'ennakkosiirron kohde',
  'cell.premove': 'jonossa oleva ennakkosiirto',
  'top.premove': 'Ennakkosiirrot',
  'premove.queued':
    'Ennakkosiirto {move} jonossa: se pelataan heti kun vuorosi tulee, jos se on silloin sallittu.',
  'premove.cancel': 'Peru ennakkosiirto',
  'nav.analysis': 'Analyysi',
  'moves.analyse': 'Analysoi',
  'result.analyse': 'Analysoi peli',
  'result.practise': 'Harjoittele tätä',
  'top.settings': 'Asetukset',
  'theme.system': 'Sama kuin laitteessa',
  'top.board': 'Lauta',
  'controls.more': 'Lisää',
  'controls.label': 'Pelin toiminnot',
  'intro.dismiss': 'Selvä',
  'moves.empty':
    'Ei vielä siirtoja. Napauta nappulaa ja sitten ruutua: samalla kehällä tai yhtä kehää lähempänä valtaistuinta.',
  'moves.emptyPlacement': 'Ei vielä siirtoja. Napauta ruutua asettaaksesi sotilaan siihen.',
  'player.relocate': 'siirto takaisin laudalle kesken',
  'player.placesQueen': 'sijoittaa kuningattaren',
  'player.online': 'yhteydessä',
  'player.offline': 'ei yhteyttä',
  'outcome.stuck.forbidden.white':
    'Mikään valkoisen nappula ei voi liikkua: rastitetut ruudut ovat kahden mustan nappulan välissä, ja muut ruudut ovat varattuja tai kauempana valtaistuimesta.',
  'outcome.stuck.forbidden.black':
    'Mikään mustan nappula ei voi liikkua: rastitetut ruudut ovat kahden valkoisen nappulan välissä, ja muut ruudut ovat varattuja tai kauempana valtaistuimesta.',
  'outcome.stuck.blocked.white':
    'Mikään valkoisen nappula ei voi liikkua: jokainen viereinen ruutu on varattu tai kauempana valtaistuimesta.',
  'outcome.stuck.blocked.black':
    'Mikään mustan nappula ei voi liikkua: jokainen viereinen ruutu on varattu tai kauempana valtaistuimesta.',
  'banner.offline':
    'Olet offline-tilassa. Pelit tietokonetta vastaan ja tällä laitteella jatkuvat; verkkopelit odottavat yhteyttä.',
  'notFound.text': 'Tässä osoitteessa ei ole sivua.',
  'notFound.back': 'Siirry peliin',
};
