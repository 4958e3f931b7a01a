'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { Honeypot } from '@/components/forms/honeypot';
import styles from '@/components/forms/forms.module.css';
import { SentPanel } from '@/components/forms/sent-panel';
import { TermsField } from '@/components/forms/terms-field';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { ActionResult } from '@/lib/forms/errors';
import { openGroupJoinSchema, type OpenGroupJoinForm as Values } from '@/lib/forms/schemas';
import { isoDayToDate } from '@/lib/iso-day';

type Props = {
  group: { id: number; startsOn: string; openSpots: number };
  travellers: number;
  termsHref: string;
  privacyHref: string;
  action: (input: unknown) => Promise<ActionResult<{ id: number; waitlist: boolean }>>;
};

/** spec §3 open-group join (email and travellers, 'Fill email'); a full group offers its waitlist. */
export function OpenGroupJoin({ group, travellers, termsHref, privacyHref, action }: Props) {
  const t = useTranslations('OpenGroupJoin');
  const forms = useTranslations('Forms');
  const [open, setOpen] = useState(false);
  const full = group.openSpots === 0;
  const { form, state, formError, result, errorOf, onSubmit } = useActionForm<Values, { id: number; waitlist: boolean }>({
    schema: openGroupJoinSchema,
    action,
    withCampaign: true,
    withAdIdentifiers: true,
    defaultValues: { openGroupId: group.id, email: '', travellers: full ? travellers : Math.min(travellers, group.openSpots), waitlist: full },
  });
  const start = isoDayToDate(group.startsOn);
  const title = full ? t('waitlistTitle', { start }) : t('title', { start });

  return (
    <>
      <Button variant={full ? 'secondary' : 'primary'} size="sm" onClick={() => setOpen(true)} data-testid="join-group">
        {full ? t('waitlist') : t('join')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title} closeLabel={forms('close')}>
        {state === 'sent' && result ? (
          <SentPanel title={result.waitlist ? t('waitlistedTitle') : t('joinedTitle')}>
            <p>{(result.waitlist ? t('waitlistedText', { email: form.getValues('email') }) : t('joinedText', { email: form.getValues('email') }))}</p>
          </SentPanel>
        ) : (
          <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={state === 'sending'} data-testid="join-form">
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
        )}
      </Dialog>
    </>
  );
}
