import sharp from 'sharp';

/** A photo made here, with a camera's GPS position in its EXIF (the pipeline removes it). */
export async function photo(colour: string, name: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="900"><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#f4efe6"/></linearGradient><rect width="1400" height="900" fill="url(#g)"/><circle cx="1000" cy="260" r="120" fill="#fff8dc"/></svg>`;
  const buffer = await sharp(Buffer.from(svg))
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'E2E Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 52/1 0/1' } })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}
