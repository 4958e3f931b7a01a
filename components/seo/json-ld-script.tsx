import { serializeJsonLd, type JsonLd } from '@/lib/structured-data';

/**
 * A schema.org data block. `type="application/ld+json"` is data, never executed, and the JSON is
 * escaped by `serializeJsonLd`, so page text cannot end the block.
 */
export function JsonLdScript({ data }: { data: JsonLd | JsonLd[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
