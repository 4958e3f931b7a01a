/** The shape of what the photo pipeline makes, without sharp: shared by pages, the browser and the pipeline. */

/**
 * The widths the derivatives are made at (never wider than the photo itself). 640 is what a phone
 * of 360-412 px at 1.75-2× asks for a photo across its screen, where 960 would be half as heavy again.
 */
export const PHOTO_WIDTHS = [480, 640, 960, 1600] as const;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** How many photos a trip may have, and how many one upload request may carry. */
export const PHOTOS_PER_TRIP = 20;
export const PHOTOS_PER_REQUEST = 4;
