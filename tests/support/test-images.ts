import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG photo made here: soft noise, carrying GPS coordinates and a camera in its EXIF. */
export async function jpegWithGps(width: number, height: number, { orientation }: { orientation?: number } = {}): Promise<Buffer> {
  // Light noise, softened: photo-like content (pure noise costs an encoder many times more).
  const noise = sharp(await sharp({ create: { width, height, channels: 3, background: '#6d8fb3', noise: { type: 'gaussian', mean: 128, sigma: 8 } } }).blur(2).png({ compressionLevel: 0 }).toBuffer());
  return (orientation ? noise.withMetadata({ orientation }) : noise)
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Cordee Test Camera', Model: 'GPS-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 49/1 58/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 51/1 54/1' },
    })
    .toBuffer();
}

/** A small PNG photo of one colour. */
export const pngPhoto = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#c39a83' } })
    .png()
    .toBuffer();

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit greyscale PNG of `side` × `side` pixels, all black, whose
 * few kilobytes unpack to `side`² pixels (400 million at 20,000, gigabytes once decoded to RGB).
 */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8);
  const pixels = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
