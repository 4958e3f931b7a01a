'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useOnDemand } from '@/components/ui/use-on-demand';
import { isoDayToDate } from '@/lib/iso-day';
import type { OpenGroupJoinProps } from './open-group-join-form';

const importForm = () => import('./open-group-join-form');

/** spec §3 open-group join: a button per departure opening its form in a dialog (a full group offers its waitlist); the form downloads on hover, focus or click. */
export function OpenGroupJoin(props: OpenGroupJoinProps) {
  const t = useTranslations('OpenGroupJoin');
  const forms = useTranslations('Forms');
  const [open, setOpen] = useState(false);
  // What the dialog asked when it opened: the page's open spots may change under it (a refresh after the join).
  const [asked, setAsked] = useState<'join' | 'waitlist' | 'sent'>('join');
  const { loaded, load } = useOnDemand(importForm);
  const full = props.group.openSpots === 0;
  const start = isoDayToDate(props.group.startsOn);
  // Once sent, the thank-you tells the story: the title only names the group.
  const title = asked === 'sent' ? t('groupTitle', { start }) : asked === 'waitlist' ? t('waitlistTitle', { start }) : t('title', { start });
  const onSent = useCallback(() => setAsked('sent'), []);
  const prefetch = () => void load().catch(() => undefined);
  // A failed download leaves the dialog closed; the next click tries again.
  const openDialog = () =>
    void load().then(() => {
      setAsked(full ? 'waitlist' : 'join');
      setOpen(true);
    }, () => undefined);

  return (
    <>
      <Button variant={full ? 'secondary' : 'primary'} size="sm" onClick={openDialog} onPointerEnter={prefetch} onFocus={prefetch} data-testid="join-group">
        {full ? t('waitlist') : t('join')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title} closeLabel={forms('close')}>
        {loaded ? <loaded.OpenGroupJoinForm {...props} onSent={onSent} /> : null}
      </Dialog>
    </>
  );
}
