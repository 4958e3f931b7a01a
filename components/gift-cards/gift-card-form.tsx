'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ActionForm } from '@/components/forms/action-form';
import type { FieldKit } from '@/components/forms/field-kit';
import { SentPanel } from '@/components/forms/sent-panel';
import { formFieldKit, useFormAction } from '@/components/forms/use-form-action';
import { CUSTOM_AMOUNT } from '@/lib/forms/request-options';
import { giftCardMoney, parseWholeAmount } from '@/lib/gift-cards/amounts';
import { formatMoney } from '@/lib/money/format';
import { initialFormState } from '@/lib/forms/form-state';
import { GiftCardFields, giftCardDefaults, type GiftCardFormProps } from './gift-card-form-fields';

const noSubscription = () => () => undefined;

/** The gift card request (gift-card-form-fields.tsx), drawn by the server and sent to its Server Action. */
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
