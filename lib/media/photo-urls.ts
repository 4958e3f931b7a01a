import { PHOTO_WIDTHS, type PhotoFormat } from './pipeline-shape';

/** What a page needs to draw one photo: its derivatives' key and widths, its size and placeholder. */
export type PhotoView = { storageKey: string; width: number; height: number; widths: number[]; placeholder: string; alt: string };

/** The URL of one derivative: `/media/photos/{random}/{width}.{format}` (app/media/photos/[token]/[file]/route.ts). */
export const photoUrl = (storageKey: string, width: number, format: PhotoFormat): string => `/media/${storageKey}/${width}.${format}`;

/** A `srcset` of one format: every width made. */
export const photoSrcSet = (photo: Pick<PhotoView, 'storageKey' | 'widths'>, format: PhotoFormat): string =>
  photo.widths.map((width) => `${photoUrl(photo.storageKey, width, format)} ${width}w`).join(', ');

/** The derivative closest to `wanted` pixels wide without being narrower when one is wide enough. */
export function photoWidthFor(photo: Pick<PhotoView, 'widths'>, wanted: number): number {
  return photo.widths.find((width) => width >= wanted) ?? photo.widths[photo.widths.length - 1] ?? PHOTO_WIDTHS[0];
}

/** The derivative file a request names (`960.avif`), or null. */
export function parsePhotoFile(file: string): { width: number; format: PhotoFormat } | null {
  const match = /^(\d{2,5})\.(avif|webp)$/.exec(file);
  return match ? { width: Number(match[1]), format: match[2] as PhotoFormat } : null;
}
