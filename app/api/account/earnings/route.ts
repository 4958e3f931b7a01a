import { getTranslations } from 'next-intl/server';
import { formatReference } from '@/lib/booking/reference';
import { listGuideEarnings } from '@/lib/db/queries/guide-payouts';
import { defaultLocale, isLocale } from '@/lib/locales';
import { formatMoney } from '@/lib/money/format';
import { csvLine } from '@/lib/payments/earnings';
import { getSignedInUser } from '@/lib/server/session';

/**
 * The signed-in guide's earnings per booking as CSV (headers in the `lan` language, amounts as the
 * guide area formats them); 404 for anyone else. Personal: never cached.
 */
export async function GET(request: Request) {
  const lan = new URL(request.url).searchParams.get('lan');
  const locale = isLocale(lan) ? lan : defaultLocale;
  const user = await getSignedInUser();
  if (!user || user.role !== 'guide' || user.guideId === null) return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  const t = await getTranslations({ locale, namespace: 'GuideEarnings' });
  const rows = await listGuideEarnings(user.guideId);
  const body = [
    csvLine([t('reference'), t('trip'), t('lastDay'), t('share'), t('transferred'), t('status')]),
    ...rows.map((row) =>
      csvLine([
        formatReference(row.reference),
        row.tripTitles[locale] ?? row.tripTitles.en ?? Object.values(row.tripTitles)[0] ?? '',
        row.lastDay ?? '',
        formatMoney({ amountMinor: row.shareMinor, currency: row.currency }, locale),
        formatMoney({ amountMinor: row.transferredMinor, currency: row.currency }, locale),
        t(`status_${row.status}`),
      ]),
    ),
  ].join('');
  // A byte-order mark so spreadsheet programs read the accents as UTF-8.
  return new Response(`\ufeff${body}`, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${t('csvFile')}.csv"`, 'cache-control': 'private, no-store' },
  });
}
