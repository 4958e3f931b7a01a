import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The react-hook-form resolver of a form's shared zod schema. `raw`: the action gets what the
 * traveller typed and parses it again with the same schema. Loaded with the schema, on the form's
 * first focus or submit (use-action-form.ts), so zod and the phone metadata stay out of the first load.
 */
export function schemaResolver(schema: z.ZodType): Resolver {
  return zodResolver(schema as never, undefined, { raw: true }) as never;
}
