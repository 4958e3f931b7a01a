import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountFrame } from '@/components/account/account-frame';
import { getTripPreviewTarget } from '@/lib/db/queries/trip-authoring';
import { getTripPageData } from '@/lib/db/queries/trips';
import { accountPath } from '@/lib/routing/account-pages';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import { getSignedInUser } from '@/lib/server/session';
import { TripPageContent } from '../../trip/[slug]/trip-page-content';
import { requestSignInLink, signOut } from '../actions';
import { accountLocaleOf, accountMetadata } from '../account-metadata';
import styles from '@/components/account/account.module.css';

// Private: drawn for the trip's guide or support on each request, never cached nor indexed.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/account/preview'>;

export const generateMetadata = ({ params }: Props) => accountMetadata('preview', params);

/** A trip's page as travellers will see it, before it is live (`/account/preview?lan=…&id=…`): for its guide and support only. */
export default async function TripPreviewPage({ params, searchParams }: Props) {
  const locale = await accountLocaleOf(params);
  setRequestLocale(locale);
  const [t, account, query, user] = await Promise.all([getTranslations({ locale, namespace: 'TripAuthoring' }), getTranslations({ locale, namespace: 'Account' }), searchParams, getSignedInUser()]);
  const tripId = typeof query.id === 'string' && /^\d{1,9}$/.test(query.id) ? Number(query.id) : null;
  const target = user && tripId !== null ? await getTripPreviewTarget(tripId, locale) : null;
  const allowed = target !== null && (user?.role === 'support' || (user?.role === 'guide' && user.guideId === target.guideId));
  const data = allowed && target.slug ? await getTripPageData(locale, target.slug, undefined, new Date(), { unpublished: true }) : null;
  const editor = `${accountPath('trip', locale)}&id=${tripId ?? ''}`;
  const here = `${accountPath('preview', locale)}&id=${tripId ?? ''}`;

  if (data && target) {
    const banner = (
      <p className={styles.notice} role="note" data-testid="preview-banner">
        {t('preview.banner', { status: t(`status.${target.status}`) })} {user?.role === 'guide' ? <a href={editor}>{t('preview.back')}</a> : null}
      </p>
    );
    return <TripPageContent locale={locale} data={data} travellersSegment="default" audience={THIS_VISITOR} banner={banner} />;
  }
  return (
    <AccountFrame
      locale={locale}
      page="preview"
      breadcrumb={[{ label: account('nav.guideArea'), href: accountPath('guide', locale) }]}
      user={user}
      signIn={{ audience: 'guide', next: here, action: requestSignInLink }}
      signOut={signOut}
    >
      {() => (
        <p className={styles.notice} data-testid="not-your-trip">
          {allowed ? t('texts.missing') : account('trips.notYours')}
        </p>
      )}
    </AccountFrame>
  );
}
