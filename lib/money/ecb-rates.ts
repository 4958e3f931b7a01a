import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { canonicalDecimal, parseDecimal } from './decimal';
import { RATES_BASE, type ExchangeRates } from './rates';

// The ECB feed's parser, apart from rates.ts: the pricing helpers that client forms use (gift card
// amounts) then carry no XML parser nor zod.

/** A rates file that is not a valid ECB daily reference-rates document. */
export class RatesFormatError extends Error {
  override name = 'RatesFormatError';
}

const isoDay = z.iso.date();
const rateText = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,8})?$/, 'rate must be a positive decimal')
  .refine((text) => (parseDecimal(text)?.num ?? 0n) > 0n, 'rate must be above zero');
const ecbRate = z.object({ currency: z.string().regex(/^[A-Z]{3}$/), rate: rateText });
const ecbDay = z.object({ time: isoDay, Cube: z.array(ecbRate).min(1) });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  isArray: (name) => name === 'Cube',
});

/**
 * Reads the ECB daily reference-rates XML (`eurofxref-daily.xml`: an envelope holding
 * `<Cube time="YYYY-MM-DD">` with one `<Cube currency="USD" rate="1.0834"/>` per currency).
 * Validates every value; a rate for USD is required because USD is the fallback currency (spec §8).
 * Throws RatesFormatError on anything else.
 */
export function parseEcbDailyXml(xml: string): ExchangeRates {
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    throw new RatesFormatError(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const envelope = (document as { Envelope?: { Cube?: { Cube?: unknown[] }[] } } | null)?.Envelope;
  const days = envelope?.Cube?.[0]?.Cube;
  if (!Array.isArray(days) || days.length === 0) throw new RatesFormatError('no <Cube time> element');
  const parsed = ecbDay.safeParse(days[0]);
  if (!parsed.success) {
    throw new RatesFormatError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  const rates: Record<string, string> = {};
  for (const { currency, rate } of parsed.data.Cube) {
    if (currency === RATES_BASE) throw new RatesFormatError('the base currency cannot have a rate');
    if (rates[currency] !== undefined) throw new RatesFormatError(`duplicate rate for ${currency}`);
    rates[currency] = canonicalDecimal(rate);
  }
  if (rates.USD === undefined) throw new RatesFormatError('no rate for USD');
  return { base: RATES_BASE, date: parsed.data.time, rates };
}
