import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import { THIS_VISITOR } from '@/lib/server/page-audience';
import type { BreadcrumbItem } from '@/components/layout/breadcrumb';
import type { SessionUser } from '@/lib/db/queries/accounts';
import type { FormAction } from '@/lib/forms/errors';
import type { Locale } from '@/lib/locales';
import { accountAlternates, type AccountPage } from '@/lib/routing/account-pages';
import { SessionBar } from './session-bar';
import { SignInPanel } from './sign-in-panel';
import styles from './account.module.css';

type Props = {
  locale: Locale;
  page: AccountPage;
  breadcrumb: BreadcrumbItem[];
  user: SessionUser | null;
  /** Signed out: who the sign-in speaks to, and the page the link leads back to. */
  signIn: { audience: 'guide' | 'traveller'; next: string; action: FormAction<{ ok: true } & { email: string }> };
  signOut: (form: FormData) => Promise<void>;
  /** The page for the signed-in person (rendered only when someone is signed in). */
  children: (user: SessionUser) => ReactNode;
};

/** The frame of an account page: the sign-in form for a signed-out visitor, else who is signed in and the page. */
export function AccountFrame({ locale, page, breadcrumb, user, signIn, signOut, children }: Props) {
  return (
    <SiteShell locale={locale} audience={THIS_VISITOR} alternates={accountAlternates(page)} breadcrumb={breadcrumb}>
      <div className={styles.page}>
        {!user ? (
          <SignInPanel locale={locale} next={signIn.next} audience={signIn.audience} action={signIn.action} />
        ) : (
          <>
            <SessionBar user={user} locale={locale} signOut={signOut} />
            {children(user)}
          </>
        )}
      </div>
    </SiteShell>
  );
}
