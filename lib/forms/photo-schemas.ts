import { z } from 'zod';
import { PHOTOS_PER_TRIP } from '../media/pipeline-shape';
import { cleanText } from '../security/clean-text';

/** Alt text of a photo: what a person who cannot see it is told, in one sentence. */
const altText = z
  .string()
  .transform((text) => cleanText(text))
  .pipe(z.string().min(1).max(200));

/** The photo API's bodies (app/api/trips/[tripId]/photos): a new order, or one photo's alt text or cover. */
export const photoOrderSchema = z.object({ order: z.array(z.number().int().positive()).max(PHOTOS_PER_TRIP) });
export const photoChangeSchema = z.union([z.object({ alt: z.object({ en: altText, fr: altText, es: altText }) }), z.object({ cover: z.literal(true) })]);
