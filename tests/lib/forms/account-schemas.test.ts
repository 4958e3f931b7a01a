import { describe, expect, it } from 'vitest';
import { guideCancelSchema, paymentRequestSchema, proposalSchema, reassignSchema, requestStepSchema, reviewSchema, supportRefundSchema, threadReplySchema } from '@/lib/forms/account-schemas';
import { formErrors } from '@/lib/forms/errors';

const base = { idempotencyKey: 'k'.repeat(20), locale: 'fr' as const };

// Every account form names its request (or thread) by the opaque reference, never the row id.
const forms = {
  threadReply: { schema: threadReplySchema, valid: { ...base, threadKind: 'booking', message: 'Oui.' } },
  requestStep: { schema: requestStepSchema, valid: base },
  proposal: { schema: proposalSchema, valid: { ...base, dates: { start: '2099-07-01', end: '2099-07-05' }, total: 2400, message: '' } },
  guideCancel: { schema: guideCancelSchema, valid: { ...base, reason: 'Le glacier est fermé.' } },
  supportRefund: { schema: supportRefundSchema, valid: { ...base, amount: '120,5' } },
  reassign: { schema: reassignSchema, valid: { ...base, guideId: 2 } },
  review: { schema: reviewSchema, valid: { ...base, rating: 5, guideRating: 4, organisationRating: 5, valueRating: 3, comment: '' } },
  payment: { schema: paymentRequestSchema, valid: { locale: 'fr', kind: 'deposit' } },
};

describe.each(Object.entries(forms))('the %s form', (_, { schema, valid }) => {
  it('takes a reference as shown or as typed, and keeps it as stored', () => {
    for (const text of ['K7Q4-MZ2T', 'K7Q4MZ2T', ' k7q4 mz2t ']) {
      const parsed = schema.safeParse({ ...valid, reference: text });
      expect(parsed.success && parsed.data.reference).toBe('K7Q4MZ2T');
    }
  });

  it('refuses a row id or anything else with the localized "check data" message', () => {
    for (const reference of [1, '1', '42', 'K7Q4-MZ2', 'K7Q4-MZ2O', '', null, undefined]) {
      const parsed = schema.safeParse({ ...valid, reference, requestId: 1, threadId: 1 });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.find((issue) => issue.path[0] === 'reference')?.message).toBe(formErrors.checkData);
    }
  });
});

describe("support's refund amount", () => {
  const parse = (locale: 'en' | 'fr' | 'es', amount: unknown) => supportRefundSchema.safeParse({ ...base, locale, reference: 'K7Q4-MZ2T', amount });
  it.each([
    ['en', '1,234.56', '1234.56'],
    ['fr', '1\u202f234,56', '1234.56'],
    ['fr', '1 234,56', '1234.56'],
    ['es', '1.234,56', '1234.56'],
    ['es', '250', '250'],
  ] as const)('%s reads %j as %s (plain decimal text: exact, never a float)', (locale, amount, expected) => {
    const parsed = parse(locale, amount);
    expect(parsed.success && parsed.data.amount).toBe(expected);
  });

  it.each([
    ['en', '0x10'],
    ['en', '1e1'],
    ['en', '-5'],
    ['en', '+5'],
    ['fr', '1,234.56'],
    ['es', '1,234.56'],
    ['en', 'ten'],
    ['en', 'x'.repeat(40)],
  ] as const)('%s refuses %j with the localized format message', (locale, amount) => {
    const parsed = parse(locale, amount);
    expect(parsed.error?.issues.find((issue) => issue.path[0] === 'amount')?.message).toBe(formErrors.amountFormat);
  });

  it('refuses nothing and zero with the amount message', () => {
    for (const amount of ['', '0', '0,00']) expect(parse('fr', amount).error?.issues.find((issue) => issue.path[0] === 'amount')?.message).toBe(formErrors.refundAmount);
  });
});
