'use client';

import { useTranslations } from 'next-intl';
import { FormAlert } from '@/components/forms/form-alert';
import { Honeypot } from '@/components/forms/honeypot';
import styles from '@/components/forms/forms.module.css';
import { TermsField } from '@/components/forms/terms-field';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useEffect } from 'react';
import type { FormAction } from '@/lib/forms/errors';
import type { OpenGroupJoinAnswer, OpenGroupJoinForm as Values } from '@/lib/forms/schemas';
import { OpenGroupJoinSent } from './open-group-join-sent';

export type OpenGroupJoinProps = {
  group: { id: number; startsOn: string; openSpots: number };
  travellers: number;
  termsHref: string;
  privacyHref: string;
  action: FormAction<{ ok: true } & OpenGroupJoinAnswer>;
  /** Told once the join is stored, so the dialog's title stops naming what was asked. */
  onSent?: () => void;
};

/** spec §3 open-group join form (email and travellers, 'Fill email'), or the waitlist's when the group is full; imported when its dialog first opens. */
export function OpenGroupJoinForm({ group, travellers, termsHref, privacyHref, action, onSent }: OpenGroupJoinProps) {
  const t = useTranslations('OpenGroupJoin');
  const forms = useTranslations('Forms');
  const full = group.openSpots === 0;
  const { form, state, formError, result, errorOf, onSubmit, prepare } = useActionForm<Values, OpenGroupJoinAnswer>({
    schema: () => import('@/lib/forms/schemas').then((schemas) => schemas.openGroupJoinSchemaFor(group.openSpots)),
    action,
    withCampaign: true,
    withAdIdentifiers: true,
    defaultValues: { openGroupId: group.id, email: '', travellers: full ? travellers : Math.min(travellers, group.openSpots), waitlist: full },
  });

  useEffect(() => {
    if (state === 'sent') onSent?.();
  }, [state, onSent]);
  if (state === 'sent' && result) return <OpenGroupJoinSent result={result} email={form.getValues('email')} />;
  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="join-form">
      <p className={styles.intro}>{full ? t('waitlistIntro') : t('intro')}</p>
      {!full ? <p className={styles.note}>{t('spotsLeft', { count: group.openSpots })}</p> : null}
      <Input {...form.register('email')} type="email" label={forms('labels.email')} autoComplete="email" required error={errorOf('email')} />
      <Input
        {...form.register('travellers', { valueAsNumber: true })}
        type="number"
        inputMode="numeric"
        min={1}
        max={full ? undefined : group.openSpots}
        label={forms('labels.travellers')}
        required
        error={errorOf('travellers')}
      />
      <TermsField registration={form.register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <Honeypot />
      <FormAlert message={formError} />
      <Button type="submit" variant="accent" disabled={state === 'sending'}>
        {state === 'sending' ? forms('sending') : full ? t('waitlist') : t('join')}
      </Button>
    </form>
  );
}
