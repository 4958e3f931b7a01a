import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_LIMITS, PhotoRejected, checkPhoto, processPhoto, sniffImageType, widthsFor } from '@/lib/media/pipeline';
import { jpegWithGps, pngBomb, pngPhoto } from '../../support/test-images';

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof PhotoRejected) return error.reason;
    throw error;
  }
  return null;
};

// Encoding AVIF takes a core for a second or two per photo: room for a busy machine.
describe('photo pipeline', { timeout: 60_000 }, () => {
  it('strips EXIF and GPS from every derivative, in AVIF and WebP at each width', async () => {
    const input = await jpegWithGps(2000, 1333);
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(Buffer.from('Cordee Test Camera'))).toBe(true);

    const photo = await processPhoto(input);
    expect(photo.widths).toEqual([480, 640, 960, 1600]);
    expect(photo.derivatives.map((file) => `${file.width}.${file.format}`).sort()).toEqual(['1600.avif', '1600.webp', '480.avif', '480.webp', '640.avif', '640.webp', '960.avif', '960.webp']);
    expect([photo.width, photo.height]).toEqual([1600, 1066]);
    for (const file of photo.derivatives) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format).toBe(file.format === 'avif' ? 'heif' : 'webp');
      expect(meta.width).toBe(file.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      // No trace of the GPS block or the camera, whatever container holds it.
      expect(file.bytes.includes(Buffer.from('Cordee Test Camera'))).toBe(false);
      expect(file.bytes.includes(Buffer.from('Exif'))).toBe(false);
    }
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(photo.placeholder.length).toBeLessThan(1000);
  });

  it('never upscales: a photo narrower than the largest width keeps its own', async () => {
    expect(widthsFor(700)).toEqual([480, 640, 700]);
    expect(widthsFor(480)).toEqual([480]);
    expect(widthsFor(4000)).toEqual([480, 640, 960, 1600]);
    const photo = await processPhoto(await pngPhoto(700, 400));
    expect(photo.widths).toEqual([480, 640, 700]);
    expect([photo.width, photo.height]).toEqual([700, 400]);
  });

  it('turns a photo upright from its EXIF orientation before dropping it', async () => {
    // Stored 800 × 600, orientation 6: shown turned a quarter, 600 × 800.
    expect(await checkPhoto(await jpegWithGps(800, 600, { orientation: 6 }))).toMatchObject({ width: 600, height: 800 });
    const photo = await processPhoto(await jpegWithGps(800, 600, { orientation: 6 }));
    expect([photo.width, photo.height]).toEqual([600, 800]);
    expect((await sharp(photo.derivatives[0]!.bytes).metadata()).orientation).toBeUndefined();
  });

  it('refuses a 20,000 × 20,000 PNG bomb from its header, before decoding, well under a second', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    expect(await refusal(processPhoto(bomb))).toBe('tooManyPixels');
    const elapsed = performance.now() - started;
    console.info(`bomb refused in ${elapsed.toFixed(1)} ms`);
    // Measured at a few milliseconds (header only); decoding it would take seconds and gigabytes.
    expect(elapsed).toBeLessThan(1000);
  });

  it('judges the type by magic bytes, not by name or declared type', async () => {
    expect(sniffImageType(await pngPhoto(400, 400))).toBe('png');
    expect(sniffImageType(await jpegWithGps(400, 400))).toBe('jpeg');
    expect(sniffImageType(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).avif().toBuffer())).toBe('avif');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(16)]);
    expect(sniffImageType(heic)).toBe('heic');
    // "holiday.jpg" that is a web page, and an SVG (scripts) named like a photo: both refused.
    expect(await refusal(processPhoto(Buffer.from('<!doctype html><script>alert(1)</script>')))).toBe('notAnImage');
    expect(await refusal(processPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>')))).toBe('notAnImage');
    expect(await refusal(processPhoto(heic))).toBe('unsupportedType');
  });

  it('refuses files over the byte limit, too small photos and broken ones', async () => {
    expect(await refusal(processPhoto(Buffer.alloc(PHOTO_LIMITS.maxBytes + 1, 0xff)))).toBe('tooLarge');
    expect(await refusal(processPhoto(await pngPhoto(300, 200)))).toBe('tooSmall');
    const truncated = (await jpegWithGps(1200, 800)).subarray(0, 2000);
    expect(await refusal(processPhoto(truncated))).toBe('unreadable');
  });
});
