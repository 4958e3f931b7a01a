import { describe, expect, it } from 'vitest';
import { captureCampaignData, extractUtmParams, getCampaignData } from '../../../lib/storage';
import { MemoryStorage } from './fake-storage';

const day1 = new Date('2024-03-01T08:00:00.000Z');
const day2 = new Date('2024-03-02T09:30:00.000Z');
const day3 = new Date('2024-03-03T10:45:00.000Z');

describe('extractUtmParams', () => {
  it.each([
    ['https://cordee.example/', {}],
    ['https://cordee.example/trips?page=2', {}],
    ['https://cordee.example/?utm_source=news', { utm_source: 'news' }],
    [
      'https://cordee.example/trips/x?utm_source=google&utm_medium=cpc&utm_campaign=summer&utm_term=alps&utm_content=a&page=2',
      { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'summer', utm_term: 'alps', utm_content: 'a' },
    ],
    ['/fr/sejours?utm_source=fb&utm_id=42', { utm_source: 'fb', utm_id: '42' }],
    ['https://cordee.example/?utm_source=a&utm_source=b', { utm_source: 'a' }],
    ['https://cordee.example/?utm_campaign=%C3%A9t%C3%A9', { utm_campaign: 'été' }],
    ['http://[bad', {}],
  ])('%s → %j', (url, expected) => {
    expect(extractUtmParams(url)).toEqual(expected);
  });
});

describe('captureCampaignData (spec §3: kept from the first visit of a campaign)', () => {
  it('stores the first campaign with its URL and first-seen date', () => {
    const storage = new MemoryStorage();
    const url = 'https://cordee.example/trips?utm_source=news&utm_campaign=spring&ref=1';
    const expected = { utm: { utm_source: 'news', utm_campaign: 'spring' }, url, firstSeenAt: day1.toISOString() };
    expect(captureCampaignData(url, day1, storage)).toEqual(expected);
    expect(getCampaignData(storage)).toEqual(expected);
    expect(JSON.parse(storage.getItem('campaignData') ?? 'null')).toEqual(expected);
  });

  it('keeps the first visit when the same campaign comes back (other page, other order)', () => {
    const storage = new MemoryStorage();
    const first = captureCampaignData('https://cordee.example/?utm_source=news&utm_campaign=spring', day1, storage);
    const again = captureCampaignData('https://cordee.example/trips?utm_campaign=spring&utm_source=news', day2, storage);
    expect(again).toEqual(first);
    expect(getCampaignData(storage)?.firstSeenAt).toBe(day1.toISOString());
  });

  it('replaces the stored campaign with a new one', () => {
    const storage = new MemoryStorage();
    captureCampaignData('https://cordee.example/?utm_source=news&utm_campaign=spring', day1, storage);
    const url = 'https://cordee.example/?utm_source=news&utm_campaign=summer';
    expect(captureCampaignData(url, day2, storage)).toEqual({
      utm: { utm_source: 'news', utm_campaign: 'summer' },
      url,
      firstSeenAt: day2.toISOString(),
    });
  });

  it('a subset of the stored params is a new campaign', () => {
    const storage = new MemoryStorage();
    captureCampaignData('/?utm_source=news&utm_campaign=spring', day1, storage);
    expect(captureCampaignData('/?utm_source=news', day2, storage)?.utm).toEqual({ utm_source: 'news' });
  });

  it('keeps what is stored when the URL has no utm params', () => {
    const storage = new MemoryStorage();
    const first = captureCampaignData('https://cordee.example/?utm_source=news', day1, storage);
    expect(captureCampaignData('https://cordee.example/trips?page=3', day2, storage)).toEqual(first);
    expect(captureCampaignData('https://cordee.example/', day3, storage)).toEqual(first);
    expect(getCampaignData(storage)).toEqual(first);
  });

  it('returns null and stores nothing without utm params and without a stored campaign', () => {
    const storage = new MemoryStorage();
    expect(captureCampaignData('https://cordee.example/?page=1', day1, storage)).toBeNull();
    expect(storage.snapshot()).toEqual({});
  });

  it('replaces an invalid stored value with the new campaign', () => {
    const storage = new MemoryStorage({ campaignData: '{broken' });
    expect(captureCampaignData('/?utm_source=x', day1, storage)?.utm).toEqual({ utm_source: 'x' });
  });

  it('an invalid stored value reads as null when the URL has no utm params', () => {
    const storage = new MemoryStorage({ campaignData: '{broken' });
    expect(captureCampaignData('/', day1, storage)).toBeNull();
  });

  it('defaults now to the current date', () => {
    const storage = new MemoryStorage();
    const before = Date.now();
    const data = captureCampaignData('/?utm_source=x', undefined, storage);
    expect(Date.parse(data?.firstSeenAt ?? '')).toBeGreaterThanOrEqual(before);
  });

  it('survives an invalid date', () => {
    const storage = new MemoryStorage();
    const data = captureCampaignData('/?utm_source=x', new Date('nope'), storage);
    expect(Number.isNaN(Date.parse(data?.firstSeenAt ?? ''))).toBe(false);
  });
});
