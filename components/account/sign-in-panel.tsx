import { getTranslations } from 'next-intl/server';
import { FormMessages } from '@/components/forms/form-messages';
import { SIGN_IN_LINK_TTL_MS } from '@/lib/auth/tokens';
import type { Locale } from '@/lib/locales';
import type { FormAction } from '@/lib/forms/errors';
import { SignInForm } from './sign-in-form';
import styles from './account.module.css';

type Props = {
  locale: Locale;
  next: string;
  audience: 'guide' | 'traveller';
  notice?: string | null;
  action: FormAction<{ ok: true; email: string }>;
};

/** The sign-in form of an account page for a signed-out visitor, with the page to come back to. */
export async function SignInPanel({ locale, next, audience, notice, action }: Props) {
  const t = await getTranslations({ locale, namespace: 'Account.signIn' });
  const intro = audience === 'guide' ? t('guideIntro') : t('travellerIntro');
  return (
    <div className={styles.narrow}>
      <h1>{audience === 'guide' ? t('guideTitle') : t('title')}</h1>
      {notice ? (
        <p className={styles.notice} role="status" data-testid="sign-in-notice">
          {notice}
        </p>
      ) : null}
      <FormMessages namespaces={['Account']}>
        <SignInForm next={next} intro={intro} minutes={SIGN_IN_LINK_TTL_MS / 60_000} action={action} />
      </FormMessages>
    </div>
  );
}
