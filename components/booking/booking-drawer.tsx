'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useOnDemand } from '@/components/ui/use-on-demand';
import { BOOKING_OPENER } from './booking-opener';
import type { BookingRequestFormProps } from './booking-request-form';

const importForm = () => import('./booking-drawer-form');

/**
 * spec §2: the drawer titled "Travellers and email", opened from the trip's price summary. The form,
 * its calendar and date and query libraries download on the button's hover or focus, or its click,
 * not with the page; the drawer opens once they are there.
 */
export function BookingDrawer(props: BookingRequestFormProps) {
  const t = useTranslations('BookingForm');
  const forms = useTranslations('Forms');
  const [open, setOpen] = useState(false);
  const { loaded, load } = useOnDemand(importForm);
  const prefetch = () => void load().catch(() => undefined);
  // A failed download leaves the drawer closed; the next click tries again.
  const openDrawer = () => void load().then(() => setOpen(true), () => undefined);
  // The page's other "Request to book" links (the phones' booking bar) open this drawer once it can.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest(`[${BOOKING_OPENER}]`)) return;
      event.preventDefault();
      openDrawer();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  });
  return (
    <>
      <Button variant="accent" fullWidth onClick={openDrawer} onPointerEnter={prefetch} onFocus={prefetch} data-testid="open-booking">
        {t('open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('title')} closeLabel={forms('close')} variant="drawer-right">
        {/* Once loaded, the form stays mounted while the drawer is closed: what was typed survives closing it. */}
        {loaded ? <loaded.BookingDrawerForm {...props} /> : null}
      </Dialog>
    </>
  );
}
