/** The attribute of a link elsewhere on the page (the phones' booking bar) whose click opens the booking drawer. */
export const BOOKING_OPENER = 'data-booking-opener';
