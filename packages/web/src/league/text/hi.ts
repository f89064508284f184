// लीग पन्नों के शब्द हिंदी में।

import type { LeagueCatalog } from './en.ts';

/** The league pages' words in Hindi. */
export const hi: LeagueCatalog = {
  'leagues.title': 'लीग',
  'leagues.intro':
    'स्तरों में दिनों वाले खेलों के सीज़न: समूह में हर खिलाड़ी हर दूसरे से एक बार खेलता है; शीर्ष दो ऊपर की लीग में जाते हैं, अंतिम दो नीचे।',
  'league.loading': 'लीग लोड हो रही है…',
  'league.loadFailed': 'लीग पढ़ी नहीं जा सकी: {why}',
  'league.notFound': 'ऐसी कोई लीग नहीं है।',
  'league.days': { one: 'प्रति चाल {count} दिन', other: 'प्रति चाल {count} दिन' },
  'league.seasonDays': { one: '{count} दिन के सीज़न', other: '{count} दिन के सीज़न' },
  'league.entered': { one: '{count} खिलाड़ी शामिल', other: '{count} खिलाड़ी शामिल' },
  'league.season': 'सीज़न {number}',
  'league.runs': '{from} से {to} तक',
  'league.finished': 'समाप्त',
  'league.next': 'अगला सीज़न {when} शुरू होगा',
  'league.needPlayers': 'चार खिलाड़ियों के शामिल होते ही अगला सीज़न शुरू होगा।',
  'league.noSeason': 'अभी तक कोई सीज़न नहीं खेला गया।',
  'league.join': 'लीग में शामिल हों',
  'league.leave': 'अगले सीज़न से बाहर रहें',
  'league.youIn': 'आप अगला सीज़न खेलेंगे।',
  'league.youOut': 'आप अगले सीज़न के लिए शामिल नहीं हैं।',
  'league.group': 'लीग {tier}, समूह {group}',
  'league.rank': 'स्थान',
  'league.player': 'खिलाड़ी',
  'league.points': 'अंक',
  'league.sb': 'SB',
  'league.up': 'ऊपर जाएगा',
  'league.down': 'नीचे जाएगा',
  'league.inPlay': 'जारी',
  'league.unfinished': 'सीज़न के अंत तक अधूरा: बराबरी गिना गया',
  'league.cell': '{you} बनाम {them}: {score}',
};
