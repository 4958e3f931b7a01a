import type { Locale } from '../locales';

/** One block of an e-mail body, written once and rendered both as HTML and as plain text. */
export type Block =
  | { type: 'paragraph'; text: string }
  /** A highlighted paragraph (e.g. "this guide has no e-mail address"). */
  | { type: 'note'; text: string }
  | { type: 'facts'; title?: string; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** Text a person wrote (comment, question, message): kept line by line. */
  | { type: 'quote'; label: string; text: string }
  | { type: 'button'; label: string; url: string };

export type Letter = { locale: Locale; subject: string; blocks: Block[]; footer: string[] };

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEntities[char]!);
}

/** A subject line on one line: no CR/LF or other control characters (no header injection), at most 200 characters. */
export function cleanSubject(subject: string): string {
  const oneLine = subject
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return Array.from(oneLine).slice(0, 200).join('');
}

/** The URL when it is an absolute http(s) URL, else null (never a javascript: link in a mail). */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const lines = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');
const muted = 'color:#4d5a53;';

function blockHtml(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;padding:12px 14px;background:#fdf1ea;border-left:4px solid #b4471f;">${escapeHtml(block.text)}</p>`;
    case 'facts': {
      const title = block.title ? `<h2 style="margin:24px 0 8px;font-size:16px;">${escapeHtml(block.title)}</h2>` : '';
      const rows = block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="width:40%;padding:6px 12px 6px 0;text-align:left;vertical-align:top;font-weight:normal;${muted}">${escapeHtml(label)}</th>` +
            `<td style="padding:6px 0;vertical-align:top;">${lines(value).map(escapeHtml).join('<br>')}</td></tr>`,
        )
        .join('');
      return `${title}<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;border-collapse:collapse;">${rows}</table>`;
    }
    case 'quote':
      return (
        `<p style="margin:0 0 4px;${muted}">${escapeHtml(block.label)}</p>` +
        `<blockquote style="margin:0 0 16px;padding:8px 14px;border-left:3px solid #d5dad6;background:#f6f7f5;">${lines(block.text).map(escapeHtml).join('<br>')}</blockquote>`
      );
    case 'button':
      return (
        `<p style="margin:8px 0 24px;"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;` +
        `background:#1f5c45;color:#ffffff;text-decoration:none;font-weight:bold;">${escapeHtml(block.label)}</a></p>`
      );
  }
}

function blockText(block: Block, colon: string): string {
  switch (block.type) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'facts': {
      const rows = block.rows.map(([label, value]) => `${label}${colon}${lines(value).join('\n  ')}`);
      return (block.title ? [block.title, ...rows] : rows).join('\n');
    }
    case 'quote':
      return [`${block.label}${colon.trimEnd()}`, ...lines(block.text).map((line) => `> ${line}`)].join('\n');
    case 'button':
      return `${block.label}${colon}${block.url}`;
  }
}

/** The HTML part (inline styles only, every text escaped) and the plain-text part of a letter. */
export function renderLetter(letter: Letter): { subject: string; html: string; text: string } {
  const subject = cleanSubject(letter.subject);
  // French typography puts a narrow no-break space before the colon, as the messages do.
  const colon = letter.locale === 'fr' ? '\u202f: ' : ': ';
  const text = [...letter.blocks.map((block) => blockText(block, colon)), `-- \n${letter.footer.join('\n')}`].join('\n\n') + '\n';
  const html =
    `<!doctype html><html lang="${letter.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:0;background:#f6f7f5;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f7f5;"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;` +
    `font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1b2420;">` +
    `<tr><td style="padding:18px 28px;border-bottom:3px solid #1f5c45;font-size:20px;font-weight:bold;color:#1f5c45;">Cordée</td></tr>` +
    `<tr><td style="padding:24px 28px 8px;">${letter.blocks.map(blockHtml).join('')}</td></tr>` +
    `<tr><td style="padding:16px 28px;border-top:1px solid #d5dad6;font-size:12px;${muted}">${letter.footer.map(escapeHtml).join('<br>')}</td></tr>` +
    `</table></td></tr></table></body></html>`;
  return { subject, html, text };
}
