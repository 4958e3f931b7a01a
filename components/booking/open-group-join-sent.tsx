'use client';

import { useLocale, useTranslations } from 'next-intl';
import { SentPanel } from '@/components/forms/sent-panel';
import type { OpenGroupJoinAnswer } from '@/lib/forms/schemas';
import { dateTimeFormat } from '@/lib/text/intl-cache';

/**
 * The join's thank-you: one story in its heading and its text. Held seats state their deadline (in
 * the traveller's own time zone) and the link to confirm them; a second join of the same address
 * says so and tells where the first one stands.
 */
export function OpenGroupJoinSent({ result, email }: { result: OpenGroupJoinAnswer; email: string }) {
  const t = useTranslations('OpenGroupJoin');
  const locale = useLocale();
  const deadline = result.holdUntil ? dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(new Date(result.holdUntil)) : '';
  const waitlisted = result.status === 'waitlisted';
  const unconfirmed = result.holdUntil !== null;
  const title = result.existing ? t('alreadyTitle') : waitlisted ? t('waitlistedTitle') : unconfirmed ? t('heldTitle') : t('joinedTitle');
  const text = waitlisted
    ? unconfirmed
      ? t('waitlistHeldText', { email, deadline })
      : t('waitlistedText', { email })
    : unconfirmed
      ? t('heldText', { count: result.travellers, minutes: result.holdMinutes, deadline, email })
      : t('joinedText', { email });
  return (
    <SentPanel title={title}>
      <p data-testid="join-outcome" data-status={result.status}>
        {text}
      </p>
    </SentPanel>
  );
}
