import { describe, expect, it } from 'vitest';
import { socialImagePath, socialImageShape } from '@/lib/images/social-image';

describe('socialImagePath', () => {
  it.each([
    ['/assets/trips/alps-x/cover.svg', '/assets', '/og/trips/alps-x/cover.png'],
    ['/assets/statics/page/home.svg', '/assets/', '/og/statics/page/home.png'],
    ['https://cdn.example.com/img/landing_page/ski/header.svg', 'https://cdn.example.com/img', '/og/landing_page/ski/header.png'],
    // Not an SVG of the assets host: left as it is.
    ['https://elsewhere.example.com/a.svg', '/assets', 'https://elsewhere.example.com/a.svg'],
    ['/assets/trips/x/cover.jpg', '/assets', '/assets/trips/x/cover.jpg'],
    ['/assets/../secret.svg', '/assets', '/assets/../secret.svg'],
  ])('%s on %s → %s', (image, base, expected) => {
    expect(socialImagePath(image, base)).toBe(expected);
  });
});

describe('socialImageShape', () => {
  it.each([
    [['trips', 'alps-x', 'cover.png'], 'trips/alps-x/cover'],
    [['statics', 'page', 'home.png'], 'statics/page/home'],
    [['trips', 'x', 'cover.svg'], null],
    [['..', 'etc', 'passwd.png'], null],
    [['trips', 'a.b', 'cover.png'], null],
  ])('%j → %s', (segments, expected) => {
    expect(socialImageShape(segments)).toBe(expected);
  });
});
