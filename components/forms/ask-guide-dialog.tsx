'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { GuideQuestionForm, type GuideQuestionProps } from './guide-question-form';

/** The more-information flow (spec §2, §4) in a dialog, opened from the trip's price summary or guide card. */
export function AskGuideDialog({ variant = 'secondary', ...props }: GuideQuestionProps & { variant?: ButtonVariant }) {
  const t = useTranslations('GuideQuestion');
  const forms = useTranslations('Forms');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} fullWidth onClick={() => setOpen(true)} data-testid="ask-guide">
        {t('open', { guide: props.guideName })}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('title')} closeLabel={forms('close')} variant="drawer-right">
        <GuideQuestionForm {...props} />
      </Dialog>
    </>
  );
}
