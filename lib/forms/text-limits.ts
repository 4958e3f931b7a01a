/** The lengths the forms' texts are held to: the schemas refuse beyond them, the text areas count up to them. */

/** Longest text a traveller may send in one field; longer is refused with a message, never cut. */
export const MAX_MESSAGE_LENGTH = 5000;
/** spec §5 "Could you please provide a bit more detail?": a question or comment shorter than this. */
export const MIN_DETAIL_LENGTH = 20;
/** The message printed on a gift card. */
export const GIFT_CARD_MESSAGE_LENGTH = 1000;
