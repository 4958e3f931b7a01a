import { isLocale, locales } from '@/lib/locales';
import { phoneCountryOptions } from '@/lib/forms/phone-countries';

// One JSON list per locale, made at build time: the phone fields load it once they are on screen,
// so the 245 countries are in no page's HTML (docs/decisions/0284-render-cost-against-a-minimal-app.md).
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function GET(_request: Request, { params }: RouteContext<'/api/phone-countries/[locale]'>) {
  const { locale } = await params;
  if (!isLocale(locale)) return new Response(null, { status: 404 });
  return Response.json(phoneCountryOptions(locale));
}
