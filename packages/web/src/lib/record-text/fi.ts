// Pelitallenteen tai aseman virheet suomeksi.

import type { RecordCatalog } from './en.ts';

/** The record problems' words in Finnish. */
export const fi: RecordCatalog = {
  'load.empty': 'Tiedosto on tyhjä: siinä ei ole pelitallennetta.',
  'load.apn': 'Tämä ei ole kelvollinen asema (APN).',
  'load.apn.fields':
    'Tämä ei ole kelvollinen asema (APN): siinä pitää olla lauta, vuorossa oleva puoli ja, jos vartijoita on kädessä, niiden määrät, yhdellä välilyönnillä erotettuina.',
  'load.apn.files':
    'Tämä ei ole kelvollinen asema (APN): laudalla pitää olla yksitoista linjaa, a–l, kauttaviivalla erotettuina.',
  'load.apn.char':
    'Tämä ei ole kelvollinen asema (APN): laudalla on jotain, mikä ei ole nappula (Q G q g), * eikä tyhjien ruutujen määrä.',
  'load.apn.length': 'Tämä ei ole kelvollinen asema (APN): jonkin linjan ruutujen määrä ei täsmää.',
  'load.apn.turn': 'Tämä ei ole kelvollinen asema (APN): vuorossa oleva puoli merkitään w tai b.',
  'load.apn.hand':
    'Tämä ei ole kelvollinen asema (APN): kädessä olevat vartijat merkitään kahtena lukuna 0–6, esimerkiksi 6/6.',
  'load.apn.queens':
    'Tämä ei ole kelvollinen asema (APN): kummallakin pelaajalla on täsmälleen yksi kuningatar.',
  'load.apn.guards':
    'Tämä ei ole kelvollinen asema (APN): kummallakin pelaajalla on kuusi vartijaa laudalla ja kädessä yhteensä.',
  'load.apn.throne': 'Tämä ei ole kelvollinen asema (APN): vartija on valtaistuimella f6.',
  'load.agn': 'Tämä ei ole kelvollinen pelitallenne (AGN).',
  'load.agn.tag':
    'Tämä ei ole kelvollinen pelitallenne (AGN): otsakkeen rivi ei ole muotoa [Event "Casual game"].',
  'load.agn.variant':
    'Tämä ei ole kelvollinen pelitallenne (AGN): muunnelma (Variant) on Standard tai Placement.',
  'load.agn.queenPlacement':
    'Tämä ei ole kelvollinen pelitallenne (AGN): kuningattaren sijoittaja (QueenPlacement) on Owner tai Captor.',
  'load.agn.position':
    'Tämä ei ole kelvollinen pelitallenne (AGN): sen Position-kenttä ei ole kelvollinen asema (APN).',
  'load.agn.comment':
    'Tämä ei ole kelvollinen pelitallenne (AGN): aaltosulkeissa olevaa kommenttia ei ole suljettu.',
  'load.agn.afterResult':
    'Tämä ei ole kelvollinen pelitallenne (AGN): tuloksen jälkeen on vielä jotain.',
  'load.agn.result':
    'Tämä ei ole kelvollinen pelitallenne (AGN): tulos ei täsmää siirtojen kanssa.',
  'load.agn.move':
    'Tämä ei ole kelvollinen pelitallenne (AGN): siirto {number} ”{move}” ei ole siirto.',
  'load.agn.illegal':
    'Tämä ei ole kelvollinen pelitallenne (AGN): siirto {number} {move} ei ole sallittu. {reason}',
  'load.agn.variation':
    'Tuo ei ole kelvollinen pelitallenne (AGN): sulkeissa ( ) olevaa sivulinjaa ei ole suljettu, tai sulkevalla sululla ei ole paria.',
};
