import { describe, expect, it } from 'vitest';
import { footerLanguageItems, languageOptions, samePathAlternates, type Alternates } from '@/lib/routing/languages';

describe('languageOptions', () => {
  it.each<[string, Alternates, { key: string; label: string; link: string }[]]>([
    ['no versions', {}, []],
    ['English only', { en: '/trip/x' }, [{ key: 'en', label: 'English', link: '/trip/x' }]],
    ['French only', { fr: '/fr/trip/x' }, [{ key: 'fr', label: 'Français', link: '/fr/trip/x' }]],
    [
      'all three in locale order',
      { en: '/about', fr: '/fr/a-propos', es: '/es/sobre-nosotros' },
      [
        { key: 'en', label: 'English', link: '/about' },
        { key: 'fr', label: 'Français', link: '/fr/a-propos' },
        { key: 'es', label: 'Español', link: '/es/sobre-nosotros' },
      ],
    ],
    [
      'given out of order, returned in locale order',
      { es: '/es/x', en: '/x', fr: '/fr/x' },
      [
        { key: 'en', label: 'English', link: '/x' },
        { key: 'fr', label: 'Français', link: '/fr/x' },
        { key: 'es', label: 'Español', link: '/es/x' },
      ],
    ],
    [
      'missing French skipped',
      { es: '/es/blog/y', en: '/blog/y' },
      [
        { key: 'en', label: 'English', link: '/blog/y' },
        { key: 'es', label: 'Español', link: '/es/blog/y' },
      ],
    ],
    [
      'unknown keys ignored',
      { fr: '/fr', de: '/de' } as Alternates,
      [{ key: 'fr', label: 'Français', link: '/fr' }],
    ],
  ])('%s', (_name, alternates, expected) => {
    expect(languageOptions(alternates)).toEqual(expected);
  });
});

describe('footerLanguageItems', () => {
  it.each<[string, Alternates, [string, string, string][]]>([
    [
      'no versions: every locale root',
      {},
      [
        ['en', 'English', '/'],
        ['fr', 'Français', '/fr'],
        ['es', 'Español', '/es'],
      ],
    ],
    [
      'all versions',
      { en: '/about', fr: '/fr/a-propos', es: '/es/sobre-nosotros' },
      [
        ['en', 'English', '/about'],
        ['fr', 'Français', '/fr/a-propos'],
        ['es', 'Español', '/es/sobre-nosotros'],
      ],
    ],
    [
      'missing Spanish falls back to /es',
      { en: '/trip/x', fr: '/fr/trip/x' },
      [
        ['en', 'English', '/trip/x'],
        ['fr', 'Français', '/fr/trip/x'],
        ['es', 'Español', '/es'],
      ],
    ],
    [
      'missing English falls back to /',
      { fr: '/fr/blog/y' },
      [
        ['en', 'English', '/'],
        ['fr', 'Français', '/fr/blog/y'],
        ['es', 'Español', '/es'],
      ],
    ],
  ])('%s', (_name, alternates, expected) => {
    expect(footerLanguageItems(alternates)).toEqual(expected.map(([code, title, slug]) => ({ code, title, slug })));
  });
});

describe('samePathAlternates', () => {
  it.each<[string, Record<string, string>]>([
    ['/', { en: '/', fr: '/fr', es: '/es' }],
    ['', { en: '/', fr: '/fr', es: '/es' }],
    ['/search', { en: '/search', fr: '/fr/search', es: '/es/search' }],
    ['/open-groups', { en: '/open-groups', fr: '/fr/open-groups', es: '/es/open-groups' }],
    ['blog', { en: '/blog', fr: '/fr/blog', es: '/es/blog' }],
  ])('%j → %j', (path, expected) => {
    const alternates = samePathAlternates(path);
    expect(alternates).toEqual(expected);
    expect(Object.keys(alternates)).toEqual(['en', 'fr', 'es']);
  });
});
