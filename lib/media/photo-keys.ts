import { PHOTO_FORMATS } from './pipeline-shape';

/** Every derivative's object key of one photo: `{storageKey}/{width}.{format}`. */
export const photoDerivativeKeys = (storageKey: string, widths: readonly number[]): string[] =>
  widths.flatMap((width) => PHOTO_FORMATS.map((format) => `${storageKey}/${width}.${format}`));
