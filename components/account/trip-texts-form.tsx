'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ActionForm } from '@/components/forms/action-form';
import { FormSubmit } from '@/components/forms/form-submit';
import { useFormAction } from '@/components/forms/use-form-action';
import { Input, Textarea } from '@/components/ui/input';
import type { FormAction } from '@/lib/forms/errors';
import type { Locale } from '@/lib/locales';
import styles from './trip-editor.module.css';

/** A trip's texts in one language as the form holds them (the itinerary and the FAQ as text blocks). */
export type TripTextsValues = {
  title: string;
  slug: string;
  summary: string;
  description: string;
  region: string;
  itinerary: string;
  faq: string;
  why: string;
  information: string;
  assistance: string;
};

export type TripTextsFormProps = { tripId: number; textLocale: Locale; language: string; values: TripTextsValues; action: FormAction<{ ok: true; id: number }> };

const areas = [
  ['summary', 3, 300],
  ['description', 8, 5000],
  ['itinerary', 10, 20000],
  ['faq', 6, 10000],
  ['why', 4, 5000],
  ['information', 4, 5000],
  ['assistance', 3, 5000],
] as const;

/** A trip's texts in one language: title, web address, summary, description, region, itinerary by day, FAQ and practical information. */
export function TripTextsForm({ tripId, textLocale, language, values, action }: TripTextsFormProps) {
  const t = useTranslations('TripAuthoring.texts');
  const router = useRouter();
  const form = useFormAction(action, values, {
    schema: () => import('@/lib/forms/trip-authoring-schemas').then((schemas) => schemas.tripTextsSchema),
    // What is typed survives a reload until it is saved.
    draft: { name: `trip-texts-${tripId}-${textLocale}` },
  });
  const { state, kit } = form;
  useEffect(() => {
    if (state.status === 'sent') router.refresh();
  }, [state, router]);
  const hints: Partial<Record<(typeof areas)[number][0], string>> = { itinerary: t('itineraryHint'), faq: t('faqHint') };
  return (
    <ActionForm form={form} testId={`texts-form-${textLocale}`} className={styles.form}>
      <input type="hidden" name="tripId" defaultValue={tripId} />
      <input type="hidden" name="textLocale" defaultValue={textLocale} />
      <Input {...kit.register('title')} label={t('tripTitle')} maxLength={120} lang={textLocale} error={kit.errorOf('title')} />
      <Input {...kit.register('slug')} label={t('slug')} hint={t('slugHint')} maxLength={80} error={kit.errorOf('slug')} />
      <Input {...kit.register('region')} label={t('region')} maxLength={100} lang={textLocale} error={kit.errorOf('region')} />
      {areas.map(([name, rows, max]) => (
        <Textarea key={name} {...kit.register(name)} label={t(name)} hint={hints[name]} rows={rows} maxLength={max} lang={textLocale} error={kit.errorOf(name)} />
      ))}
      {state.status === 'sent' ? (
        <p role="status" className={styles.saved}>
          {t('saved')}
        </p>
      ) : null}
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={state.formError} label={t('save', { language })} variant="primary" />
    </ActionForm>
  );
}
