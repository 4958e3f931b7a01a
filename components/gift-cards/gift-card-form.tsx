'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ChoiceGroup, type Choice } from '@/components/forms/choice-group';
import { FormSubmit } from '@/components/forms/form-submit';
import { OptionalLabel } from '@/components/forms/optional-label';
import styles from '@/components/forms/forms.module.css';
import { SenderFields } from '@/components/forms/sender-fields';
import { SentPanel } from '@/components/forms/sent-panel';
import { TermsField } from '@/components/forms/terms-field';
import { useActionForm } from '@/components/forms/use-action-form';
import { Input, Textarea } from '@/components/ui/input';
import type { ActionResult } from '@/lib/forms/errors';
import { CUSTOM_AMOUNT } from '@/lib/forms/request-options';
import type { GiftCardRequestForm as Values } from '@/lib/forms/request-schemas';
import { giftCardMoney, parseWholeAmount } from '@/lib/gift-cards/amounts';
import { formatMoney } from '@/lib/money/format';
import pageStyles from './gift-cards.module.css';

export type GiftCardFormProps = {
  /** The currency the amounts are in: the visitor's, as the server resolved it. */
  currency: string;
  /** The preset amounts: whole units and their label, formatted by the page. */
  presets: { units: number; label: string }[];
  limits: { min: number; max: number };
  /** Translated by the page, with the formatted bounds and currency. */
  customLabel: string;
  customHint: string;
  defaultCountry: string;
  termsHref: string;
  privacyHref: string;
  action: (input: unknown) => Promise<ActionResult>;
};

/** The gift card request: an amount (a preset or another one within bounds), the buyer, an optional recipient and message. */
export function GiftCardForm({ currency, presets, limits, customLabel, customHint, defaultCountry, termsHref, privacyHref, action }: GiftCardFormProps) {
  const t = useTranslations('GiftCards');
  const locale = useLocale();
  const router = useRouter();
  const defaultChoice = String(presets[1]?.units ?? presets[0]?.units ?? CUSTOM_AMOUNT);
  const { form, state, formError, result, errorOf, onSubmit, prepare } = useActionForm<Values>({
    schema: () => import('@/lib/forms/request-schemas').then((schemas) => schemas.giftCardRequestSchema(limits)),
    // A refused amount means the currency or its bounds changed on the server: show the page's new ones, keep what was typed.
    action: async (input) => {
      const response = await action({ ...(input as object), currency });
      if (!response.ok && response.fieldErrors.amount) router.refresh();
      return response;
    },
    withCampaign: true,
    defaultValues: {
      currency,
      amount: { choice: defaultChoice, custom: '' },
      name: '',
      email: '',
      phone: { country: defaultCountry, number: '' },
      recipientName: '',
      recipientEmail: '',
      message: '',
    },
  });
  const { register, watch, getValues, setValue } = form;
  const custom = watch('amount.choice') === CUSTOM_AMOUNT;
  // Amounts shown in another currency (after a refresh) start again from the default choice.
  useEffect(() => setValue('amount', { choice: defaultChoice, custom: '' }), [currency, defaultChoice, setValue]);
  const amountError = errorOf('amount');

  if (state === 'sent' && result) {
    const { choice, custom: typed } = getValues('amount');
    const units = parseWholeAmount(choice === CUSTOM_AMOUNT ? typed : choice) ?? 0;
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { amount: formatMoney(giftCardMoney(units, currency), locale), email: getValues('email') })}</p>
        <p>{t('reference', { id: result.id })}</p>
      </SentPanel>
    );
  }

  const choices: Choice[] = [...presets.map((preset) => ({ value: String(preset.units), label: <span className={pageStyles.presetAmount}>{preset.label}</span> })), { value: CUSTOM_AMOUNT, label: t('customChoice') }];
  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="gift-card-form">
      <ChoiceGroup legend={t('amountLegend')} registration={register('amount.choice')} choices={choices} columns={5} error={custom ? undefined : amountError} testId="gift-card-amounts" />
      {custom ? <Input {...register('amount.custom')} inputMode="numeric" autoComplete="off" label={customLabel} hint={customHint} required error={amountError} /> : null}
      <h3 className={pageStyles.formSection}>{t('buyerTitle')}</h3>
      <SenderFields register={register} errorOf={errorOf} />
      <h3 className={pageStyles.formSection}>{t('recipientTitle')}</h3>
      <p className={styles.note}>{t('recipientHint')}</p>
      <div className={styles.row}>
        <Input {...register('recipientName')} label={<OptionalLabel label={t('recipientName')} />} autoComplete="off" error={errorOf('recipientName')} />
        <Input {...register('recipientEmail')} type="email" label={<OptionalLabel label={t('recipientEmail')} />} autoComplete="off" error={errorOf('recipientEmail')} />
      </div>
      <Textarea {...register('message')} label={<OptionalLabel label={t('message')} />} rows={4} maxLength={1000} error={errorOf('message')} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <FormSubmit state={state} formError={formError} label={t('submit')} />
    </form>
  );
}

