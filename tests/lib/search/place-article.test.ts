import { describe, expect, it } from 'vitest';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import { placeArticle } from '@/lib/search/place-article';

const titles = {
  en: createTranslator({ locale: 'en', messages: en, namespace: 'Search' }),
  fr: createTranslator({ locale: 'fr', messages: fr, namespace: 'Search' }),
  es: createTranslator({ locale: 'es', messages: es as typeof en, namespace: 'Search' }),
};
const title = (locale: 'en' | 'fr' | 'es', name: string, kind = 'area') => titles[locale]('titlePlace', placeArticle(name, kind, locale));

describe('a place after "de" in French and Spanish', () => {
  it('takes its article and contraction in French', () => {
    expect(title('fr', 'Vallée de Chamonix')).toBe('Voyages accompagnés près de la vallée de Chamonix');
    expect(title('fr', 'Massif du Mont-Blanc')).toBe('Voyages accompagnés près du massif du Mont-Blanc');
    expect(title('fr', 'Alpes suisses')).toBe('Voyages accompagnés près des Alpes suisses');
    expect(title('fr', 'Engadine')).toBe('Voyages accompagnés près de l’Engadine');
    expect(title('fr', 'Himalaya', 'region')).toBe('Voyages accompagnés près de l’Himalaya');
    expect(title('fr', 'Haute-Savoie', 'region')).toBe('Voyages accompagnés près de la Haute-Savoie');
  });

  it('elides "de" before a town’s vowel and leaves other towns bare', () => {
    expect(title('fr', 'Arolla')).toBe('Voyages accompagnés près d’Arolla');
    expect(title('fr', 'Zermatt')).toBe('Voyages accompagnés près de Zermatt');
    expect(title('fr', 'Chamonix-Mont-Blanc', 'place')).toBe('Voyages accompagnés près de Chamonix-Mont-Blanc');
  });

  it('gives French countries their article', () => {
    expect(title('fr', 'France', 'country')).toBe('Voyages accompagnés près de la France');
    expect(title('fr', 'Népal', 'country')).toBe('Voyages accompagnés près du Népal');
    expect(title('fr', 'Italie', 'country')).toBe('Voyages accompagnés près de l’Italie');
    expect(title('fr', 'États-Unis', 'country')).toBe('Voyages accompagnés près des États-Unis');
    expect(title('fr', 'Mexique', 'country')).toBe('Voyages accompagnés près du Mexique');
    expect(title('fr', 'Chypre', 'country')).toBe('Voyages accompagnés près de Chypre');
  });

  it('takes its article and contraction in Spanish, none for most countries', () => {
    expect(title('es', 'Valle de Chamonix')).toBe('Viajes guiados cerca del valle de Chamonix');
    expect(title('es', 'Pirineos')).toBe('Viajes guiados cerca de los Pirineos');
    expect(title('es', 'Dolomitas')).toBe('Viajes guiados cerca de las Dolomitas');
    expect(title('es', 'Cordillera Blanca')).toBe('Viajes guiados cerca de la cordillera Blanca');
    expect(title('es', 'Zermatt')).toBe('Viajes guiados cerca de Zermatt');
    expect(title('es', 'Francia', 'country')).toBe('Viajes guiados cerca de Francia');
    expect(title('es', 'Reino Unido', 'country')).toBe('Viajes guiados cerca del Reino Unido');
  });

  it('leaves English as it is', () => {
    expect(title('en', 'Chamonix valley')).toBe('Guided trips near Chamonix valley');
  });
});
