import type { Locale } from '../locales';
import areaRows from './data/areas.json';

/**
 * How French and Spanish put a place after "de" ("près de", "à 5 km de", "cerca de"): with its
 * article and the contraction it makes (du, des, del), or none. The messages hold the words
 * (an ICU select on `article`); this module only says which form a place takes:
 * m (le/el), f (la), mp (les/los), fp (les/las), v (French l’ before a vowel), e (French d’, no
 * article), none. Towns and unknown places take none.
 */
export type PlaceArticle = 'm' | 'f' | 'mp' | 'fp' | 'v' | 'e' | 'none';
type Gender = 'm' | 'f' | 'mp' | 'fp';

// The gazetteer's regions and areas (data/areas.json ids) that take an article: French, then Spanish ('-': none).
const areaArticles: Record<string, `${Gender | '-'} ${Gender | '-'}`> = {
  alps: 'fp mp', 'french-alps': 'fp mp', 'swiss-alps': 'fp mp', 'italian-alps': 'fp mp', 'austrian-alps': 'fp mp',
  'mont-blanc-massif': 'm m', 'chamonix-valley': 'f m', 'aiguilles-rouges': 'fp fp', 'haute-savoie': 'f -', savoie: 'f -',
  'haute-maurienne': 'f -', vanoise: 'f -', ecrins: 'm m', 'hautes-alpes': 'fp mp', queyras: 'm -', 'verdon-gorge': 'fp f',
  corsica: 'f -', 'pennine-alps': 'fp mp', valais: 'm m', 'saas-valley': 'f m', 'bernese-oberland': 'm m', engadine: 'f f',
  'gran-paradiso': 'm m', 'monte-rosa': 'm m', 'aosta-valley': 'f m', dolomites: 'fp fp', 'brenta-dolomites': 'fp fp',
  'south-tyrol': 'm m', veneto: 'f m', trentino: 'm m', sardinia: 'f -', 'julian-alps': 'fp mp', 'hohe-tauern': 'mp mp',
  'east-tyrol': 'm m', tyrol: 'm m', silvretta: 'f f', 'stubai-alps': 'fp mp', 'otztal-alps': 'fp mp', 'zillertal-alps': 'fp mp',
  'bavarian-alps': 'fp mp', 'high-tatras': 'fp mp', pyrenees: 'fp mp', 'aragonese-pyrenees': 'fp m', 'central-pyrenees': 'fp m',
  'benasque-valley': 'f m', 'hautes-pyrenees': 'fp mp', 'picos-de-europa': 'mp mp', 'sierra-nevada-spain': 'f f',
  'costa-blanca': 'f f', meteora: 'mp -', 'mount-olympus': 'm m', 'lyngen-alps': 'fp mp', lofoten: 'fp fp',
  'sunnmore-alps': 'fp mp', svalbard: 'm -', 'icelandic-highlands': 'fp fp', vatnajokull: 'm m', 'scottish-highlands': 'fp fp',
  scotland: 'f -', 'isle-of-skye': 'f f', cairngorms: 'mp mp', 'lake-district': 'm m', 'atlas-mountains': 'm f',
  'high-atlas': 'm m', toubkal: 'm m', 'central-high-atlas': 'm m', 'anti-atlas': 'm m', 'jebel-saghro': 'm m',
  'todra-gorge': 'fp f', kilimanjaro: 'm m', 'mount-meru': 'm m', 'mount-kenya': 'm m', rwenzori: 'mp mp',
  'simien-mountains': 'mp fp', drakensberg: 'm m', himalaya: 'm m', khumbu: 'm m', 'hinku-valley': 'f m', annapurna: 'fp m',
  'upper-mustang': 'm m', manaslu: 'm m', langtang: 'm m', 'kathmandu-valley': 'f m', kanchenjunga: 'm m', sikkim: 'm -',
  garhwal: 'm m', ladakh: 'm -', zanskar: 'm -', karakoram: 'm m', 'hunza-valley': 'f m', tibet: 'm m', 'tian-shan': 'm m',
  'issyk-kul': 'm -', 'terskey-ala-too': 'm m', pamir: 'm m', 'fann-mountains': 'mp mp', caucasus: 'm m', elbrus: 'm m',
  svaneti: 'f -', 'japanese-alps': 'fp mp', 'mount-fuji': 'm m', daisetsuzan: 'm m', kinabalu: 'm m', carstensz: 'f f',
  'cordillera-blanca': 'f f', ancash: 'm -', 'cordillera-huayhuash': 'f f', ausangate: 'm m', 'cordillera-real-bolivia': 'f f',
  'ecuador-volcanoes': 'f f', patagonia: 'f f', 'chilean-patagonia': 'f f', 'santa-cruz-argentina': 'f f',
  'southern-patagonian-ice-field': 'm m', aconcagua: 'm m', 'central-andes': 'fp mp', 'rocky-mountains': 'fp fp',
  'colorado-rockies': 'fp fp', 'grand-teton': 'm m', 'sierra-nevada-california': 'f f', 'mount-rainier': 'm m',
  'alaska-range': 'f f', 'canadian-rockies': 'fp fp', banff: 'm m', yoho: 'm m', jasper: 'm m', 'purcell-mountains': 'mp fp',
  bugaboos: 'mp mp', 'columbia-mountains': 'mp fp', alberta: 'f -', 'british-columbia': 'f f', 'southern-alps': 'fp mp',
  'mount-aspiring': 'm m', otago: 'm -', vinson: 'm m',
};

// Countries, French: plural, no article (islands, city states), masculine despite a final e; the rest by their first word's ending.
const frenchCountryPlural = /^(Îles|États-Unis|Émirats|Pays-Bas|Bahamas|Bermudes|Comores|Fidji|Maldives|Philippines|Samoa américaines|Seychelles|Terres australes)/;
const frenchCountryBare = /^(Anguilla|Antigua|Aruba|Bahreïn|Chypre|Cuba|Curaçao|Djibouti|Gibraltar|Guam|Guernesey|Haïti|Hong Kong|Israël|Jersey|Kiribati|Macao|Madagascar|Malte|Mayotte|Monaco|Montserrat|Nauru|Niue|Oman|Palaos|Porto Rico|Saint|Sainte|Samoa|São Tomé|Singapour|Svalbard|Taïwan|Tokelau|Tonga|Trinité|Tuvalu|Wallis|Ahvenanmaa)\b/;
const frenchCountryMasculine = /^(Cambodge|Mexique|Mozambique|Zimbabwe|Territoire)\b/;
// Countries, Spanish: the few that take an article.
const spanishCountryArticles: Record<string, Gender> = { 'Reino Unido': 'm', 'Países Bajos': 'mp', 'Emiratos Árabes Unidos': 'mp' };

// Common nouns a place's name starts with, written lower case after an article ("près de la vallée de Chamonix").
const genericNouns = /^(Vallée|Massif|Mont|Monts|Parc|Gorges|Cordillère|Chaîne|Champ|Pyramide|Avenue|Province|Île|Îles|Valle|Macizo|Monte|Montes|Parque|Garganta|Cordillera|Campo|Pirámide|Avenida|Provincia|Isla|Islas)\b/;
// A vowel, or a mute h (l’Himalaya; la Haute-Savoie has an aspirated one).
const startsWithVowel = /^([aeiouyàâäéèêëîïôöùûüœæ]|Himalaya)/i;

const byName: Record<'fr' | 'es', Map<string, Gender>> = { fr: new Map(), es: new Map() };
for (const row of areaRows as { id: string; names: Record<Locale, string> }[]) {
  const articles = areaArticles[row.id];
  if (!articles) continue;
  const [fr, es] = articles.split(' ') as [Gender | '-', Gender | '-'];
  if (fr !== '-') byName.fr.set(row.names.fr, fr);
  if (es !== '-') byName.es.set(row.names.es, es);
}

function frenchCountry(name: string): Gender | null {
  if (frenchCountryPlural.test(name)) return 'mp';
  if (frenchCountryBare.test(name)) return null;
  if (frenchCountryMasculine.test(name)) return 'm';
  return /e$/.test(name.split(/[ ]/)[0]!) ? 'f' : 'm';
}

/**
 * The form a place's name takes after "de" in `locale`, and the name as written after its article.
 * `kind`: a gazetteer kind ('country', 'region', 'area') or anything else for a catalogue place.
 */
export function placeArticle(name: string, kind: string, locale: Locale): { article: PlaceArticle; place: string } {
  if (locale === 'en') return { article: 'none', place: name };
  const gender = kind === 'country' ? (locale === 'fr' ? frenchCountry(name) : (spanishCountryArticles[name] ?? null)) : (byName[locale].get(name) ?? null);
  const place = gender && genericNouns.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
  if (locale === 'fr' && startsWithVowel.test(place)) return { article: gender === null ? 'e' : gender === 'm' || gender === 'f' ? 'v' : gender, place };
  return { article: gender ?? 'none', place };
}
