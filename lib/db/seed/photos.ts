import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { mountainSceneSvg, type SceneTheme } from '../../images/mountain-scene';
import { locales, type Locale } from '../../locales';
import type { ObjectStore } from '../../media/object-store';
import { uploadTripPhotos } from '../../media/uploads';
import type { Database } from '../database';
import { setPhotoAlt } from '../trip-photo-rows';
import { trips, tripPhotos, tripTranslations } from '../schema';

/** The demo trips that get photographs (the others keep their generated scenes), with their scenes' theme. */
export const PHOTO_DEMO_TRIPS: readonly { key: string; theme: SceneTheme }[] = [
  { key: 'alps-tour-du-mont-blanc', theme: 'alpine' },
  { key: 'alps-mont-blanc-ascent', theme: 'snow' },
  { key: 'alps-barre-des-ecrins-ascent', theme: 'glacier' },
];
export const PHOTOS_PER_DEMO_TRIP = 3;

const ALT: Record<Locale, (title: string, number: number) => string> = {
  en: (title, number) => `${title}: mountain view ${number}`,
  fr: (title, number) => `${title} : vue sur la montagne ${number}`,
  es: (title, number) => `${title}: vista de la montaña ${number}`,
};

/**
 * Demo photographs, through the same pipeline as a guide's upload: each trip's generated scenes
 * rendered to JPEG with a camera's EXIF and GPS position (which the pipeline strips), then
 * processed and stored, with alt text in every locale. Replaces the demo trips' earlier photos.
 * Returns how many photos were made.
 */
export async function seedTripPhotos(db: Database, store: ObjectStore, log: (line: string) => void = () => undefined): Promise<number> {
  const started = performance.now();
  const rows = await db
    .select({ id: trips.id, key: trips.key, locale: tripTranslations.locale, title: tripTranslations.title })
    .from(trips)
    .innerJoin(tripTranslations, eq(tripTranslations.tripId, trips.id))
    .where(inArray(trips.key, PHOTO_DEMO_TRIPS.map((trip) => trip.key)));
  // One trip per turn of the pipeline's gate (two at once): the seed takes half the time on two cores.
  const counts = await Promise.all(
    PHOTO_DEMO_TRIPS.map(async (demo) => {
      const titles = rows.filter((row) => row.key === demo.key);
      const tripId = titles[0]?.id;
      if (tripId === undefined) return 0;
      await db.delete(tripPhotos).where(eq(tripPhotos.tripId, tripId));
      const files = await Promise.all(
        Array.from({ length: PHOTOS_PER_DEMO_TRIP }, (_, index) =>
          sharp(Buffer.from(mountainSceneSvg({ seed: `photo:${demo.key}:${index + 1}`, kind: 'photo', theme: demo.theme })))
            // 960 px wide: three widths to make (480, 640, 960) keep the seed to a few seconds.
            .resize({ width: 960 })
            .jpeg({ quality: 86 })
            .withExif({ IFD0: { Make: 'Cordee Demo Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 52/1 0/1' } })
            .toBuffer(),
        ),
      );
      const outcome = await uploadTripPhotos({ db, store, tripId, userId: null, files });
      if (!outcome.ok) throw new Error(`demo photos of ${demo.key} refused: ${outcome.reason}`);
      const title = (locale: Locale) => titles.find((row) => row.locale === locale)?.title ?? demo.key;
      for (const [index, photo] of outcome.photos.entries()) {
        await setPhotoAlt(tripId, photo.id, Object.fromEntries(locales.map((locale) => [locale, ALT[locale](title(locale), index + 1)])) as Record<Locale, string>, db);
      }
      return outcome.photos.length;
    }),
  );
  const made = counts.reduce((sum, count) => sum + count, 0);
  log(`Demo photos: ${made} made through the photo pipeline in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return made;
}
