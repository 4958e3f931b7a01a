'use client';

import { QueryProvider } from '@/components/providers/query-provider';
import { BookingRequestForm, type BookingRequestFormProps } from './booking-request-form';

/** The drawer's content, imported when the drawer first opens: the form, its calendar and the query client that loads availability. */
export function BookingDrawerForm(props: BookingRequestFormProps) {
  return (
    <QueryProvider>
      <BookingRequestForm {...props} />
    </QueryProvider>
  );
}
