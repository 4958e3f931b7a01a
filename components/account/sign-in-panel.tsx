import { getTranslations } from 'next-intl/server';
import { DeferredForm } from '@/components/forms/deferred-form-loader';
import { FormMessages } from '@/components/forms/form-messages';
import formStyles from '@/components/forms/forms.module.css';
import { staticFieldKit } from '@/components/forms/static-field-kit';
import { SIGN_IN_LINK_TTL_MS } from '@/lib/auth/tokens';
import type { Locale } from '@/lib/locales';
import type { ActionResult } from '@/lib/forms/errors';
import { SignInFields } from './sign-in-fields';
import styles from './account.module.css';

type Props = {
  locale: Locale;
  next: string;
  audience: 'guide' | 'traveller';
  notice?: string | null;
  action: (input: unknown) => Promise<ActionResult<{ email: string }>>;
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
        {/* Drawn here; react-hook-form and the schema download on the form's first focus, input or submit. */}
        <DeferredForm form="signIn" props={{ next, intro, minutes: SIGN_IN_LINK_TTL_MS / 60_000, action }} className={formStyles.form} testId="sign-in-form">
          <SignInFields kit={staticFieldKit({ email: '' })} intro={intro} state="idle" formError={null} />
        </DeferredForm>
      </FormMessages>
    </div>
  );
}
