/**
 * Image URLs on the assets host, with spec §3's path shapes (`guides/{id}/avatar`,
 * `trips/{id}/photos`, `trips/{id}/cover`, `landing_page/{id}/header`, …, `statics/…`).
 * `{id}` is the entity's stable key. The base is ASSETS_URL, or `/assets` on this app, where
 * the generated demo images live (public/assets, served with long cache headers).
 */
export const DEFAULT_ASSETS_BASE = '/assets';

export type StaticsGroup = 'logos' | 'other_logos' | 'icons' | 'faces' | 'page';

export function assetImages(base: string = DEFAULT_ASSETS_BASE) {
  const root = base.replace(/\/+$/, '');
  const url = (shape: string) => `${root}/${shape}.svg`;
  return {
    /** spec §3: a default trip cover is used when no image is given. */
    tripCover: (tripKey: string | null | undefined) => url(tripKey ? `trips/${tripKey}/cover` : 'trips/default/cover'),
    tripPhoto: (tripKey: string, index: number) => url(`trips/${tripKey}/photos/${index}`),
    guideAvatar: (guideKey: string) => url(`guides/${guideKey}/avatar`),
    landingHeader: (landingKey: string) => url(`landing_page/${landingKey}/header`),
    landingRelevant: (landingKey: string) => url(`landing_page/${landingKey}/relevant`),
    staticHeader: (pageKey: string) => url(`static_page/${pageKey}/header`),
    staticPhoto: (pageKey: string) => url(`static_page/${pageKey}/photo`),
    authorAvatar: (authorKey: string) => url(`authors/${authorKey}/avatar`),
    statics: (group: StaticsGroup, name: string) => url(`statics/${group}/${name}`),
  };
}
export type AssetImages = ReturnType<typeof assetImages>;
