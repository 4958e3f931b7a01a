'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ActionForm } from '@/components/forms/action-form';
import { FormAlert } from '@/components/forms/form-alert';
import { FormSubmit } from '@/components/forms/form-submit';
import { useFormAction } from '@/components/forms/use-form-action';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import type { FormAction } from '@/lib/forms/errors';
import styles from './trip-editor.module.css';

/** The choices of the facts' lists and checkbox groups, translated by the page. */
export type TripFactsOptions = {
  activities: SelectOption[];
  tripTypes: SelectOption[];
  languages: SelectOption[];
  skillLevels: SelectOption[];
  tripLevels: SelectOption[];
  pricingModes: SelectOption[];
  currencies: SelectOption[];
  /** Included items by display group. */
  itemGroups: { label: string; items: SelectOption[] }[];
};

/** The facts' values by field name; a checkbox group is an object of booleans by value. */
export type TripFactsValues = Record<string, string | number | Record<string, boolean>>;

export type TripFactsFormProps = {
  /** Null: a new trip (its title is asked, in `titleLabel`'s language). */
  tripId: number | null;
  values: TripFactsValues;
  options: TripFactsOptions;
  /** Where the saved start place was found, shown under the field. */
  placeFound?: string;
  /** The editor's address of a trip, for the link shown once a new one is created (`{id}` replaced). */
  editorHref?: string;
  titleLabel?: string;
  action: FormAction<{ ok: true; id: number }>;
};

/** A trip's facts (spec §3): what it is, its levels, length, group, pricing, included items and start place; also the new-trip form. */
export function TripFactsForm({ tripId, values, options, placeFound, editorHref, titleLabel, action }: TripFactsFormProps) {
  const t = useTranslations('TripAuthoring');
  const router = useRouter();
  const form = useFormAction(action, values, { schema: () => import('@/lib/forms/trip-authoring-schemas').then((schemas) => (tripId === null ? schemas.newTripSchema : schemas.tripFactsSchema)) });
  const { state, kit } = form;
  useEffect(() => {
    if (state.status === 'sent' && tripId !== null) router.refresh();
  }, [state, router, tripId]);
  const boxes = (group: string, items: readonly SelectOption[]) =>
    items.map((item) => <Checkbox key={item.value} {...kit.register(`${group}.${item.value}`)} label={item.label} />);
  const select = (name: string, list: SelectOption[]) => <Select {...kit.register(name)} label={t(`facts.${name}` as 'facts.title')} options={list} error={kit.errorOf(name)} />;
  const number = (name: string, min: number, max: number) => (
    <Input {...kit.register(name)} type="number" inputMode="numeric" min={min} max={max} step={1} label={t(`facts.${name}` as 'facts.title')} error={kit.errorOf(name)} />
  );
  const created = tripId === null && state.status === 'sent' && state.result ? state.result.id : null;
  return (
    <ActionForm form={form} testId={tripId === null ? 'new-trip-form' : 'facts-form'} className={styles.form}>
      {tripId !== null ? <input type="hidden" name="tripId" defaultValue={tripId} /> : null}
      {tripId === null ? <Input {...kit.register('title')} label={titleLabel ?? ''} maxLength={120} error={kit.errorOf('title')} /> : null}
      <Input {...kit.register('place')} label={t('facts.place')} hint={placeFound ?? t('facts.placeHint')} maxLength={200} error={kit.errorOf('place')} />
      <fieldset className={styles.choices}>
        <legend>{t('facts.activities')}</legend>
        <FormAlert message={kit.errorOf('activities') ?? null} />
        {boxes('activities', options.activities)}
      </fieldset>
      <div className={styles.factGrid}>
        {select('tripType', options.tripTypes)}
        {select('skillLevel', options.skillLevels)}
        {select('fitnessLevel', options.skillLevels)}
        {select('tripLevel', options.tripLevels)}
        {number('durationDays', 1, 60)}
        {number('minDays', 1, 60)}
        {number('maxGroupSize', 1, 50)}
        {select('pricingMode', options.pricingModes)}
        {select('currency', options.currencies)}
        {number('discountPercent', 0, 90)}
      </div>
      {tripId !== null ? (
        <Select
          {...kit.register('currencyChange')}
          label={t('facts.currencyChange')}
          hint={t('facts.currencyChangeHint')}
          placeholder={t('facts.currencyChangePlaceholder')}
          options={[
            { value: 'convert', label: t('facts.currencyConvert') },
            { value: 'keep', label: t('facts.currencyKeep') },
          ]}
          error={kit.errorOf('currencyChange')}
        />
      ) : null}
      <fieldset className={styles.choices}>
        <legend>{t('facts.languages')}</legend>
        <FormAlert message={kit.errorOf('languages') ?? null} />
        {boxes('languages', options.languages)}
      </fieldset>
      {(['included', 'notIncluded'] as const).map((group) => (
        <details key={group} className={styles.itemGroups} open={Boolean(kit.errorOf(group))}>
          <summary>{t(`facts.${group}`)}</summary>
          <FormAlert message={kit.errorOf(group) ?? null} />
          {options.itemGroups.map((itemGroup) => (
            <fieldset key={itemGroup.label} className={styles.choices}>
              <legend>{itemGroup.label}</legend>
              {boxes(group, itemGroup.items)}
            </fieldset>
          ))}
        </details>
      ))}
      {state.status === 'sent' ? (
        <p role="status" className={styles.saved}>
          {created !== null && editorHref ? (
            <>
              {t('newTrip.created')} <a href={editorHref.replace('{id}', String(created))}>{t('newTrip.open')}</a>
            </>
          ) : (
            t('facts.saved')
          )}
        </p>
      ) : null}
      <FormSubmit state={form.pending ? 'sending' : 'idle'} formError={state.formError} label={tripId === null ? t('newTrip.create') : t('facts.save')} variant="primary" />
    </ActionForm>
  );
}
