import { describe, expect, it } from 'vitest';
import { formErrors } from '@/lib/forms/errors';
import { readReviewPhotos, REVIEW_PHOTO_ALT_MAX, REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_SLOTS, REVIEW_PHOTOS_MAX_BYTES } from '@/lib/forms/review-photos';
import { bodyLimitFor, REVIEW_BODY_LIMIT_BYTES } from '@/lib/server/request-guard';

/* The review form's photos as a plain multipart form sends them: `photos.i.file` and `photos.i.alt`. */

const jpegHead = [0xff, 0xd8, 0xff, 0xe0];
const file = (bytes: number, name = 'summit.jpg') => {
  const body = new Uint8Array(bytes);
  body.set(jpegHead.slice(0, Math.min(bytes, jpegHead.length)));
  return new File([body], name, { type: 'image/jpeg' });
};
/** A form with the given slots; `null` file: the empty part a file input sends when nothing was chosen. */
function form(slots: Record<number, { file: File | null; alt?: string }>): FormData {
  const data = new FormData();
  data.append('rating', '5');
  for (const [slot, { file: chosen, alt }] of Object.entries(slots)) {
    data.append(`photos.${slot}.file`, chosen ?? new File([], ''));
    if (alt !== undefined) data.append(`photos.${slot}.alt`, alt);
  }
  return data;
}

describe('a review’s photos read from its form', () => {
  it('reads no photo from empty file inputs, even with an alt text typed', async () => {
    expect(await readReviewPhotos(form({ 0: { file: null, alt: '' }, 1: { file: null, alt: 'A lake' } }))).toEqual({ ok: true, photos: [] });
    expect(await readReviewPhotos(new FormData())).toEqual({ ok: true, photos: [] });
  });

  it('reads each chosen file with its slot and its trimmed alt text, in slot order', async () => {
    const read = await readReviewPhotos(form({ 2: { file: file(2000), alt: '  La crête  ' }, 0: { file: file(1000), alt: 'Le refuge' } }));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.photos.map(({ slot, alt, bytes }) => [slot, alt, bytes.byteLength])).toEqual([
      [0, 'Le refuge', 1000],
      [2, 'La crête', 2000],
    ]);
    expect([...read.photos[0]!.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it.each([
    ['no alt text', { 0: { file: file(100) } }, { 'photos.0.alt': formErrors.reviewPhotoAlt }],
    ['a blank alt text', { 1: { file: file(100), alt: '   ' } }, { 'photos.1.alt': formErrors.reviewPhotoAlt }],
    ['an alt text too long', { 0: { file: file(100), alt: 'x'.repeat(REVIEW_PHOTO_ALT_MAX + 1) } }, { 'photos.0.alt': formErrors.reviewPhotoAlt }],
    ['a file over the limit', { 3: { file: file(REVIEW_PHOTO_MAX_BYTES + 1), alt: 'Big' } }, { 'photos.3.file': [formErrors.reviewPhotoTooLarge, { megabytes: 10 }] }],
    ['a slot past the fourth', { 4: { file: file(100), alt: 'Fifth' } }, { photos: [formErrors.reviewPhotosTooMany, { count: REVIEW_PHOTO_SLOTS }] }],
  ] as const)('refuses %s, under the field it names', async (_case, slots, rejected) => {
    expect(await readReviewPhotos(form(slots))).toEqual({ ok: false, rejected });
  });

  it('refuses a slot sent twice (a forged form) and files too heavy together', async () => {
    const twice = form({ 0: { file: file(100), alt: 'One' } });
    twice.append('photos.0.file', file(100));
    expect(await readReviewPhotos(twice)).toEqual({ ok: false, rejected: { photos: [formErrors.reviewPhotosTooMany, { count: 4 }] } });
    const each = REVIEW_PHOTO_MAX_BYTES - 1;
    const heavy = form({ 0: { file: file(each), alt: 'a' }, 1: { file: file(each), alt: 'b' }, 2: { file: file(each), alt: 'c' } });
    expect(await readReviewPhotos(heavy)).toEqual({ ok: false, rejected: { photos: [formErrors.reviewPhotosTooLarge, { megabytes: 24 }] } });
  });

  it('is bounded by My trips’ body limit, which holds the photos’ total and the form', () => {
    expect(bodyLimitFor('/account/bookings?lan=fr')).toBe(REVIEW_BODY_LIMIT_BYTES);
    expect(REVIEW_BODY_LIMIT_BYTES - REVIEW_PHOTOS_MAX_BYTES).toBe(256 * 1024);
  });
});
