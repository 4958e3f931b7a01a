'use client';

import { useTranslations } from 'next-intl';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import formStyles from '@/components/forms/forms.module.css';
import { SentPanel } from '@/components/forms/sent-panel';
import { TermsField } from '@/components/forms/terms-field';
import { useFormAction } from '@/components/forms/use-form-action';
import { fieldStyles } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { BookingRequestFormProps, BookingSent } from './booking-request-form';
import { CancellationNotice } from './cancellation-notice';
import { PriceSummary } from './price-summary';
import { BookingContactFields } from './booking-contact-fields';
import styles from './booking-drawer.module.css';

export type BookingRequestPageFormProps = Pick<BookingRequestFormProps, 'trip' | 'travellers' | 'defaultCountry' | 'termsHref' | 'privacyHref' | 'action'> & {
  /** The first day a request may name (the guide's lead time), and the first whose cancellation is free, by the server's clock. */
  earliestStart: string;
  firstFreeDay: string;
  /** The page's own address, where the form posts without JavaScript. */
  permalink: string;
};

/**
 * The booking request drawn in the page, for browsers without JavaScript (the drawer and its
 * calendar need it): the traveller's available dates as date fields, who is coming, how to reach
 * them, sent to the drawer's Server Action; the answer is the page drawn again with the errors
 * (the server checks the dates against the guide's calendar) or the thank-you.
 */
export function BookingRequestPageForm({ trip, travellers, defaultCountry, termsHref, privacyHref, action, earliestStart, firstFreeDay, permalink }: BookingRequestPageFormProps) {
  const t = useTranslations('BookingForm');
  const forms = useTranslations('Forms');
  const defaults = {
    tripId: trip.id,
    openGroupId: '',
    dates: { start: '', end: '' },
    travellers,
    days: trip.durationDays,
    firstName: '',
    lastName: '',
    email: '',
    phone: { country: defaultCountry, number: '' },
    comment: '',
    acceptTerms: false,
  };
  const form = useFormAction<{ ok: true } & BookingSent>(action, defaults, {
    withCampaign: true,
    permalink,
    schema: () => import('@/lib/forms/schemas').then((schemas) => schemas.bookingRequestSchema({ minDays: trip.minDays, maxDays: trip.durationDays, maxTravellers: trip.maxGroupSize })),
  });
  const { state, kit } = form;
  const { register, errorOf } = kit;
  if (state.status === 'sent' && state.result) {
    const sent = state.result.summary;
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { email: state.values.email ?? '', guide: trip.guideName, hours: trip.replyHours })}</p>
        <p>{t('reference', { reference: state.result.reference })}</p>
        <PriceSummary quote={sent.quote} travellers={sent.travellers} days={trip.minDays === trip.durationDays ? null : sent.days} dates={{ start: sent.startsOn, end: sent.endsOn }} />
      </SentPanel>
    );
  }
  const fixedDays = trip.minDays === trip.durationDays;
  return (
    <ActionForm form={form} testId="booking-page-form">
      <input type="hidden" {...register('tripId')} />
      <input type="hidden" {...register('openGroupId')} />
      <p className={formStyles.intro}>{t('intro', { guide: trip.guideName })}</p>
      <fieldset className={styles.dates}>
        <legend className={styles.legend}>{t('datesLegend')}</legend>
        <p className={formStyles.note}>{t('plainDatesHint')}</p>
        <div className={formStyles.row}>
          <Input {...register('dates.start')} type="date" min={earliestStart} label={t('firstDay')} required />
          <Input {...register('dates.end')} type="date" min={earliestStart} label={t('lastDay')} required error={errorOf('dates')} />
        </div>
      </fieldset>
      <div className={formStyles.row}>
        <Input {...register('travellers')} type="number" inputMode="numeric" min={1} max={trip.maxGroupSize} label={forms('labels.travellers')} required error={errorOf('travellers')} />
        {fixedDays ? (
          <p className={styles.fixedDays}>
            <input type="hidden" {...register('days')} />
            <span className={fieldStyles.label}>{forms('labels.days')}</span>
            <span>{t('fixedDays', { count: trip.durationDays })}</span>
            {errorOf('days') ? <span className={fieldStyles.error}>{errorOf('days')}</span> : null}
          </p>
        ) : (
          <Input {...register('days')} type="number" inputMode="numeric" min={trip.minDays} max={trip.durationDays} label={forms('labels.days')} required error={errorOf('days')} />
        )}
      </div>
      <BookingContactFields kit={kit} />
      <CancellationNotice departure={state.values['dates.start'] || null} firstFreeDay={firstFreeDay} termsHref={termsHref} leadDays={trip.leadDays} guideName={trip.guideName} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <p className={formStyles.note}>{t('replyWindow', { guide: trip.guideName, hours: trip.replyHours })}</p>
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={state.formError} label={t('submit')} />
    </ActionForm>
  );
}
