'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useOnDemand } from '@/components/ui/use-on-demand';
import type { GuideQuestionProps } from './guide-question-form';

const importForm = () => import('./guide-question-form');

/**
 * The more-information flow (spec §2, §4) in a dialog, opened from the trip's price summary or guide
 * card. The form downloads on the button's hover, focus or click, and the dialog opens once it is there.
 */
export function AskGuideDialog({ variant = 'secondary', ...props }: GuideQuestionProps & { variant?: ButtonVariant }) {
  const t = useTranslations('GuideQuestion');
  const forms = useTranslations('Forms');
  const [open, setOpen] = useState(false);
  const { loaded, load } = useOnDemand(importForm);
  const prefetch = () => void load().catch(() => undefined);
  // A failed download leaves the dialog closed; the next click tries again.
  const openDialog = () => void load().then(() => setOpen(true), () => undefined);
  return (
    <>
      <Button variant={variant} fullWidth onClick={openDialog} onPointerEnter={prefetch} onFocus={prefetch} data-testid="ask-guide">
        {t('open', { guide: props.guideName })}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('title')} closeLabel={forms('close')} variant="drawer-right">
        {loaded ? <loaded.GuideQuestionForm {...props} /> : null}
      </Dialog>
    </>
  );
}
