import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  distanceMeters,
  findPlaceInText,
  gazetteer,
  gazetteerPlace,
  matchGazetteer,
  namesPlaceExactly,
  normalizePlaceText,
  placeContains,
  placesByCountry,
  trigramSimilarity,
  wordSimilarity,
} from '@/lib/search/gazetteer';
import { editDistance } from '@/lib/search/place-text';

type SeedTrip = {
  key: string;
  location: string;
  latitude: number;
  longitude: number;
  countryCode: string;
  region: Record<'en' | 'fr' | 'es', string>;
};
type SeedLanding = { key: string; countryCode: string | null; intro: Record<'en' | 'fr' | 'es', string>; body: Record<'en' | 'fr' | 'es', string> };

const seedFile = (name: string) => JSON.parse(readFileSync(new URL(`../../../lib/db/seed/data/${name}`, import.meta.url), 'utf8'));
const trips: SeedTrip[] = ['trips-alps.json', 'trips-euaf.json', 'trips-world.json'].flatMap(seedFile);
const landingPages: SeedLanding[] = seedFile('landing-pages.json');

describe('normalizePlaceText', () => {
  // Expected values are PostgreSQL's lower(unaccent(x)), separators aside.
  it.each([
    ['Écrins', 'ecrins'],
    ['Sunnmøre', 'sunnmore'],
    ['Großglockner', 'grossglockner'],
    ['GROSSGLOCKNER', 'grossglockner'],
    ['Łódź', 'lodz'],
    ['Œuvre', 'oeuvre'],
    ['Ærø', 'aero'],
    ['Þórsmörk', 'thorsmork'],
    ['Đakovo', 'dakovo'],
    ['Cordillère Blanche', 'cordillere blanche'],
    ['Alpes de l’Ötztal', 'alpes de l otztal'],
    ['Chamonix-Mont-Blanc (La Flégère)', 'chamonix mont blanc la flegere'],
    ['  Aoraki/Mount Cook —  Village! ', 'aoraki mount cook village'],
    ['K2 base_camp', 'k2 base camp'],
    ['Peñón de Ifach', 'penon de ifach'],
    ['', ''],
    ['¡¿…!?', ''],
  ])('%s → %s', (input, expected) => {
    expect(normalizePlaceText(input)).toBe(expected);
  });
});

describe('trigram measures agree with pg_trgm', () => {
  // [a, b, similarity(a, b), word_similarity(a, b)] as PostgreSQL 15 returns them (float4).
  const reference: [string, string, number, number][] = [
    ['chamonix', 'chamonix mont blanc', 0.4736842215061188, 1],
    ['chamonx', 'chamonix', 0.5454545617103577, 0.75],
    ['dolomits', 'dolomites', 0.5833333134651184, 0.7777777910232544],
    ['cordillera blance', 'cordillera blanca', 0.800000011920929, 0.8888888955116272],
    ['kilimandjaro', 'kilimanjaro', 0.6666666865348816, 0.6666666865348816],
    ['cordillera blanca', 'cordillere blanche', 0.6086956262588501, 0.699999988079071],
    ['mont blanc', 'massif du mont blanc', 0.550000011920929, 1],
    ['zermatt', 'zermatt matterhorn', 0.47058823704719543, 1],
    ['word', 'two words', 0.3636363744735718, 0.800000011920929],
    ['two words', 'word', 0.3636363744735718, 0.4000000059604645],
    ['lyngen', 'alpes de lyngen troms', 0.3181818127632141, 1],
    ['banff yoho', 'banff and yoho national parks', 0.36666667461395264, 0.7333333492279053],
    ['patagonia', 'patagonie chilienne', 0.3636363744735718, 0.800000011920929],
    ['annapurna circuit', 'tour des annapurnas', 0.3103448152542114, 0.5],
    ['ecrins', 'parc national des ecrins', 0.2800000011920929, 1],
    ['abc', 'xyz', 0, 0],
    ['a', 'a', 1, 1],
    ['sunnmore', 'sunnmore alps', 0.6428571343421936, 1],
    ['grossglockner', 'kals am grossglockner', 0.6363636255264282, 1],
    ['aiguille', 'aiguilles rouges', 0.47058823704719543, 0.8888888955116272],
    ['toubkal', 'jebel toubkal imlil', 0.4000000059604645, 1],
    ['el chalten', 'el chalten and fitz roy', 0.4583333432674408, 1],
  ];

  it.each(reference)('similarity(%s, %s)', (a, b, similarity) => {
    expect(trigramSimilarity(a, b)).toBeCloseTo(similarity, 7);
  });

  it.each(reference)('word_similarity(%s, %s)', (a, b, _similarity, word) => {
    expect(wordSimilarity(a, b)).toBeCloseTo(word, 7);
  });

  it('normalizes before comparing, as search_text is written', () => {
    expect(trigramSimilarity('Chamonix', 'Chamonix-Mont-Blanc')).toBeCloseTo(0.4736842215061188, 7);
    expect(wordSimilarity('Cordillère Blanche', 'cordillere blanche ancash')).toBe(1);
    expect(trigramSimilarity('', 'anything')).toBe(0);
    expect(wordSimilarity('', 'anything')).toBe(0);
  });

  it('counts edit distance with swaps of neighbouring letters', () => {
    expect(editDistance('chamonx', 'chamonix')).toBe(1);
    expect(editDistance('zremat', 'zermat')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });
});

describe('matchGazetteer', () => {
  it.each([
    // English, French and Spanish names and aliases, with or without accents
    ['Mont Blanc massif', 'mont-blanc-massif'],
    ['massif du Mont-Blanc', 'mont-blanc-massif'],
    ['macizo del mont blanc', 'mont-blanc-massif'],
    ['Chamonix', 'chamonix-valley'],
    ['Chamonix-Mont-Blanc', 'chamonix-valley'],
    ['Cordillera Blanca', 'cordillera-blanca'],
    ['Cordillère Blanche', 'cordillera-blanca'],
    ['cordillere blanche', 'cordillera-blanca'],
    ['Dolomites', 'dolomites'],
    ['Dolomitas', 'dolomites'],
    ['Dolomiti', 'dolomites'],
    ['High Atlas', 'high-atlas'],
    ['Haut Atlas', 'high-atlas'],
    ['Alto Atlas', 'high-atlas'],
    ['Khumbu (Everest region)', 'khumbu'],
    ["région de l'Everest", 'khumbu'],
    ['Everest Base Camp', 'khumbu'],
    ['Kilimandjaro', 'kilimanjaro'],
    ['Pirineos', 'pyrenees'],
    ['Pyrénées', 'pyrenees'],
    ['Sierra Nevada', 'sierra-nevada-spain'],
    ['Sierra Nevada, California', 'sierra-nevada-california'],
    ['Großglockner', 'hohe-tauern'],
    ['Alpes de l’Ötztal', 'otztal-alps'],
    ['Tour du Mont Blanc', 'mont-blanc-massif'],
    ['Nepal', 'country-np'],
    ['Népal', 'country-np'],
    ['Suisse', 'country-ch'],
    ['Suiza', 'country-ch'],
    ['Schweiz', 'country-ch'],
    ['États-Unis', 'country-us'],
    ['USA', 'country-us'],
    ['Nouvelle-Zélande', 'country-nz'],
    ['Trinidad and Tobago', 'country-tt'],
  ])('%s is exactly %s', (query, id) => {
    const match = matchGazetteer(query);
    expect(match?.place.id).toBe(id);
    expect(match?.exact).toBe(true);
    expect(match?.score).toBe(1);
  });

  it.each([
    ['chamonx', 'chamonix-valley'],
    ['dolomits', 'dolomites'],
    ['cordillera blance', 'cordillera-blanca'],
    ['kilimandjaro', 'kilimanjaro'],
    ['kilimanjaroo', 'kilimanjaro'],
    ['zermat', 'zermatt'],
    ['zermtat', 'zermatt'],
    ['grindelwlad', 'grindelwald'],
    ['anapurna', 'annapurna'],
    ['patagoni', 'patagonia'],
    ['Pyrénées centrale', 'central-pyrenees'],
    ['massif du mont blan', 'mont-blanc-massif'],
    ['macizo del mon blanc', 'mont-blanc-massif'],
    ['Sierra Nevda California', 'sierra-nevada-california'],
    ['montblanc', 'mont-blanc-massif'],
  ])('%s is %s despite the typo', (query, id) => {
    const match = matchGazetteer(query);
    expect(match?.place.id).toBe(id);
    if (match?.exact === false) expect(match.score).toBeGreaterThanOrEqual(0.55);
  });

  it.each(['', 'a', 'UK', 'k2', '  é ', 'ski touring', 'via ferrata', 'ice climbing', 'trekking', 'mont blanc ascent', 'guided hut trek', 'aspen', 'zzzzzz'])(
    '%j names no place',
    (query) => {
      expect(matchGazetteer(query)).toBeNull();
    },
  );

  it('reads a list of places and keeps the most specific', () => {
    expect(matchGazetteer('Zermatt, Valais')).toMatchObject({ place: { id: 'zermatt' }, exact: true });
    expect(matchGazetteer('Switzerland, Zermatt')?.place.id).toBe('zermatt');
    expect(matchGazetteer('Chamonix, France')?.place.id).toBe('chamonix-valley');
    expect(matchGazetteer('Santa Cruz, Patagonia')?.place.id).toBe('santa-cruz-argentina');
    expect(matchGazetteer('Mont Blanc massif (France, Italy, Switzerland)')).toMatchObject({ place: { id: 'mont-blanc-massif' }, exact: true });
    // Half its letters name no place: a part, not the query, is a place
    expect(matchGazetteer('Pont, Valsavarenche')).toMatchObject({ place: { id: 'gran-paradiso' }, exact: false, matchedText: 'valsavarenche' });
    expect(matchGazetteer('chamonix, with friends and family')).toBeNull();
  });

  it('prefers an area over a region over a country on ties', () => {
    // 'Montserrat' is a Caribbean territory and the climbing mountain near Barcelona
    expect(matchGazetteer('Montserrat')?.place.id).toBe('montserrat-catalonia');
    expect(matchGazetteer('Pennine Alps, Valais')?.place.id).toBe('pennine-alps');
    expect(matchGazetteer('Mendoza, Central Andes')?.place.id).toBe('central-andes');
  });

  it('reports what matched', () => {
    expect(matchGazetteer('Lukla')).toMatchObject({ place: { id: 'khumbu' }, matchedName: 'Lukla', matchedText: 'lukla', exact: true });
    expect(matchGazetteer('chamonx')).toMatchObject({ matchedName: 'Chamonix', matchedText: 'chamonx', exact: false });
  });

  it('resolves every demo trip’s region, in each language, and its location to a place that contains the trip', () => {
    const misses: string[] = [];
    for (const trip of trips) {
      const point = { lat: trip.latitude, lng: trip.longitude };
      for (const text of [trip.region.en, trip.region.fr, trip.region.es, trip.location]) {
        const match = matchGazetteer(text);
        if (!match || !placeContains(match.place, point)) {
          const distance = match ? `${Math.round(distanceMeters(match.place, point) / 1000)} km from ${match.place.id}` : 'no place';
          misses.push(`${trip.key}: '${text}' → ${distance}`);
        }
      }
      expect(gazetteer.some((place) => place.kind === 'country' && place.countryCode === trip.countryCode)).toBe(true);
    }
    expect(misses).toEqual([]);
    expect(trips).toHaveLength(62);
  });

  it('knows the places the landing pages talk about, in their country', () => {
    const named: Record<string, string[]> = {
      'ski-touring-norway': ['Lyngen Alps', 'Sunnmøre Alps', 'Tromsø', 'Ålesund'],
      'trekking-nepal': ['Everest Base Camp', 'Annapurna Circuit', 'Thorong La', 'Langtang', 'Manaslu', 'Upper Mustang', 'Kathmandu', 'Lukla'],
      'mountaineering-france': ['Chamonix', 'Écrins', 'Mont Blanc', 'Aiguille du Tour', 'Dôme des Écrins'],
      'rock-climbing-spain': ['Costa Blanca', 'Puig Campana', 'El Chorro', 'Siurana', 'Margalef', 'Riglos', 'Naranjo de Bulnes', 'Picos de Europa', 'Pyrenees'],
      'kilimanjaro-treks': ['Uhuru Peak', 'Kilimanjaro', 'Machame', 'Lemosho', 'Marangu'],
      'trekking-peru': ['Cusco', 'Inca Trail', 'Machu Picchu', 'Salkantay', 'Ausangate', 'Santa Cruz trek', 'Cordillera Blanca', 'Cordillera Huayhuash', 'Huaraz', 'Aguas Calientes'],
      'ski-touring-switzerland': ['Verbier', 'Haute Route', 'Zermatt', 'Arolla', 'Engadine', 'Bernese Oberland'],
      'mountain-guides-morocco': ['Marrakech', 'High Atlas', 'Toubkal', 'Imlil', "M'Goun", 'Jebel Saghro', 'Todra Gorge', 'Tabant'],
      'via-ferrata-italy': ['Dolomites', "Cortina d'Ampezzo", 'Val Gardena', 'Alta Badia', 'Brenta', 'Sella group', 'Cristallo', 'Tofana di Mezzo', 'Lagazuoi'],
      'patagonia-treks': ['El Chaltén', 'Laguna de los Tres', 'Fitz Roy', 'Laguna Torre', 'Huemul Circuit', 'El Calafate', 'Perito Moreno', 'Torres del Paine'],
      'heli-skiing-canada': ['British Columbia', 'Selkirk', 'Monashee', 'Purcell', 'Cariboo', 'Revelstoke'],
      'ice-climbing': ['Cogne', 'Rjukan', 'Canmore', 'Canadian Rockies', 'Ouray', 'Ceillac', 'Freissinières'],
    };
    expect(Object.keys(named).sort()).toEqual(landingPages.map((page) => page.key).sort());
    for (const page of landingPages) {
      for (const name of named[page.key]!) {
        expect(`${page.intro.en} ${page.body.en}`, page.key).toContain(name);
        const place = matchGazetteer(name)?.place;
        expect(place, `${page.key}: ${name}`).toBeDefined();
        // The Patagonia page is Argentina's but ends in Chile's Torres del Paine
        if (page.countryCode && name !== 'Torres del Paine') expect(place!.countryCodes, `${page.key}: ${name}`).toContain(page.countryCode);
      }
    }
  });
});

describe('namesPlaceExactly', () => {
  it('says what matchGazetteer says of exactness, without looking for typos', () => {
    const names = gazetteer.flatMap((place) => [place.names.en, place.names.fr, place.names.es, ...place.aliases]);
    const queries = [
      ...names,
      ...names.filter((_, index) => index % 20 === 0).map((name) => `${name}x`),
      ...names.filter((_, index) => index % 20 === 0).map((name, index) => `${name}, ${names[(index * 7) % names.length]}`),
      ...trips.filter((_, index) => index % 4 === 0).flatMap((trip) => [trip.location, `${trip.location} (${trip.region.en})`]),
      'trek', 'ski touring', 'climbing', 'chamonx', 'mont blanc ascent', 'Zermatt, Valais', 'Chamonix, Frnace', 'Banff and Yoho national parks, Alberta / British Columbia', 'ab', '',
    ];
    for (const query of queries) expect(namesPlaceExactly(query), query).toBe(matchGazetteer(query)?.exact ?? false);
  });
});

describe('findPlaceInText', () => {
  it.each([
    ['ski touring around chamonix', 'chamonix-valley'],
    ['trekking au Népal', 'country-np'],
    ['walking in the Dolomites near Cortina', 'cortina-d-ampezzo'],
    ['new zealand southern alps', 'southern-alps'],
    ['island peak climb', 'khumbu'],
  ])('%s names %s', (text, id) => {
    expect(findPlaceInText(text)?.place.id).toBe(id);
  });

  it('forgives no typo and finds nothing in plain words', () => {
    expect(findPlaceInText('ski touring around chamonx')).toBeNull();
    expect(findPlaceInText('a guided ice climbing course for beginners')).toBeNull();
  });
});

describe('gazetteer data', () => {
  const countryCodes = new Set(gazetteer.filter((place) => place.kind === 'country').map((place) => place.countryCode));

  it('holds every country and the hand-written areas', () => {
    expect(countryCodes.size).toBe(250);
    expect(gazetteer.filter((place) => place.kind !== 'country').length).toBeGreaterThanOrEqual(80);
  });

  it('has unique ids and valid places', () => {
    expect(new Set(gazetteer.map((place) => place.id)).size).toBe(gazetteer.length);
    for (const place of gazetteer) {
      const where = place.id;
      expect(['country', 'region', 'area'], where).toContain(place.kind);
      for (const locale of ['en', 'fr', 'es'] as const) expect(place.names[locale].trim(), where).not.toBe('');
      for (const alias of place.aliases) expect(normalizePlaceText(alias), where).not.toBe('');
      expect(Math.abs(place.lat), where).toBeLessThanOrEqual(90);
      expect(Math.abs(place.lng), where).toBeLessThanOrEqual(180);
      expect(place.radiusMeters, where).toBeGreaterThanOrEqual(5_000);
      expect(place.radiusMeters, where).toBeLessThanOrEqual(2_000_000);
      expect(Number.isInteger(place.radiusMeters), where).toBe(true);
      expect(place.countryCodes.length, where).toBeGreaterThan(0);
      for (const code of place.countryCodes) expect(countryCodes.has(code), `${where}: ${code}`).toBe(true);
      if (place.countryCode) expect(place.countryCodes, where).toEqual([place.countryCode]);
      else expect(place.countryCodes.length, where).toBeGreaterThan(1);
    }
  });

  it('gives each name or alias to one place, but for known shared names', () => {
    // Saint-Martin is the French name of both halves of the island; Montserrat, see above.
    const shared = new Set(['saint martin', 'montserrat']);
    const owners = new Map<string, Set<string>>();
    for (const place of gazetteer) {
      for (const name of [...Object.values(place.names), ...place.aliases]) {
        const key = normalizePlaceText(name);
        owners.set(key, (owners.get(key) ?? new Set()).add(place.id));
      }
    }
    const clashes = [...owners].filter(([key, ids]) => ids.size > 1 && !shared.has(key)).map(([key, ids]) => `${key}: ${[...ids].join(', ')}`);
    expect(clashes).toEqual([]);
  });

  it('computes country radii from their area', () => {
    // world-countries: France 551,695 km², clamped for Russia, raised to 30 km for Monaco
    expect(gazetteerPlace('country-fr')?.radiusMeters).toBe(Math.round(Math.sqrt(551_695 / Math.PI) * 1000));
    expect(gazetteerPlace('country-ru')?.radiusMeters).toBe(2_000_000);
    expect(gazetteerPlace('country-mc')?.radiusMeters).toBe(30_000);
    expect(gazetteerPlace('country-fr')?.names).toEqual({ en: 'France', fr: 'France', es: 'Francia' });
  });

  it('lists the places of a country, the country first', () => {
    const french = placesByCountry('fr').map((place) => place.id);
    expect(french[0]).toBe('country-fr');
    expect(french).toEqual(expect.arrayContaining(['mont-blanc-massif', 'chamonix-valley', 'ecrins', 'pyrenees']));
    expect(french).not.toContain('zermatt');
    expect(placesByCountry('XX')).toEqual([]);
  });

  it('measures distances on the sphere of PostgreSQL earthdistance', () => {
    // earth_distance(ll_to_earth(45.9237, 6.8694), ll_to_earth(46.0207, 7.7491))
    expect(distanceMeters({ lat: 45.9237, lng: 6.8694 }, { lat: 46.0207, lng: 7.7491 })).toBeCloseTo(68911.70891506568, 3);
  });
});
