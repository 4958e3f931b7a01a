import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { PHOTO_WIDTHS, type PhotoFormat } from './pipeline-shape';

export { PHOTO_WIDTHS, PHOTO_FORMATS, PHOTO_CONTENT_TYPES, type PhotoFormat } from './pipeline-shape';

/**
 * The trip photo pipeline: the bytes a guide uploads become AVIF and WebP derivatives at the
 * responsive widths, auto-oriented and stripped of every metadata (EXIF, GPS, ICC, XMP), plus a
 * tiny blurred placeholder. The original is never kept. Checks run cheapest first: byte count,
 * magic bytes, then the pixel count read from the header, before a single pixel is decoded.
 */
export const PHOTO_LIMITS = {
  /** Bytes of one uploaded file. */
  maxBytes: 15 * 1024 * 1024,
  /** Pixels of one image, read from its header (a 50-megapixel camera passes, a decompression bomb does not). */
  maxPixels: 60_000_000,
  /** The shorter side below which a photo is too small for the gallery. */
  minSide: 320,
} as const;


export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';
/** What the pipeline reads (the prebuilt libvips decodes AV1 HEIF, not HEVC: HEIC is named to be refused clearly). */
const READABLE: ReadonlySet<ImageType> = new Set(['jpeg', 'png', 'webp', 'avif']);

export type PhotoRefusal = 'tooLarge' | 'notAnImage' | 'unsupportedType' | 'tooManyPixels' | 'tooSmall' | 'unreadable';

/** A refused upload, with the reason the guide is told (a message key of PhotoUploader.errors). */
export class PhotoRejected extends Error {
  constructor(readonly reason: PhotoRefusal) {
    super(`photo refused: ${reason}`);
    this.name = 'PhotoRejected';
  }
}

/** The image type from the file's first bytes, whatever its name or declared type says; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  return null;
}

export type Derivative = { width: number; format: PhotoFormat; bytes: Buffer };

export type ProcessedPhoto = {
  /** Size of the largest derivative, upright: the `<img>` width and height that reserve its box. */
  width: number;
  height: number;
  /** The widths made, ascending. */
  widths: number[];
  /** A tiny WebP as a data URL, shown blurred until the photo arrives. */
  placeholder: string;
  derivatives: Derivative[];
};

/** The widths a photo `width` pixels wide is made at: those below it, and its own when smaller than the largest. */
export function widthsFor(width: number): number[] {
  const below = PHOTO_WIDTHS.filter((candidate) => candidate < width);
  const largest = Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!);
  return [...new Set([...below, largest])].sort((a, b) => a - b);
}

/** Reads the header only and refuses what is too big; the upright size when it passes. */
export async function checkPhoto(bytes: Uint8Array, limits = PHOTO_LIMITS): Promise<{ type: ImageType; width: number; height: number }> {
  if (bytes.length > limits.maxBytes) throw new PhotoRejected('tooLarge');
  const type = sniffImageType(bytes);
  if (!type) throw new PhotoRejected('notAnImage');
  if (!READABLE.has(type)) throw new PhotoRejected('unsupportedType');
  let metadata: Metadata;
  try {
    // The header alone, whatever its size says: the size is judged here, the decoder's own limit stays on below.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejected('unreadable');
  }
  const { width, height } = metadata;
  if (!width || !height) throw new PhotoRejected('unreadable');
  if (width * height > limits.maxPixels) throw new PhotoRejected('tooManyPixels');
  if (Math.min(width, height) < limits.minSide) throw new PhotoRejected('tooSmall');
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  return { type, width: turned ? height : width, height: turned ? width : height };
}

/**
 * The derivatives of one uploaded photo (spec: photos served like a photo site): decoded once,
 * upright, at most PHOTO_WIDTHS' largest; every output written without metadata (sharp keeps none
 * unless asked). Throws PhotoRejected for anything refused.
 */
export async function processPhoto(bytes: Uint8Array, limits = PHOTO_LIMITS): Promise<ProcessedPhoto> {
  const checked = await checkPhoto(bytes, limits);
  const widths = widthsFor(checked.width);
  const largest = widths[widths.length - 1]!;
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRejected('unreadable');
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const derivatives: Derivative[] = [];
  for (const width of widths) {
    const resized = () => sharp(data, raw).resize({ width, withoutEnlargement: true });
    const [avif, webp] = await Promise.all([resized().avif({ quality: 55, effort: 2 }).toBuffer(), resized().webp({ quality: 78, effort: 4 }).toBuffer()]);
    derivatives.push({ width, format: 'avif', bytes: avif }, { width, format: 'webp', bytes: webp });
  }
  const tiny = await sharp(data, raw).resize({ width: 16 }).webp({ quality: 40 }).toBuffer();
  return { width: info.width, height: info.height, widths, placeholder: `data:image/webp;base64,${tiny.toString('base64')}`, derivatives };
}
