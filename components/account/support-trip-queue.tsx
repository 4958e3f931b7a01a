import { getTranslations } from 'next-intl/server';
import { listSubmittedTrips } from '@/lib/db/queries/trip-authoring';
import type { FormAction } from '@/lib/forms/errors';
import type { Locale } from '@/lib/locales';
import { accountPath } from '@/lib/routing/account-pages';
import { dateTimeFormat } from '@/lib/text/intl-cache';
import { TripReturnForm } from './trip-return-form';
import { TripStepForm } from './trip-step-form';
import styles from './account.module.css';
import editor from './trip-editor.module.css';

type Action = FormAction<{ ok: true; id: number }>;

/** Support's queue of guides' first trips waiting for review, oldest first: each with its private preview, an approval and a return to draft with the reason the guide reads. */
export async function SupportTripQueue({ locale, approve, returnToDraft }: { locale: Locale; approve: Action; returnToDraft: Action }) {
  const [t, waiting] = await Promise.all([getTranslations({ locale, namespace: 'TripAuthoring.queue' }), listSubmittedTrips(locale)]);
  const day = dateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <section className={editor.section} aria-labelledby="trip-queue-title" data-testid="trip-queue">
      <h2 id="trip-queue-title">{t('title')}</h2>
      <p className={styles.lead}>{t('intro')}</p>
      {waiting.length === 0 ? <p className={styles.muted}>{t('empty')}</p> : null}
      <ol className={editor.tripList}>
        {waiting.map((trip) => (
          <li key={trip.id} data-testid="queued-trip" data-trip-id={trip.id}>
            <span className={editor.tripTitle}>{trip.title}</span>
            <span className={styles.muted}>{t('submittedBy', { guide: trip.guideName, date: trip.submittedAt ? day.format(trip.submittedAt) : '' })}</span>
            <a href={`${accountPath('preview', locale)}&id=${trip.id}`}>{t('preview')}</a>
            <div className={editor.steps}>
              <TripStepForm tripId={trip.id} label={t('approve')} done={t('approved')} variant="primary" testId="approve-trip" action={approve} />
              <TripReturnForm tripId={trip.id} labels={{ reason: t('returnReason'), hint: t('returnReasonHint'), submit: t('returnToDraft'), done: t('returned') }} action={returnToDraft} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
