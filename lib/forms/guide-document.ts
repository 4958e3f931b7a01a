/**
 * A certification's proof as a guide sends it: a PDF, JPEG or PNG of at most 5 MB, its type read
 * from its first bytes (never from its name or the browser's word), kept private in the database.
 */

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const documentMediaTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentMediaType = (typeof documentMediaTypes)[number];

const signatures: Array<{ mediaType: DocumentMediaType; bytes: number[] }> = [
  { mediaType: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { mediaType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mediaType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The media type a file's first bytes announce, or null when it is none of the accepted ones. */
export function documentMediaType(head: Uint8Array): DocumentMediaType | null {
  return signatures.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))?.mediaType ?? null;
}

export type DocumentCheck = { ok: true; mediaType: DocumentMediaType } | { ok: false; reason: 'missing' | 'size' | 'type' };

/** Whether a sent file is an acceptable document: present, within the size, of an accepted type by its bytes. */
export function checkDocument(bytes: Uint8Array | null): DocumentCheck {
  if (!bytes || bytes.byteLength === 0) return { ok: false, reason: 'missing' };
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) return { ok: false, reason: 'size' };
  const mediaType = documentMediaType(bytes.subarray(0, 8));
  return mediaType ? { ok: true, mediaType } : { ok: false, reason: 'type' };
}

/** A file name safe to show and to put in a Content-Disposition header: its last path part, plain characters, bounded. */
export function safeFileName(name: string, mediaType: DocumentMediaType): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^\w.\- ]+/g, '_').slice(-100).trim();
  const extension = { 'application/pdf': '.pdf', 'image/jpeg': '.jpg', 'image/png': '.png' }[mediaType];
  const stem = base.replace(/\.[^.]*$/, '') || 'document';
  return `${stem}${extension}`;
}
