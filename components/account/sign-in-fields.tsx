import { useTranslations } from 'next-intl';
import { FormSubmit } from '@/components/forms/form-submit';
import type { FieldKit } from '@/components/forms/field-kit';
import type { SubmitState } from '@/components/forms/use-action-form';
import styles from '@/components/forms/forms.module.css';
import { Input } from '@/components/ui/input';
import type { FormAction } from '@/lib/forms/errors';

export type SignInFormProps = {
  /** Where the link leads once signed in (a path of this site). */
  next: string;
  intro: string;
  minutes: number;
  action: FormAction<{ ok: true; email: string }>;
};

/** The sign-in form's fields (the e-mail address), the same on the server and in the browser. */
export function SignInFields({ kit, intro, state, formError }: { kit: FieldKit<'email'>; intro: string; state: SubmitState; formError: string | null }) {
  const t = useTranslations('Account.signIn');
  const forms = useTranslations('Forms');
  return (
    <>
      <p className={styles.intro}>{intro}</p>
      <Input {...kit.register('email')} type="email" label={forms('labels.email')} autoComplete="email" required error={kit.errorOf('email')} />
      <FormSubmit state={state} formError={formError} label={t('submit')} variant="primary" />
    </>
  );
}
