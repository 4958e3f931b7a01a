/** The bounds of a review's photos (decision 0300), without any import: the form in the browser shows them too. */
export const REVIEW_PHOTO_SLOTS = 4;
export const REVIEW_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const REVIEW_PHOTOS_MAX_BYTES = 24 * 1024 * 1024;
export const REVIEW_PHOTO_ALT_MAX = 200;
