import { describe, expect, it } from 'vitest';
import { assetImages } from '@/lib/images/asset-urls';

describe('asset image URLs (spec §3 path shapes)', () => {
  const onApp = assetImages();
  const onCdn = assetImages('https://assets.cordee.example/');

  it.each([
    [onApp.guideAvatar('anna-rossi'), '/assets/guides/anna-rossi/avatar.svg'],
    [onApp.tripPhoto('alps-x', 2), '/assets/trips/alps-x/photos/2.svg'],
    [onApp.tripCover('alps-x'), '/assets/trips/alps-x/cover.svg'],
    [onApp.tripCover(null), '/assets/trips/default/cover.svg'],
    [onApp.tripCover(''), '/assets/trips/default/cover.svg'],
    [onApp.landingHeader('trekking-in-nepal'), '/assets/landing_page/trekking-in-nepal/header.svg'],
    [onApp.landingRelevant('trekking-in-nepal'), '/assets/landing_page/trekking-in-nepal/relevant.svg'],
    [onApp.staticHeader('about'), '/assets/static_page/about/header.svg'],
    [onApp.staticPhoto('about'), '/assets/static_page/about/photo.svg'],
    [onApp.authorAvatar('lea-berthod'), '/assets/authors/lea-berthod/avatar.svg'],
    [onApp.statics('logos', 'cordee'), '/assets/statics/logos/cordee.svg'],
    [onApp.statics('page', 'home'), '/assets/statics/page/home.svg'],
    [onCdn.guideAvatar('anna-rossi'), 'https://assets.cordee.example/guides/anna-rossi/avatar.svg'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
