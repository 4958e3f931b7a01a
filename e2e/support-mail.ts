import type { APIRequestContext } from '@playwright/test';

/** A message the fake SMTP server received (e2e/fakes/server.mjs, GET /smtp/messages). */
export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
  /** Raw header values by lower-case name. */
  headers: Record<string, string>;
};

const fakes = `http://127.0.0.1:${Number(process.env.FAKES_PORT || 4319)}`;

/**
 * The first e-mail the fake SMTP server received for `filter.to` (and whose subject includes
 * `subjectIncludes`), polling until `timeoutMs`: the outbox worker sends a few hundred ms after a form is stored.
 */
export async function waitForMail(request: APIRequestContext, filter: { to: string; subjectIncludes?: string }, timeoutMs = 15000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get(`${fakes}/smtp/messages`, { params: { to: filter.to } });
    const mails = (await response.json()) as ReceivedMail[];
    const found = mails.find((mail) => filter.subjectIncludes === undefined || mail.subject.includes(filter.subjectIncludes));
    if (found) return found;
    if (Date.now() > deadline) {
      const subjects = mails.map((mail) => mail.subject).join(' | ') || 'none';
      throw new Error(`No e-mail to ${filter.to}${filter.subjectIncludes ? ` with "${filter.subjectIncludes}"` : ''} within ${timeoutMs} ms (received: ${subjects})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
