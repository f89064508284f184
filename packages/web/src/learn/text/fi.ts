// Säännöt ja opetus suomeksi. Sääntöjen numerot (R1–R15), ruutujen nimet ja siirtojen
// merkinnät pysyvät ennallaan.

import type { LearnCatalog } from './en.ts';

/** The rules and the tutorial in Finnish. */
export const fi: LearnCatalog = {
  'rules.title': 'Agonin säännöt',
  'rules.intro':
    'Agon, jota myytiin myös nimellä Queen’s Guard (Lontoo, 1842), on kahden pelaajan kilpajuoksu kuusikulmaisen laudan keskelle. Kumpikin pelaaja yrittää saada kuningattarensa keskimmäiseen ruutuun, valtaistuimelle, ja kuusi vartijaansa sitä ympäröiviin kuuteen ruutuun.',
  'rules.contents': 'Sisältö',
  'rules.board': 'Lauta',
  'rules.pieces': 'Nappulat ja alkuasetelma',
  'rules.turn': 'Vuoro',
  'rules.end': 'Pelin päättyminen',
  'rules.variants': 'Muunnelma ja kotisäännöt',
  'rules.notation': 'Merkinnät ja ohjaus',

  'r1.title': 'Ruudut ja kehät',
  'r1.text':
    'Lauta on kuusikulmio, jonka jokaisella sivulla on kuusi ruutua: yhteensä 91 ruutua. Jokainen ruutu kuuluu johonkin kehään, joka kertoo sen etäisyyden keskiruudusta. Kehä 0 on pelkkä keskiruutu, valtaistuin (f6); kehällä 1 on 6 ruutua, kehällä 2 on 12, kehällä 3 on 18, kehällä 4 on 24 ja kehällä 5, uloimmalla kehällä, on 30. Kaksi ruutua ovat vierekkäin, kun niillä on yhteinen sivu.',
  'r2.title': 'Suorat',
  'r2.text':
    'Suora kulkee ruudun keskipisteestä sen yhden sivun yli viereisen ruudun keskipisteeseen ja samaan suuntaan edelleen laudan reunaan asti. Jokaisen ruudun kautta kulkee kolme suoraa: yksi suoraan ylös ja alas sen linjaa pitkin ja kaksi vinoa, toinen oikealle ylös ja toinen vasemmalle ylös; kukin ylittää kuusikulmion kaksi vastakkaista sivua. Ruutu on kahden muun välissä, kun kumpikin niistä on sen vieressä ja kaikki kolme ovat samalla suoralla: ne ovat sen naapurit kahden vastakkaisen sivun takana. Kulmaruutu ei ole koskaan kahden ruudun välissä, koska jokainen sen kautta kulkeva suora päättyy toisesta päästään juuri siihen.',
  'r3.title': 'Nappulat',
  'r3.text': 'Kummallakin pelaajalla, Valkealla ja Mustalla, on yksi kuningatar ja kuusi vartijaa.',
  'r4.title': 'Tavallinen alkuasetelma',
  'r4.text':
    'Kaikki neljätoista nappulaa aloittavat uloimmalta kehältä. Valkea: kuningatar f1; vartijat b1, k1, a5, l5, d9, h9. Musta: kuningatar f11; vartijat h1, d1, l2, a2, k7, b7. Uloimmalla kehällä värit vuorottelevat.',
  'r5.title': 'Ensimmäinen siirto',
  'r5.text': 'Valkea siirtää ensin. Pelaajat sopivat, kumpi pelaa valkeilla.',
  'r6.title': 'Mikä vuoro on',
  'r6.text':
    'Pelaajat siirtävät vuorotellen. Vuoro on täsmälleen yksi näistä: askel, uudelleensijoitus tai asettelupelissä asetus. Pelaajan, jolla on vangittu nappula, on käytettävä vuoronsa sen uudelleensijoitukseen.',
  'r7.title': 'Askel',
  'r7.text':
    'Siirrä jokin vangitsematon nappulasi viereiseen tyhjään ruutuun samalla kehällä (sivulle) tai yhtä kehää lähempänä keskustaa (sisäänpäin): ei koskaan ulospäin eikä hypäten. Vain kuningatar saa astua valtaistuimelle, eikä valtaistuimella oleva kuningatar voi enää astua.',
  'r8.title': 'Kielletty ruutu',
  'r8.text':
    'Askel ei saa päättyä ruutuun, joka on kahden vastustajan nappulan välissä, olivatpa ne vangittuja tai eivät, ei edes silloin, kun askel vangitsisi toisen niistä.',
  'r9.title': 'Vangitseminen',
  'r9.text':
    'Katso askeleen jälkeen ruudusta, johon nappula saapui, kaikkiin kuuteen suuntaan: jos aivan vieressä on vastustajan nappula ja heti sen takana oma nappulasi (vangittu tai ei), vastustajan nappula vangitaan. Yksi askel voi vangita useita nappuloita. Vain liikkunut nappula vangitsee: nappulaa, joka vain seisoo kahden vastustajan välissä, ei vangita.',
  'r9.text2':
    'Myös valtaistuimella oleva kuningatar voidaan vangita. Vangittua nappulaa ei poisteta, ja se pysyy vangittuna, kunnes sen omistaja sijoittaa sen uudelleen. Se jää ruutuunsa ja lasketaan tavalliseksi nappulaksi kaikessa (se varaa ruudun, se rajaa kiellettyjä ruutuja ja vangitsemisia, se lasketaan valtaistuinkehään), paitsi ettei se voi astua.',
  'r10.title': 'Uudelleensijoitus',
  'r10.text':
    'Omistaja sijoittaa uudelleen yhden vangitun nappulan vuorossa: vangitun kuningattaren ennen yhtäkään vangittua vartijaa, vartijat missä järjestyksessä tahansa. Vangittu kuningatar menee mihin tahansa laudan tyhjään ruutuun, myös valtaistuimelle; vangittu vartija menee mihin tahansa uloimman kehän tyhjään ruutuun. Uudelleensijoitus ei välitä kielletyistä ruuduista, ei vangitse mitään ja vapauttaa nappulan.',
  'r11.title': 'Valtaistuinkehä',
  'r11.text':
    'Jokaisen vuoron jälkeen: jos valtaistuimen ympärillä olevissa kuudessa ruudussa on kaikissa saman pelaajan vartija, tämä pelaaja voittaa, jos hänen kuningattarensa on valtaistuimella, ja häviää, jos ei ole.',
  'r12.title': 'Ei sallittua siirtoa',
  'r12.text':
    'Pelaaja, jonka on siirrettävä mutta jolla ei ole yhtään sallittua vuoroa, häviää. Uudelleensijoitus on aina mahdollinen, joten näin käy vain, kun jokainen askel on estetty.',
  'r13.title': 'Toisto',
  'r13.text':
    'Kun sama asema toistuu pelissä kolmannen kerran, peli päättyy tasapeliin. Sama asema tarkoittaa, että jokainen nappula on samassa ruudussa ja yhtä lailla vangittu tai vapaa kuin ennen, vuorossa on sama pelaaja ja asettelupelissä kummallakin pelaajalla on kädessään yhtä monta vartijaa kuin ennen. Alkuasema lasketaan ensimmäiseksi kerraksi.',
  'rules.resign':
    'Ihmisten välisessä pelissä pelaaja voi aina luovuttaa, ja pelaajat voivat sopia tasapelin.',
  'r14.title': 'Asettelupeli',
  'r14.text':
    'Peli alkaa niin, että laudalla on vain kuningattaret, Valkean ruudussa f1 ja Mustan ruudussa f11, ja kummallakin pelaajalla on kädessään kuusi vartijaa. Niin kauan kuin sinulla on vartija kädessä, vuorosi on asettaa yksi niistä mihin tahansa tyhjään ruutuun paitsi valtaistuimelle; asetus ei välitä kielletyistä ruuduista eikä vangitse mitään. Valkea asettaa ensin. Kun kaikki kaksitoista vartijaa ovat laudalla, peli jatkuu askelin, Valkea vuorossa. Valtaistuinkehän sääntö on voimassa alusta asti.',
  'r15.title': 'Kosketussääntö (kotisääntö)',
  'r15.text':
    'Käytössä vain, jos pelaajat niin sopivat, eikä tietokone käytä sitä koskaan. Kun nostat jonkin nappulasi, sinun on siirrettävä juuri sitä; jos sillä ei ole sallittua askelta, menetät vuorosi (merkitään siirroksi pass).',
  'r16.title': 'Vangitsija sijoittaa kuningattaren (historiallinen sääntö)',
  'r16.text':
    'Käytössä vain, jos pelaajat niin sopivat; näin sääntö kerrotaan joissakin vanhoissa sääntökirjoissa. Vangittu kuningatar sijoitetaan yhä uudelleen omistajansa vuorolla, ennen yhtäkään vangittua vartijaa, mihin tahansa tyhjään ruutuun, myös valtaistuimelle (R10), mutta ruudun valitsee hänet vanginnut pelaaja. Vuoro on silti omistajan: valtaistuimen kehän sääntö tarkistetaan sen jälkeen, se lasketaan toistoihin, ja omistajan vuoro päättyy siihen. Vartijat sijoittaa uudelleen yhä niiden omistaja. Vangitsija asettaa kuningattaren usein sinne, missä hänet voi vangita uudelleen, jolloin omistaja käyttää vuoron toisensa jälkeen hänen palauttamiseensa. Tietokone pelaa tällä säännöllä kaikilla tasoilla; verkossa vangitsijan kello käy, kun hän valitsee.',
  'notation.cells':
    'Ruudut nimetään linjan ja rivin mukaan, esimerkiksi f6. Linja on pystysuora ruutujen sarake; Valkean puolelta katsottuna linjat on merkitty kirjaimin a–l vasemmalta oikealle (j puuttuu): a on vasemmanpuoleisin sarake, f keskimmäinen, valtaistuimen kautta kulkeva, ja l oikeanpuoleisin. Rivit lasketaan kutakin linjaa ylöspäin, alimmasta ruudusta 1 alkaen. Alimmat ruudut ovat laudan kahdella alareunalla, joten rivi 1 kulkee vasemman kulman ruudusta a1 alas laudan alakulmaan f1 ja taas ylös oikean kulman ruutuun l1: rivi ei siis ole vaakasuora. Valtaistuin f6 on linjan f kuudes ruutu; f11 on yläkulma. Kun lauta käännetään niin, että Musta on alhaalla, jokainen ruutu säilyttää nimensä.',
  'notation.moves':
    'Askel merkitään mistä-mihin (b1-c2), uudelleensijoitus mistä@mihin (e5@a3) ja asetus @mihin (@c4). Voit kirjoittaa siirtosi näin laudan vieressä olevaan kenttään.',
  'notation.keyboard':
    'Näppäimistöllä: Tab vie laudalle, nuolinäppäimet liikkuvat ruudusta toiseen, Enter tai välilyönti nostaa nappulan ja laskee sen, ja Esc palauttaa sen. Ruudunlukija kertoo jokaisen ruudun nimen, kehän, siinä olevan nappulan ja sen, onko ruutu sallittu kohde, sekä ilmoittaa jokaisen siirron.',

  'fig.board':
    'Lauta kulmaruutujen nimin ja keskellä valtaistuin f6. Valtaistuimen ympärillä korostetut ruudut ovat kehä 1, valtaistuinkehä.',
  'fig.lines':
    'Ruudun d5 kautta kulkevat kolme suoraa piirrettyinä niiden ruutujen keskipisteiden kautta, joiden yli ne kulkevat: ylös ja alas linjaa d pitkin sekä vinosti kumpaankin suuntaan. Kullakin suoralla d5 on kahden naapurinsa välissä: d4 ja d6, c4 ja e6, c5 ja e5.',
  'fig.start':
    'Alkuasetelma: kaikki nappulat uloimmalla kehällä, Valkean kuningatar ruudussa f1, Mustan ruudussa f11.',
  'fig.step':
    'Askel: ruudun d3 valkea vartija voi siirtyä pisteellä merkittyyn ruutuun, sivulle kehällä 3 tai sisäänpäin kehälle 2, ei koskaan ulospäin. Musta vartija varaa ruudun e4.',
  'fig.forbidden':
    'Kielletty ruutu: k2 on ruutujen l2 ja i2 mustien vartijoiden välissä, joten ruudun k1 valkea vartija ei saa astua siihen (yliviivattu ympyrä).',
  'fig.capture':
    'Vangitseminen: siirron a5-b6 jälkeen ruudun c7 musta vartija on liikkuneen vartijan ja ruudun d8 valkean vartijan välissä. Se vangitaan (merkitty ristillä) ja jää laudalle.',
  'fig.relocation':
    'Uudelleensijoitus: Mustan vangittu vartija ruudussa e5 on siirrettävä uloimman kehän tyhjään ruutuun (pisteet).',
  'fig.win': 'Valkea voittaa: kuningatar on valtaistuimella ja kuusi valkeaa vartijaa ympäröi sen.',
  'fig.lose':
    'Valkea häviää: kuusi valkeaa vartijaa on sulkenut kehän, mutta valtaistuin on tyhjä.',
  'fig.placement': 'Asettelupeli alkaa pelkillä kuningattarilla.',
  'fig.captor':
    'Vangitsijan valinta (R16): Valkea on vanginnut Mustan kuningattaren ruudussa d4. Säännön R10 mukaan Musta asettaisi hänet ruutuun g6, Valkean kehän aukkoon (korostettu). Säännön R16 mukaan valitsee Valkea: kuningatar menee kauas, ruutuun a1 (nuoli), ja Valkean vartija ruudusta h5 sulkee kehän seuraavalla vuorolla.',
  'fig.names':
    'Jokainen ruutu nimineen, Valkean puoli alhaalla. Korostettu: linja c, ylöspäin kulkeva sarake, ja rivi 1, jokaisen linjan alin ruutu, laudan kahta alareunaa pitkin.',

  'tutorial.title': 'Opetus',
  'tutorial.intro':
    'Yhdeksän lyhyttä oppituntia oikealla laudalla. Tee siirto, jota kukin oppitunti pyytää; jos siirto on väärä, kerromme miksi.',
  'tutorial.progress': 'Oppitunti {n}/{total}',
  'tutorial.board': 'Oppitunnin lauta',
  'tutorial.task': 'Tehtäväsi',
  'tutorial.howTo':
    'Napsauta tai napauta nappulaa ja sitten ruutua, johon sen pitää mennä. Näppäimistöllä: Tab laudalle, sitten nuolinäppäimet ja Enter.',
  'tutorial.next': 'Seuraava oppitunti',
  'tutorial.previous': 'Edellinen oppitunti',
  'tutorial.retry': 'Aloita oppitunti alusta',
  'tutorial.done': 'Se oli viimeinen oppitunti. Osaat nyt säännöt: pelaa peli!',
  'tutorial.play': 'Pelaa peli',

  'l1.title': 'Askel',
  'l1.task': 'Siirrä ruudun b1 valkea vartija askel lähemmäs valtaistuinta.',
  'l1.success':
    'Hienoa. Askel vie viereiseen tyhjään ruutuun samalla kehällä tai yhtä kehää sisemmäs (R7).',
  'l1.sideways':
    'Tuo askel menee sivulle, uloimpaa kehää pitkin. Se on sallittu, mutta tämä oppitunti pyytää askelta sisäänpäin.',
  'l1.otherPiece': 'Tämä oppitunti koskee ruudun b1 vartijaa.',
  'l2.title': 'Valtaistuin',
  'l2.task': 'Vain kuningatar saa astua valtaistuimelle. Siirrä valkea kuningatar ruutuun f6.',
  'l2.success': 'Kuningatar on valtaistuimella. Sieltä se ei voi enää astua (R7).',
  'l2.other': 'Siirrä valtaistuimen vieressä ruudussa e5 oleva kuningatar ruutuun f6.',
  'l3.title': 'Kielletty ruutu',
  'l3.task':
    'Ruudun k1 vartija haluaisi astua ruutuun k2. Kokeile, ja tee sitten askel, joka on sallittu.',
  'l3.success':
    'Oikein. k2 on kahden mustan nappulan välissä, joten yksikään valkean askel ei saa päättyä siihen (R8); sivuaskeleet uloimmalla kehällä ovat yhä mahdollisia.',
  'l3.otherPiece': 'Tämä oppitunti koskee ruudun k1 vartijaa.',
  'l4.title': 'Vangitseminen',
  'l4.task': 'Vangitse ruudun c7 musta vartija.',
  'l4.success':
    'Vangittu! Musta vartija jää ruutuun c7 merkittynä, kunnes Musta sijoittaa sen uudelleen (R9).',
  'l4.noCapture':
    'Tuo siirto ei vangitse mitään. Saata musta vartija liikuttamasi nappulan ja toisen valkean nappulan väliin samalle suoralle.',
  'l5.title': 'Uudelleensijoitus',
  'l5.task':
    'Ruudun e9 vartijasi on vangittu. Sijoita se uudelleen johonkin uloimman kehän tyhjään ruutuun.',
  'l5.success':
    'Vartija on taas vapaa. Vangittu vartija menee uloimmalle kehälle, vangittu kuningatar minne tahansa (R10).',
  'l6.title': 'Kuningatar ensin',
  'l6.task':
    'Sekä kuningattaresi ruudussa e1 että vartijasi ruudussa e9 on vangittu. Sijoita toinen niistä uudelleen.',
  'l6.success':
    'Oikein: vangittu kuningatar sijoitetaan uudelleen ennen yhtäkään vartijaa (R10). Se saa mennä mihin tahansa tyhjään ruutuun, myös valtaistuimelle.',
  'l7.title': 'Voitto',
  'l7.task':
    'Valkea kuningatar on valtaistuimella, ja viisi valkeaa vartijaa seisoo sen ympärillä. Sulje kehä.',
  'l7.success': 'Voitit: kuningatar valtaistuimella ja kuusi vartijaa sen ympärillä (R11).',
  'l7.gap': 'Tuo vain siirtää aukkoa. Tuo ruutuun g6 vartija kehän ulkopuolelta.',
  'l7.other': 'Tuo ei sulje kehää. Siirrä vartija tyhjään ruutuun g6.',
  'l8.title': 'Ei liian aikaisin',
  'l8.task':
    'Viisi valkeaa vartijaa seisoo tyhjän valtaistuimen ympärillä. Tuo kuningatar sisään ruudun g6 aukosta; älä sulje kehää vartijalla.',
  'l8.success':
    'Turvassa. Seuraavalla vuorolla kuningatar voi astua valtaistuimelle, ja sitten vartija voi sulkea kehän sen takana.',
  'l8.closes': 'Seis: tuo sulkisi kehän valtaistuimen ollessa tyhjä, ja Valkea häviäisi (R11).',
  'l8.other': 'Siirrä ruudun h6 kuningatar aukkoon ruutuun g6.',
  'l9.title': 'Vangitsijan valinta',
  'l9.task':
    'Historiallisen säännön (R16) mukaan vangitsija valitsee, minne vangittu kuningatar menee. Vangitsit Mustan kuningattaren ruudussa d4: sijoita hänet mihin tahansa tyhjään ruutuun paitsi g6:een, aukkoon, jonka vartijasi ruudussa h5 on täyttämässä.',
  'l9.success':
    'Nyt h5-g6 sulkee kehän kuningattaresi ympärille ja voittaa. Tavallisen säännön mukaan Musta olisi itse asettanut hänet ruutuun g6.',
  'l9.gap':
    'Ruudussa g6 hän täyttää kehäsi aukon, kuten omistaja itse valitsisi. Sijoita hänet muualle.',
};
