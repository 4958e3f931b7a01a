/**
 * Opaque references of what travellers send (requests, bookings, questions, messages): 8
 * characters drawn with crypto randomness from an alphabet without 0/O, 1/I/L (nothing to
 * confuse when read out on the phone), stored bare and shown in two groups, "K7Q4-MZ2T". They
 * tell nothing of how many requests the business gets, unlike the numeric ids they stand for.
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_LENGTH = 8;

/** A uniform random integer below `max` (≤ 256) from the platform's crypto randomness: bytes past the last whole multiple are drawn again. */
export function randomBelow(max: number): number {
  const limit = 256 - (256 % max);
  const byte = new Uint8Array(1);
  do globalThis.crypto.getRandomValues(byte);
  while (byte[0]! >= limit);
  return byte[0]! % max;
}

/** A new reference, as stored: 8 characters of the alphabet, no separator. */
export function newReference(random: (max: number) => number = randomBelow): string {
  let reference = '';
  for (let index = 0; index < REFERENCE_LENGTH; index += 1) reference += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)];
  return reference;
}

/** The reference as people read it: "K7Q4-MZ2T". */
export function formatReference(reference: string): string {
  return `${reference.slice(0, 4)}-${reference.slice(4)}`;
}

const separators = /[\s\-–—#.]/g;

/** A reference as someone wrote it ("k7q4 mz2t", "#K7Q4-MZ2T"), as stored; null when it cannot be one. */
export function parseReference(text: string): string | null {
  const bare = text.replace(separators, '').toUpperCase();
  if (bare.length !== REFERENCE_LENGTH) return null;
  return [...bare].every((character) => REFERENCE_ALPHABET.includes(character)) ? bare : null;
}
