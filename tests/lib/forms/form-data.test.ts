import { describe, expect, it } from 'vitest';
import { readFormData, submittedValues, toFormData } from '@/lib/forms/form-data';

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('readFormData', () => {
  it('reads dotted names as nested objects and numbered rows as arrays, in index order', () => {
    const values = readFormData(
      form([
        ['email', 'ines@example.com'],
        ['phone.country', 'FR'],
        ['phone.number', '612345678'],
        ['entries.1.people', '4'],
        ['entries.0.people', '2'],
        ['entries.0.price', '120.5'],
        ['entries.1.price', '99'],
      ]),
    );
    expect(values).toEqual({ email: 'ines@example.com', phone: { country: 'FR', number: '612345678' }, entries: [{ people: '2', price: '120.5' }, { people: '4', price: '99' }] });
  });

  it('closes the holes of removed rows, and keeps a name sent twice as its values in order', () => {
    expect(readFormData(form([['ranges.3.startsOn', 'b'], ['ranges.0.startsOn', 'a']]))).toEqual({ ranges: [{ startsOn: 'a' }, { startsOn: 'b' }] });
    expect(readFormData(form([['tag', 'a'], ['tag', 'b'], ['tag', 'c']]))).toEqual({ tag: ['a', 'b', 'c'] });
  });

  it('leaves out names that would reach the prototype, empty segments, files and a path under a text', () => {
    const data = form([
      ['__proto__.polluted', 'yes'],
      ['a.constructor.prototype.polluted', 'yes'],
      ['.x', '1'],
      ['name', 'Ines'],
      ['name.first', 'I'],
    ]);
    data.append('upload', new Blob(['x']), 'x.txt');
    const values = readFormData(data);
    expect(values).toEqual({ name: 'Ines' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps an index past the row limit as a plain key, not a sparse array', () => {
    expect(readFormData(form([['rows.99999999', 'x']]))).toEqual({ rows: { '99999999': 'x' } });
  });
});

describe('toFormData', () => {
  it('sends an island’s values as a form would, and reads back in the same shape as text', () => {
    const data = toFormData({ tripId: 7, travellers: 2, waitlist: false, acceptTerms: true, openGroupId: null, dates: { start: '2030-01-02', end: null }, rows: [{ id: 1 }, { id: 2 }], note: undefined });
    expect([...data.entries()]).toEqual([
      ['tripId', '7'],
      ['travellers', '2'],
      ['acceptTerms', 'on'],
      ['openGroupId', ''],
      ['dates.start', '2030-01-02'],
      ['dates.end', ''],
      ['rows.0.id', '1'],
      ['rows.1.id', '2'],
    ]);
    expect(readFormData(data)).toEqual({ tripId: '7', travellers: '2', acceptTerms: 'on', openGroupId: '', dates: { start: '2030-01-02', end: '' }, rows: [{ id: '1' }, { id: '2' }] });
  });
});

describe('submittedValues', () => {
  it('is the text sent by name, without the honeypot nor the fill time', () => {
    expect(submittedValues(form([['email', 'x@example.com'], ['website', 'spam'], ['fillMs', '4000'], ['phone.number', '6']]))).toEqual({ email: 'x@example.com', 'phone.number': '6' });
  });
});
