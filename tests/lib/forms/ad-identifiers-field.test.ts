import { describe, expect, it } from 'vitest';
import { campaignWithAdIdentifiers, presentAdIdentifiers } from '../../../lib/forms/fields';
import { bookingRequestSchema, guideQuestionSchema, openGroupJoinSchema } from '../../../lib/forms/schemas';

const campaign = { utm: { utm_source: 'google' }, url: 'https://cordee.example/?utm_source=google', firstSeenAt: '2026-11-01T10:00:00.000Z' };

describe('advertising identifiers with the requests travellers send (spec §3)', () => {
  it.each([
    ['booking', bookingRequestSchema().shape.adIdentifiers],
    ['join', openGroupJoinSchema.shape.adIdentifiers],
    ['question', guideQuestionSchema.shape.adIdentifiers],
  ] as const)('the %s schema keeps them, bounded, and turns anything else into null', (_name, field) => {
    const shape = { adIdentifiers: field };
    expect(shape.adIdentifiers.parse({ gclid: 'abc', fbc: 'fb.1.2.3' })).toEqual({ gclid: 'abc', fbc: 'fb.1.2.3' });
    expect(shape.adIdentifiers.parse({ gclid: 'x'.repeat(501) })).toBeNull();
    expect(shape.adIdentifiers.parse('nonsense')).toBeNull();
    expect(shape.adIdentifiers.parse(undefined)).toBeUndefined();
  });

  it('keeps only identifiers that were found', () => {
    expect(presentAdIdentifiers({ gclid: 'abc', wbraid: undefined, fbc: '' })).toEqual({ gclid: 'abc' });
    expect(presentAdIdentifiers(null)).toBeNull();
    expect(presentAdIdentifiers({})).toBeNull();
  });

  it('puts them inside the campaign data of requests without a column of their own', () => {
    expect(campaignWithAdIdentifiers(campaign, { gbraid: 'gb' })).toEqual({ ...campaign, adIdentifiers: { gbraid: 'gb' } });
    expect(campaignWithAdIdentifiers(null, { gbraid: 'gb' })).toEqual({ adIdentifiers: { gbraid: 'gb' } });
    expect(campaignWithAdIdentifiers(campaign, null)).toEqual(campaign);
    expect(campaignWithAdIdentifiers(undefined, undefined)).toBeNull();
  });
});
