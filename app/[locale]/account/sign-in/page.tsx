import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SessionBar } from '@/components/account/session-bar';
import { SignInPanel } from '@/components/account/sign-in-panel';
import { SiteShell } from '@/components/layout/site-shell';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import { Button } from '@/components/ui/button';
import { isTokenShape } from '@/lib/auth/tokens';
import { accountAlternates, accountPath } from '@/lib/routing/account-pages';
import { signInLinkAccount } from '@/lib/db/queries/accounts';
import { getSignedInUser } from '@/lib/server/session';
import { completeSignIn, requestSignInLink, signOut } from '../actions';
import { accountLocaleOf, accountMetadata } from '../account-metadata';
import styles from '@/components/account/account.module.css';

// Personal: read on request, never cached.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/account/sign-in'>;

export const generateMetadata = ({ params }: Props) => accountMetadata('sign-in', params);

const errors = new Set(['invalid', 'expired', 'used']);

/**
 * The sign-in page. With a link's token it asks to confirm (the link is spent by the
 * button, not by opening the page), saying which account the link opens in full (whoever holds the
 * link can open that account anyway; a link someone else sent shows an address that is not yours)
 * and that it replaces the session of another account (a join's link: that it confirms the join's
 * places too); otherwise it asks for an e-mail address.
 */
export default async function SignInPage({ params, searchParams }: Props) {
  const locale = await accountLocaleOf(params);
  setRequestLocale(locale);
  const query = await searchParams;
  const t = await getTranslations({ locale, namespace: 'Account.signIn' });
  const token = typeof query.token === 'string' && isTokenShape(query.token) ? query.token : null;
  const error = typeof query.error === 'string' && errors.has(query.error) ? query.error : token === null && typeof query.token === 'string' ? 'invalid' : null;
  const [user, linkAccount] = await Promise.all([getSignedInUser(), token ? signInLinkAccount(token) : null]);
  // A link sent with an open-group join says what the button does: it confirms the join's places.
  const confirmsJoin = linkAccount?.confirmsJoin ?? false;
  const notice = error ? t(error as 'invalid' | 'expired' | 'used') : query.signedOut ? t('signedOut') : null;

  return (
    <SiteShell locale={locale} audience={THIS_VISITOR} alternates={accountAlternates('sign-in')} breadcrumb={[{ label: t('title'), href: accountPath('sign-in', locale) }]}>
      <div className={styles.page}>
        {token ? (
          <div className={styles.narrow}>
            <h1>{confirmsJoin ? t('confirmJoinTitle') : t('confirmTitle')}</h1>
            <p className={styles.lead}>{confirmsJoin ? t('confirmJoinText') : t('confirmText')}</p>
            {linkAccount ? (
              <p data-testid="sign-in-account">{t.rich('confirmAccount', { email: linkAccount.email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
            ) : null}
            {linkAccount && user && user.email !== linkAccount.email ? (
              <p className={styles.notice} role="status" data-testid="sign-in-replaces">
                {t('confirmReplaces', { current: user.email, email: linkAccount.email })}
              </p>
            ) : null}
            {linkAccount ? <p>{t('confirmNotYou')}</p> : null}
            <form action={completeSignIn}>
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="locale" value={locale} />
              <Button type="submit" variant="primary" data-testid="confirm-sign-in">
                {confirmsJoin ? t('confirmJoinButton') : t('confirmButton')}
              </Button>
            </form>
          </div>
        ) : user ? (
          <div className={styles.narrow}>
            <h1>{t('title')}</h1>
            <SessionBar user={user} locale={locale} signOut={signOut} />
            {notice ? (
              <p className={styles.notice} role="status" data-testid="sign-in-notice">
                {notice}
              </p>
            ) : null}
            <p>{t('alreadySignedIn', { email: user.email })}</p>
          </div>
        ) : (
          <SignInPanel locale={locale} next={typeof query.next === 'string' ? query.next : accountPath('bookings', locale)} audience="traveller" notice={notice} action={requestSignInLink} />
        )}
      </div>
    </SiteShell>
  );
}
