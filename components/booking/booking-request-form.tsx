'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useReducer } from 'react';
import { useWatch } from 'react-hook-form';
import { FormAlert } from '@/components/forms/form-alert';
import { Honeypot } from '@/components/forms/honeypot';
import formStyles from '@/components/forms/forms.module.css';
import { PhoneField } from '@/components/forms/phone-field';
import { SentPanel } from '@/components/forms/sent-panel';
import { TermsField } from '@/components/forms/terms-field';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { bookingFlowReducer, rangeDays, restoreBookingFlow, type CalendarMonth } from '@/lib/booking/calendar';
import { clearFormDraft, readFormDraft, writeFormDraft } from '@/lib/storage';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import type { BookingRequestForm as Values } from '@/lib/forms/schemas';
import { BookingDates, type BookableGroup } from './booking-dates';
import { tripCalendarKey } from './calendar-query';
import styles from './booking-drawer.module.css';
import { fieldStyles } from '@/components/ui/field';
import { PriceSummary } from './price-summary';
import { BookingContactFields } from './booking-contact-fields';
import type { FieldKit } from '@/components/forms/field-kit';
import { CancellationNotice } from './cancellation-notice';
import { quoteFromTable, requote, type GroupQuote, type PriceTable } from '@/lib/money/pricing';

export type BookingTrip = {
  id: number;
  minDays: number;
  durationDays: number;
  maxGroupSize: number;
  guideName: string;
  replyHours: number;
  /** The guide's lead time in days (spec §9, 30 unless the guide set another). */
  leadDays: number;
};

export type BookingRequestFormProps = {
  trip: BookingTrip;
  travellers: number;
  /** Prices computed on the server: the trip's for each group size (and days), each open group's for one traveller. */
  prices: { table: PriceTable | null; groups: Record<number, GroupQuote> };
  groups: BookableGroup[];
  initialMonth: CalendarMonth;
  defaultCountry: string;
  termsHref: string;
  privacyHref: string;
  action: FormAction<{ ok: true } & BookingSent>;
};

/** What the server answers once the request is stored: its reference, dates, travellers and price. */
export type BookingSent = Submitted & { summary: { travellers: number; days: number; startsOn: string | null; endsOn: string | null; quote: GroupQuote | null } };

/** The drafts this form keeps for the page (lib/storage/drafts.ts): its fields, and its dates. */
const DRAFT = 'booking';
const DATES_DRAFT = 'booking-dates';

/** spec §2 "Travellers and email" form: who, when (calendar or open group), how to reach them, their wishes. */
export function BookingRequestForm({ trip, travellers, prices, groups, initialMonth, defaultCountry, termsHref, privacyHref, action }: BookingRequestFormProps) {
  const t = useTranslations('BookingForm');
  const forms = useTranslations('Forms');
  const queryClient = useQueryClient();
  const limits = { minDays: trip.minDays, maxDays: trip.durationDays, maxTravellers: trip.maxGroupSize };
  const { form, state, formError, result, errorOf, onSubmit, prepare } = useActionForm<Values, BookingSent>({
    schema: () => import('@/lib/forms/schemas').then((schemas) => schemas.bookingRequestSchema(limits)),
    action,
    withCampaign: true,
    withAdIdentifiers: true,
    // The traveller count is the page's (its URL); the dates come from the calendar's own draft.
    draft: { name: DRAFT, skip: ['tripId', 'travellers', 'days', 'dates', 'openGroupId'] },
    onSuccess: () => clearFormDraft(DATES_DRAFT, window.location.pathname),
    // Dates or spots the page offered but the server refused (the page was older than the calendar):
    // the calendar is read again and the dates are picked anew; everything else typed stays.
    onRefused: (errors) => {
      if (!('dates' in errors || 'openGroupId' in errors)) return;
      void queryClient.invalidateQueries({ queryKey: tripCalendarKey(trip.id) });
      dispatch({ type: 'clear' });
    },
    defaultValues: {
      tripId: trip.id,
      firstName: '',
      lastName: '',
      email: '',
      phone: { country: defaultCountry, number: '' },
      travellers,
      days: trip.durationDays,
      dates: { start: null, end: null },
      comment: '',
      openGroupId: null,
    },
  });
  const [flow, dispatch] = useReducer(bookingFlowReducer, groups, (offered) => restoreBookingFlow(readFormDraft(DATES_DRAFT, window.location.pathname), offered, trip.minDays));
  const group = groups.find((candidate) => candidate.id === flow.openGroupId) ?? null;
  // An open group takes no more travellers than its spots left.
  const maxTravellers = group ? Math.min(group.openSpots, trip.maxGroupSize) : trip.maxGroupSize;

  useEffect(() => {
    writeFormDraft(DATES_DRAFT, window.location.pathname, { start: flow.start, end: flow.end, confirmed: flow.confirmed, openGroupId: flow.openGroupId });
  }, [flow]);
  const { register, setValue, getValues, clearErrors, control } = form;
  const [chosenTravellers, chosenDays, chosenDates] = useWatch({ control, name: ['travellers', 'days', 'dates'] });
  const groupQuote = flow.openGroupId === null ? undefined : prices.groups[flow.openGroupId];
  // The price the request asks for, as the server computes it (lib/money/pricing).
  const quote = groupQuote ? requote(groupQuote, chosenTravellers) : prices.table ? quoteFromTable(prices.table, chosenTravellers, chosenDays) : null;

  // The calendar's confirmed range (or the open group's dates) is the form's date range; a range
  // confirmed after a failed submit clears the date error.
  useEffect(() => {
    const confirmed = flow.confirmed && flow.start !== null && flow.end !== null;
    setValue('dates', confirmed ? { start: flow.start, end: flow.end } : { start: null, end: null });
    setValue('openGroupId', flow.openGroupId);
    const group = groups.find((candidate) => candidate.id === flow.openGroupId);
    if (group && getValues('travellers') > group.openSpots) setValue('travellers', group.openSpots);
    if (group) setValue('days', group.durationDays);
    else if (confirmed) setValue('days', Math.min(Math.max(rangeDays(flow.start!, flow.end!), trip.minDays), trip.durationDays));
    if (confirmed) clearErrors(['dates', 'openGroupId', 'days']);
  }, [flow, groups, setValue, getValues, clearErrors, trip.minDays, trip.durationDays]);

  if (state === 'sent' && result) {
    const sent = result.summary;
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { email: getValues('email'), guide: trip.guideName, hours: trip.replyHours })}</p>
        <p>{t('reference', { reference: result.reference })}</p>
        <PriceSummary quote={sent.quote} travellers={sent.travellers} days={sent.quote && prices.table?.minDays != null ? sent.days : null} dates={{ start: sent.startsOn, end: sent.endsOn }} />
      </SentPanel>
    );
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="booking-form">
      <p className={formStyles.intro}>{t('intro', { guide: trip.guideName })}</p>
      <BookingDates tripId={trip.id} minDays={trip.minDays} initialMonth={initialMonth} groups={groups} state={flow} dispatch={dispatch} error={errorOf('dates') ?? errorOf('openGroupId')} />
      <div className={formStyles.row}>
        <Input
          {...register('travellers', { valueAsNumber: true })}
          type="number"
          inputMode="numeric"
          min={1}
          max={maxTravellers}
          label={forms('labels.travellers')}
          hint={group ? t('groupSpots', { count: group.openSpots }) : undefined}
          required
          error={errorOf('travellers')}
        />
        {/* A trip of one length has nothing to choose: its duration is said, not asked. */}
        {trip.minDays === trip.durationDays ? (
          <p className={styles.fixedDays} data-testid="fixed-days">
            <span className={fieldStyles.label}>{forms('labels.days')}</span>
            <span>{t('fixedDays', { count: group?.durationDays ?? trip.durationDays })}</span>
            {errorOf('days') ? <span className={fieldStyles.error}>{errorOf('days')}</span> : null}
          </p>
        ) : (
          <Input {...register('days', { valueAsNumber: true })} type="number" inputMode="numeric" min={trip.minDays} max={trip.durationDays} label={forms('labels.days')} required error={errorOf('days')} />
        )}
      </div>
      {Number.isInteger(chosenTravellers) && chosenTravellers > 0 ? (
        <PriceSummary quote={quote} travellers={chosenTravellers} days={!groupQuote && prices.table?.minDays != null ? chosenDays : null} dates={chosenDates} />
      ) : null}
      <CancellationNotice departure={chosenDates.start} termsHref={termsHref} leadDays={trip.leadDays} guideName={trip.guideName} />
      <BookingContactFields kit={{ register: register as FieldKit<string>['register'], errorOf, PhoneField }} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <p className={formStyles.note}>{t('replyWindow', { guide: trip.guideName, hours: trip.replyHours })}</p>
      <Honeypot />
      <FormAlert message={formError} />
      <Button type="submit" variant="accent" fullWidth disabled={state === 'sending'}>
        {state === 'sending' ? forms('sending') : t('submit')}
      </Button>
    </form>
  );
}
