import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ReassignForm } from '@/components/account/reassign-form';
import { SessionBar } from '@/components/account/session-bar';
import { SignInPanel } from '@/components/account/sign-in-panel';
import { FormMessages } from '@/components/forms/form-messages';
import { SiteShell } from '@/components/layout/site-shell';
import { Badge } from '@/components/ui/badge';
import { listOverdueRequests, reassignmentCandidates } from '@/lib/db/queries/reply-promise';
import { accountAlternates, accountPath } from '@/lib/routing/account-pages';
import { getSignedInUser } from '@/lib/server/session';
import { reassignBookingRequest, requestSignInLink, signOut } from '../actions';
import { accountLocaleOf, accountMetadata } from '../account-metadata';
import styles from '@/components/account/account.module.css';

// Personal: read on request, never cached.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/account/support'>;

export const generateMetadata = ({ params }: Props) => accountMetadata('support', params);

/** issue 10: support's screen of requests past the 24-hour promise, each with a reassignment to another guide of its area. */
export default async function SupportPage({ params }: Props) {
  const locale = await accountLocaleOf(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Account' });
  const user = await getSignedInUser();
  const now = new Date();
  const overdue = user?.role === 'support' ? await listOverdueRequests(now) : null;
  const candidates = overdue ? await Promise.all(overdue.map((request) => reassignmentCandidates(request))) : [];
  const country = new Intl.DisplayNames([locale], { type: 'region' });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <SiteShell locale={locale} alternates={accountAlternates('support')} breadcrumb={[{ label: t('support.title'), href: accountPath('support', locale) }]}>
      <div className={styles.page}>
        {!user ? (
          <SignInPanel locale={locale} next={accountPath('support', locale)} audience="traveller" action={requestSignInLink} />
        ) : (
          <>
            <SessionBar user={user} locale={locale} signOut={signOut} />
            <h1>{t('support.title')}</h1>
            {overdue === null ? (
              <p className={styles.notice} data-testid="not-support">
                {t('support.notSupport')}
              </p>
            ) : (
              <>
                <p className={styles.lead}>{t('support.intro')}</p>
                {overdue.length === 0 ? <p className={styles.muted}>{t('support.empty')}</p> : null}
                <FormMessages namespaces={['Account']}>
                  <ol className={styles.threads}>
                    {overdue.map((request, index) => (
                      <li key={request.id}>
                        <article className={styles.thread} data-testid="overdue-request" data-id={request.id}>
                          <div className={styles.threadHead}>
                            <h2 className={styles.threadTitle}>{request.tripTitles[locale] ?? request.tripTitles.en}</h2>
                            <Badge tone="danger">{t('support.waiting', { hours: Math.floor((now.getTime() - request.since.getTime()) / 3_600_000) })}</Badge>
                          </div>
                          <dl className={styles.facts}>
                            {[
                              [t('fields.sentOn'), moment.format(request.since)],
                              [t('support.guide'), request.guide.name],
                              [t('support.country'), country.of(request.countryCode) ?? request.countryCode],
                              [t('fields.email'), request.traveller.email],
                              [t('fields.reference'), `#${request.id}`],
                            ].map(([label, value]) => (
                              <div key={label}>
                                <dt>{label}</dt>
                                <dd>{value}</dd>
                              </div>
                            ))}
                          </dl>
                          {candidates[index]!.length > 0 ? (
                            <ReassignForm requestId={request.id} candidates={candidates[index]!} action={reassignBookingRequest} />
                          ) : (
                            <p className={styles.muted}>{t('support.noCandidate')}</p>
                          )}
                        </article>
                      </li>
                    ))}
                  </ol>
                </FormMessages>
              </>
            )}
          </>
        )}
      </div>
    </SiteShell>
  );
}
