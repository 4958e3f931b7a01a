'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { ActionForm } from '@/components/forms/action-form';
import { ChoiceGroup, type Choice } from '@/components/forms/choice-group';
import type { FieldKit, RequestFieldsProps } from '@/components/forms/field-kit';
import { FormSubmit } from '@/components/forms/form-submit';
import styles from '@/components/forms/forms.module.css';
import { OptionalLabel } from '@/components/forms/optional-label';
import { SenderFields } from '@/components/forms/sender-fields';
import { SentPanel } from '@/components/forms/sent-panel';
import { TermsField } from '@/components/forms/terms-field';
import { formFieldKit, useFormAction } from '@/components/forms/use-form-action';
import { Input, Textarea } from '@/components/ui/input';
import type { FormAction, Submitted } from '@/lib/forms/errors';
import { initialFormState } from '@/lib/forms/form-state';
import { CUSTOM_AMOUNT } from '@/lib/forms/request-options';
import type { GiftCardRequestForm as Values } from '@/lib/forms/request-schemas';
import { GIFT_CARD_MESSAGE_LENGTH } from '@/lib/forms/text-limits';
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
  action: FormAction<{ ok: true } & Submitted>;
};

/** The amount chosen first: the second preset (the first when there is one), else another amount. */
export const defaultAmountChoice = (presets: GiftCardFormProps['presets']) => String(presets[1]?.units ?? presets[0]?.units ?? CUSTOM_AMOUNT);

export const giftCardDefaults = ({ currency, presets, defaultCountry }: Pick<GiftCardFormProps, 'currency' | 'presets' | 'defaultCountry'>): DefaultValues<Values> => ({
  currency,
  amount: { choice: defaultAmountChoice(presets), custom: '' },
  name: '',
  email: '',
  phone: { country: defaultCountry, number: '' },
  recipientName: '',
  recipientEmail: '',
  message: '',
  acceptTerms: false,
});

type Props = RequestFieldsProps<Values> &
  Pick<GiftCardFormProps, 'presets' | 'customLabel' | 'customHint'> & {
    /** Another amount is chosen: its field shows. */
    custom: boolean;
  };

/** The gift card request's fields: an amount (a preset or another one within bounds), the buyer, an optional recipient and message. */
export function GiftCardFields({ kit, custom, presets, customLabel, customHint, termsHref, privacyHref, state, formError }: Props) {
  const t = useTranslations('GiftCards');
  const { register, errorOf } = kit;
  const amountError = errorOf('amount');
  const choices: Choice[] = [...presets.map((preset) => ({ value: String(preset.units), label: <span className={pageStyles.presetAmount}>{preset.label}</span> })), { value: CUSTOM_AMOUNT, label: t('customChoice') }];
  return (
    <>
      <ChoiceGroup legend={t('amountLegend')} registration={register('amount.choice')} choices={choices} columns={5} error={custom ? undefined : amountError} testId="gift-card-amounts" />
      {custom ? <Input {...register('amount.custom')} inputMode="numeric" autoComplete="off" label={customLabel} hint={customHint} required error={amountError} /> : null}
      <h3 className={pageStyles.formSection}>{t('buyerTitle')}</h3>
      <SenderFields kit={kit} />
      <h3 className={pageStyles.formSection}>{t('recipientTitle')}</h3>
      <p className={styles.note}>{t('recipientHint')}</p>
      <div className={styles.row}>
        <Input {...register('recipientName')} label={<OptionalLabel label={t('recipientName')} />} autoComplete="off" error={errorOf('recipientName')} />
        <Input {...register('recipientEmail')} type="email" label={<OptionalLabel label={t('recipientEmail')} />} autoComplete="off" error={errorOf('recipientEmail')} />
      </div>
      <Textarea {...register('message')} label={<OptionalLabel label={t('message')} />} rows={4} limit={GIFT_CARD_MESSAGE_LENGTH} error={errorOf('message')} />
      <TermsField registration={register('acceptTerms')} error={errorOf('acceptTerms')} termsHref={termsHref} privacyHref={privacyHref} />
      <FormSubmit state={state} formError={formError} label={t('submit')} />
    </>
  );
}

const noSubscription = () => () => undefined;

/** The gift card request (its fields above), drawn by the server and sent to its Server Action. */
export function GiftCardForm({ currency, limits, defaultCountry, action, ...shown }: GiftCardFormProps) {
  const t = useTranslations('GiftCards');
  const locale = useLocale();
  const router = useRouter();
  const defaults = giftCardDefaults({ currency, presets: shown.presets, defaultCountry });
  const form = useFormAction(action, defaults, {
    withCampaign: true,
    schema: () => import('@/lib/forms/request-schemas').then((schemas) => schemas.giftCardRequestSchema(limits)),
  });
  const { state } = form;
  // Amounts sent in another currency than the page's (it changed since): the amount starts again from the page's default.
  const amountKit: FieldKit<string> = state.values.currency && state.values.currency !== currency ? formFieldKit(defaults, initialFormState) : form.kit;
  const kit: FieldKit<string> = { ...form.kit, register: (name, options) => (name.startsWith('amount.') ? amountKit : form.kit).register(name, options) };
  const firstChoice = kit.register('amount.choice').defaultValue;
  const [choice, setChoice] = useState(String(firstChoice ?? ''));
  // Before the form's code runs (or without it), the other amount's field shows: a choice cannot reveal it.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  // A refused amount means the currency or its bounds changed on the server: show the page's new ones, keep what was typed.
  const amountRefused = Boolean(state.fieldErrors.amount);
  useEffect(() => {
    if (amountRefused) router.refresh();
  }, [amountRefused, state, router]);

  if (state.status === 'sent' && state.result) {
    const { 'amount.choice': sentChoice = '', 'amount.custom': typedAmount = '', currency: sentCurrency = currency, email = '' } = state.values;
    const units = parseWholeAmount(sentChoice === CUSTOM_AMOUNT ? typedAmount : sentChoice) ?? 0;
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { amount: formatMoney(giftCardMoney(units, sentCurrency), locale), email })}</p>
        <p>{t('reference', { reference: state.result.reference })}</p>
      </SentPanel>
    );
  }

  const chooseKit: FieldKit<string> = {
    ...kit,
    register: (name, options) => (name === 'amount.choice' ? { ...kit.register(name, options), onChange: async (event) => setChoice(String((event.target as HTMLInputElement).value)) } : kit.register(name, options)),
  };
  return (
    <ActionForm form={form} testId="gift-card-form">
      <input type="hidden" name="currency" value={currency} readOnly />
      <GiftCardFields {...shown} kit={chooseKit} custom={!hydrated || choice === CUSTOM_AMOUNT} state={form.pending ? 'sending' : 'idle'} formError={state.formError} />
    </ActionForm>
  );
}
