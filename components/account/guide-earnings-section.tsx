import { getGuideStripeAccount, listGuideEarnings } from '@/lib/db/queries/guide-payouts';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/locales';
import { refreshStripeAccount } from '@/lib/payments/connect';
import { paymentsEnabled } from '@/lib/payments/stripe';
import { GuideEarnings } from './guide-earnings';

type Props = {
  locale: Locale;
  guideId: number;
  /** The guide area's `stripe` parameter: `return` when Stripe's onboarding sent the guide back, `unavailable` after a failed try. */
  stripe: string | string[] | undefined;
  action: (form: FormData) => Promise<void>;
};

/** Reads the guide's account and earnings for the Earnings section; back from Stripe's onboarding, asks Stripe first (its webhook may come later). */
export async function GuideEarningsSection({ locale, guideId, stripe, action }: Props) {
  const online = paymentsEnabled();
  if (online && stripe === 'return') await refreshStripeAccount(guideId);
  const [account, earnings] = await Promise.all([online ? getGuideStripeAccount(guideId) : null, listGuideEarnings(guideId)]);
  return (
    <GuideEarnings
      locale={locale}
      online={online}
      account={account}
      earnings={earnings}
      feePercent={env.PLATFORM_FEE_PERCENT}
      delayDays={env.PAYOUT_DELAY_DAYS}
      action={action}
      unavailable={stripe === 'unavailable'}
    />
  );
}
