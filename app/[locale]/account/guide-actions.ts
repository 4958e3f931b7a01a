'use server';

import { SIGN_IN_LINK_TTL_MS } from '@/lib/auth/tokens';
import { createGuideApplication, decideGuide, findBasePlace, updateGuideProfile } from '@/lib/db/queries/guide-applications';
import { env } from '@/lib/env';
import { formErrors, type FormAction, type FormState } from '@/lib/forms/errors';
import { guideApplicationSchema, guideDecisionSchema, guideProfileSchema } from '@/lib/forms/guide-application-schemas';
import { checkDocument, safeFileName } from '@/lib/forms/guide-document';
import { reject, validatedAction, type FieldRejection } from '@/lib/forms/validated-action';
import { guideApplicationEmail, guideDecisionEmail } from '@/lib/mail/templates';
import { kickOutbox } from '@/lib/mail/worker';
import { accountPath } from '@/lib/routing/account-pages';
import { invalidateGuide } from '@/lib/server/invalidate';
import { getSignedInUser } from '@/lib/server/session';

const mailSettings = () => ({ supportEmail: env.SUPPORT_EMAIL });

type Sent = { ok: true; email: string };

/** The certification's document as sent (a file field), read once; what it is decided by its bytes. */
async function readDocument(value: FormDataEntryValue | null): Promise<{ bytes: Buffer; name: string } | null> {
  if (value === null || typeof value === 'string' || value.size === 0) return null;
  return { bytes: Buffer.from(await value.arrayBuffer()), name: value.name };
}

const documentErrors: Record<'missing' | 'size' | 'type', FieldRejection> = { missing: formErrors.document, size: formErrors.documentSize, type: formErrors.documentType };

/**
 * The "join us" application: the gazetteer names the base, the document is checked by its first
 * bytes and size, then the guide (not public until support approves), the details, the document,
 * the account and its sign-in link are stored at once (createGuideApplication), and the link goes
 * out: following it confirms the address and opens the guide area.
 */
export async function applyAsGuide(state: FormState<Sent>, formData: FormData): Promise<FormState<Sent>> {
  const document = formData instanceof FormData ? await readDocument(formData.get('document')) : null;
  const action: FormAction<Sent> = validatedAction(guideApplicationSchema, async (input) => {
    const checked = checkDocument(document?.bytes ?? null);
    const place = await findBasePlace(input.baseTown, input.baseCountry);
    if (!checked.ok || !place) return reject({ ...(checked.ok ? {} : { document: documentErrors[checked.reason] }), ...(place ? {} : { baseTown: formErrors.basePlace }) });
    const outcome = await createGuideApplication(
      { ...input, place, document: { bytes: document!.bytes, mediaType: checked.mediaType, fileName: safeFileName(document!.name, checked.mediaType) }, nextPath: accountPath('guide', input.locale) },
      ({ token, guideId }) =>
        guideApplicationEmail(
          { applicationId: guideId, guideName: input.name, email: input.email, locale: input.locale, signInUrl: `${env.SITE_URL}${accountPath('sign-in', input.locale)}&token=${token}`, minutes: SIGN_IN_LINK_TTL_MS / 60_000 },
          mailSettings(),
          `guide-application:${input.idempotencyKey}`,
        ),
    );
    if (!outcome.ok) return reject({ email: formErrors.alreadyGuide });
    if (outcome.created) kickOutbox();
    return { ok: true, email: input.email };
  });
  return action(state, formData);
}

/** Support approves or declines an application (or changed certifications), once; the guide is told in their language. */
export const decideGuideVerification = validatedAction(guideDecisionSchema, async (input) => {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  if (user.role !== 'support') return reject({ form: formErrors.notYours });
  const dedupeKey = `guide-${input.subject}:${input.guideId}:${input.idempotencyKey}`;
  const outcome = await decideGuide({ guideId: input.guideId, subject: input.subject, decision: input.decision, reason: input.reason, deciderId: user.id, dedupeKey }, (guide) =>
    guideDecisionEmail(
      { guideId: guide.id, guideName: guide.name, email: guide.email, locale: guide.emailLocale, subject: input.subject, decision: input.decision, reason: input.reason, guideAreaUrl: `${env.SITE_URL}${accountPath('guide', guide.emailLocale)}`, dedupeKey },
      mailSettings(),
    ),
  );
  if (!outcome.ok) return reject({ form: outcome.reason === 'alreadyDecided' ? formErrors.alreadyDecided : formErrors.notYours });
  if (outcome.changed) {
    kickOutbox();
    // An approval makes the guide's page public (and a certification change shows on it).
    await invalidateGuide(outcome.guide.id);
  }
  return { ok: true, decision: input.decision };
});

/** An approved guide edits their public page; changed certifications wait for support to verify them. */
export const saveGuideProfile = validatedAction(guideProfileSchema, async (input) => {
  const user = await getSignedInUser();
  if (!user) return reject({ form: formErrors.signedOut });
  if (user.role !== 'guide' || user.guideId === null) return reject({ form: formErrors.notYours });
  const saved = await updateGuideProfile(user.guideId, input);
  if (!saved) return reject({ form: formErrors.notYours });
  await invalidateGuide(user.guideId);
  return { ok: true, certificationsPending: saved.certificationsPending };
});
