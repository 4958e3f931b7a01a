import { getMessages } from 'next-intl/server';
import { isLocale, locales } from '@/lib/locales';

// One JSON object per locale, made at build time: a form loads it with its schema, on its first
// focus or refusal, so the texts of every schema's errors are in no page's HTML
// (docs/decisions/0308-form-error-texts-with-the-schema.md).
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function GET(_request: Request, { params }: RouteContext<'/api/form-errors/[locale]'>) {
  const { locale } = await params;
  if (!isLocale(locale)) return new Response(null, { status: 404 });
  const messages = await getMessages({ locale });
  return Response.json(messages.Forms.errors);
}
