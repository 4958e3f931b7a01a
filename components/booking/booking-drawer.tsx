'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { QueryProvider } from '@/components/providers/query-provider';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { BookingRequestForm, type BookingRequestFormProps } from './booking-request-form';

/** spec §2: the drawer titled "Travellers and email", opened from the trip's price summary. */
export function BookingDrawer(props: BookingRequestFormProps) {
  const t = useTranslations('BookingForm');
  const forms = useTranslations('Forms');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="accent" fullWidth onClick={() => setOpen(true)} data-testid="open-booking">
        {t('open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('title')} closeLabel={forms('close')} variant="drawer-right">
        {/* The form stays mounted while the drawer is closed: what was typed survives closing it. */}
        <QueryProvider>
          <BookingRequestForm {...props} />
        </QueryProvider>
      </Dialog>
    </>
  );
}
