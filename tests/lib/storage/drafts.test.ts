import { describe, expect, it } from 'vitest';
import { clearFormDraft, flattenDraft, formDraftKey, readFormDraft, writeFormDraft } from '../../../lib/storage/drafts';
import { MemoryStorage } from './fake-storage';

describe('form drafts', () => {
  it('keeps a draft per form and page, and gives it back', () => {
    const storage = new MemoryStorage();
    writeFormDraft('booking', '/fr/trip/tour', { firstName: 'Ana', comment: 'Vegetarian' }, [], storage);
    expect(readFormDraft('booking', '/fr/trip/tour', [], storage)).toEqual({ firstName: 'Ana', comment: 'Vegetarian' });
    expect(readFormDraft('booking', '/fr/trip/other', [], storage)).toEqual({});
    expect(readFormDraft('needHelp', '/fr/trip/tour', [], storage)).toEqual({});
  });

  it('leaves out the fields the page or the server owns, nested ones included', () => {
    const storage = new MemoryStorage();
    writeFormDraft('booking', '/trip/a', flattenDraft({ travellers: 3, idempotencyKey: 'k', phone: { country: 'FR', number: '6' }, comment: 'x' }), ['travellers', 'idempotencyKey', 'phone'], storage);
    expect(readFormDraft('booking', '/trip/a', [], storage)).toEqual({ comment: 'x' });
    writeFormDraft('booking', '/trip/a', { comment: 'x', 'phone.number': '6' }, [], storage);
    expect(readFormDraft('booking', '/trip/a', ['phone'], storage)).toEqual({ comment: 'x' });
    writeFormDraft('booking', '/trip/a', { comment: 'x', acceptTerms: true, locale: 'fr', idempotencyKey: 'k' }, [], storage);
    expect(readFormDraft('booking', '/trip/a', [], storage)).toEqual({ comment: 'x' });
  });

  it('stores an empty draft by removing it, and forgets a sent one', () => {
    const storage = new MemoryStorage();
    writeFormDraft('booking', '/trip/a', { comment: 'x' }, [], storage);
    expect(clearFormDraft('booking', '/trip/a', storage)).toBe(true);
    expect(storage.snapshot()).toEqual({});
    writeFormDraft('booking', '/trip/a', {}, [], storage);
    expect(storage.snapshot()).toEqual({});
  });

  it('reads a damaged draft as none and drops entries that are not plain values', () => {
    const { name } = formDraftKey('booking', '/trip/a');
    expect(readFormDraft('booking', '/trip/a', [], new MemoryStorage({ [name]: '{not json' }))).toEqual({});
    expect(readFormDraft('booking', '/trip/a', [], new MemoryStorage({ [name]: '[1]' }))).toEqual({});
    const mixed = JSON.stringify({ ok: 'yes', nested: { a: 1 }, list: [1], big: 'x'.repeat(10_001), count: 2, none: null });
    expect(readFormDraft('booking', '/trip/a', [], new MemoryStorage({ [name]: mixed }))).toEqual({ ok: 'yes', count: 2, none: null });
  });

  it('flattens nested values to dotted names', () => {
    expect(flattenDraft({ phone: { country: 'FR', number: '' }, dates: { start: null }, accept: true })).toEqual({ 'phone.country': 'FR', 'phone.number': '', 'dates.start': null, accept: true });
  });

  it('works without storage', () => {
    expect(readFormDraft('booking', '/trip/a', [], null)).toEqual({});
    expect(writeFormDraft('booking', '/trip/a', { a: 'b' }, [], null)).toBe(false);
  });
});
