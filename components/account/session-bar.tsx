import { getTranslations } from 'next-intl/server';
import type { SessionUser } from '@/lib/db/queries/accounts';
import type { Locale } from '@/lib/locales';
import { accountPath } from '@/lib/routing/account-pages';
import styles from './account.module.css';

type Props = { user: SessionUser; locale: Locale; signOut: (form: FormData) => Promise<void> };

/** Who is signed in, the account's pages, and signing out here or everywhere (plain forms: no JavaScript needed). */
export async function SessionBar({ user, locale, signOut }: Props) {
  const t = await getTranslations({ locale, namespace: 'Account' });
  return (
    <div className={styles.session} data-testid="session-bar">
      <span className={styles.sessionEmail}>{t('session.signedInAs', { email: user.email })}</span>
      <nav className={styles.sessionLinks} aria-label={t('metaTitleBookings')}>
        {user.role === 'guide' ? <a href={accountPath('guide', locale)}>{t('nav.guideArea')}</a> : null}
        <a href={accountPath('bookings', locale)}>{t('nav.myTrips')}</a>
        <form action={signOut}>
          <input type="hidden" name="locale" value={locale} />
          <button type="submit" className={styles.linkButton}>
            {t('session.signOut')}
          </button>
        </form>
        <form action={signOut}>
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="scope" value="everywhere" />
          <button type="submit" className={styles.linkButton}>
            {t('session.signOutEverywhere')}
          </button>
        </form>
      </nav>
    </div>
  );
}
