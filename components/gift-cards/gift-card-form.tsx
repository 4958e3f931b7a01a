'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { clientFieldKit } from '@/components/forms/client-field-kit';
import styles from '@/components/forms/forms.module.css';
import { SentPanel } from '@/components/forms/sent-panel';
import type { TypedForm } from '@/components/forms/typed-form';
import { useActionForm } from '@/components/forms/use-action-form';
import { CUSTOM_AMOUNT } from '@/lib/forms/request-options';
import type { GiftCardRequestForm as Values } from '@/lib/forms/request-schemas';
import { giftCardMoney, parseWholeAmount } from '@/lib/gift-cards/amounts';
import { formatMoney } from '@/lib/money/format';
import { defaultAmountChoice, GiftCardFields, giftCardDefaults, type GiftCardFormProps } from './gift-card-form-fields';
import type { Submitted } from '@/lib/forms/errors';

/** The gift card request (gift-card-form-fields.tsx), validated and sent; `typed`: what its server HTML held. */
export function GiftCardForm({ currency, limits, defaultCountry, action, typed, ...shown }: GiftCardFormProps & { typed?: TypedForm }) {
  const t = useTranslations('GiftCards');
  const locale = useLocale();
  const router = useRouter();
  const defaultChoice = defaultAmountChoice(shown.presets);
  const { form, state, formError, result, errorOf, onSubmit, prepare, formRef } = useActionForm<Values, Submitted>({
    schema: () => import('@/lib/forms/request-schemas').then((schemas) => schemas.giftCardRequestSchema(limits)),
    // A refused amount means the currency or its bounds changed on the server: show the page's new ones, keep what was typed.
    action: async (input) => {
      const response = await action({ ...(input as object), currency });
      if (!response.ok && response.fieldErrors.amount) router.refresh();
      return response;
    },
    withCampaign: true,
    defaultValues: giftCardDefaults({ currency, presets: shown.presets, defaultCountry }),
    typed,
  });
  const { watch, getValues, setValue } = form;
  const custom = watch('amount.choice') === CUSTOM_AMOUNT;
  // Amounts shown in another currency (after a refresh) start again from the default choice; the
  // first render keeps the amount chosen before the form's code arrived.
  const shownCurrency = useRef(currency);
  useEffect(() => {
    if (shownCurrency.current === currency) return;
    shownCurrency.current = currency;
    setValue('amount', { choice: defaultChoice, custom: '' });
  }, [currency, defaultChoice, setValue]);

  if (state === 'sent' && result) {
    const { choice, custom: typedAmount } = getValues('amount');
    const units = parseWholeAmount(choice === CUSTOM_AMOUNT ? typedAmount : choice) ?? 0;
    return (
      <SentPanel title={t('sentTitle')}>
        <p>{t('sentText', { amount: formatMoney(giftCardMoney(units, currency), locale), email: getValues('email') })}</p>
        <p>{t('reference', { reference: result.reference })}</p>
      </SentPanel>
    );
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} onFocus={prepare} noValidate aria-busy={state === 'sending'} data-testid="gift-card-form">
      <GiftCardFields {...shown} kit={clientFieldKit(form, errorOf, typed)} custom={custom} state={state} formError={formError} />
    </form>
  );
}
