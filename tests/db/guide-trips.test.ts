import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGuideTrip, isGuidesTrip, listGuideTrips, replacePriceEntries, saveOpenGroups, saveSeasons, saveUnavailableRanges } from '@/lib/db/queries/guide-trips';
import { openGroupJoins, openGroups, priceEntries, trips, unavailableRanges } from '@/lib/db/schema';
import { getTripCalendar } from '@/lib/db/queries/availability';
import { isolatedDatabase, testDatabaseServers, type IsolatedDatabase } from '../support/test-database';

const today = '2026-06-15';

describe.each(testDatabaseServers())("a guide's trips, on the $name server", (server) => {
  let database: IsolatedDatabase;
  let mine: { id: number; guideId: number; currency: string; durationDays: number };
  let theirs: { id: number; guideId: number };
  beforeAll(async () => {
    database = await isolatedDatabase(server);
    const rows = await database.db.select({ id: trips.id, guideId: trips.guideId, currency: trips.currency, durationDays: trips.durationDays }).from(trips).orderBy(trips.id);
    mine = rows[0]!;
    theirs = rows.find((row) => row.guideId !== mine.guideId)!;
  });
  afterAll(async () => database?.close());

  it('lists only the guide\'s own trips, and opens only those', async () => {
    const listed = await listGuideTrips(mine.guideId, 'fr', database.db);
    expect(listed.map((trip) => trip.id)).toContain(mine.id);
    expect(listed.map((trip) => trip.id)).not.toContain(theirs.id);
    expect(await getGuideTrip(mine.guideId, theirs.id, 'fr', today, database.db)).toBeNull();
    expect(await isGuidesTrip(mine.guideId, theirs.id, database.db)).toBeNull();
    expect(await isGuidesTrip(mine.guideId, mine.id, database.db)).toEqual({ currency: mine.currency, durationDays: mine.durationDays });
  });

  it('replaces the price entries, and the search reads the new prices', async () => {
    await replacePriceEntries(mine.id, [{ people: 2, amountMinor: 123400 }, { people: 7, amountMinor: 99900 }], database.db);
    const stored = await database.db.select({ people: priceEntries.people, amountMinor: priceEntries.amountMinor }).from(priceEntries).where(eq(priceEntries.tripId, mine.id)).orderBy(priceEntries.people);
    expect(stored).toEqual([{ people: 2, amountMinor: 123400 }, { people: 7, amountMinor: 99900 }]);
    const searched = await database.db.execute<{ price_people: number[] }>(sql`SELECT price_people FROM trip_search WHERE id = ${mine.id}`);
    expect(searched.rows[0]?.price_people).toEqual([2, 7]);
  });

  it('saves open groups: updates, adds, removes the unjoined, keeps the joined, never touches another trip', async () => {
    const [joined, unjoined] = await database.db
      .insert(openGroups)
      .values([
        { tripId: mine.id, startsOn: '2031-07-01', durationDays: 3, totalSpots: 8, openSpots: 6, pricePerPersonMinor: 50000, currency: mine.currency },
        { tripId: mine.id, startsOn: '2031-08-01', durationDays: 3, totalSpots: 8, openSpots: 8, pricePerPersonMinor: 50000, currency: mine.currency },
      ])
      .returning({ id: openGroups.id });
    await database.db.insert(openGroupJoins).values({ idempotencyKey: 'guide-trip-join-01', locale: 'en', openGroupId: joined!.id, email: 'ada@example.com', travellers: 2 });
    const [foreign] = await database.db
      .insert(openGroups)
      .values({ tripId: theirs.id, startsOn: '2031-09-01', durationDays: 3, totalSpots: 8, openSpots: 8, pricePerPersonMinor: 70000, currency: 'EUR' })
      .returning({ id: openGroups.id });
    const existing = await database.db.select({ id: openGroups.id }).from(openGroups).where(and(eq(openGroups.tripId, mine.id), gte(openGroups.startsOn, today)));

    await saveOpenGroups(
      mine.id,
      [
        { id: foreign!.id, startsOn: '2031-10-01', totalSpots: 2, openSpots: 0, pricePerPersonMinor: 1, confirmed: true },
        { id: null, startsOn: '2031-11-01', totalSpots: 6, openSpots: 6, pricePerPersonMinor: 65000, confirmed: true },
      ],
      mine,
      today,
      database.db,
    );
    const after = await database.db.select().from(openGroups).where(and(eq(openGroups.tripId, mine.id), gte(openGroups.startsOn, today)));
    const ids = after.map((group) => group.id);
    expect(ids).toContain(joined!.id);
    expect(ids).not.toContain(unjoined!.id);
    expect(after.find((group) => group.startsOn === '2031-11-01')).toMatchObject({ totalSpots: 6, openSpots: 6, pricePerPersonMinor: 65000, confirmed: true, durationDays: mine.durationDays, currency: mine.currency });
    expect(after.length).toBeLessThanOrEqual(existing.length + 1);
    const [untouched] = await database.db.select().from(openGroups).where(eq(openGroups.id, foreign!.id));
    expect(untouched).toMatchObject({ tripId: theirs.id, startsOn: '2031-09-01', pricePerPersonMinor: 70000 });
  });

  it('saves seasons (one may run over the new year), and the search\'s month filter follows', async () => {
    await saveSeasons(mine.id, [{ from: '12-15', to: '03-31' }], database.db);
    const [trip] = await database.db.select({ seasons: trips.seasons, months: trips.seasonMonths }).from(trips).where(eq(trips.id, mine.id));
    expect(trip?.seasons).toEqual([{ from: '12-15', to: '03-31' }]);
    // January, February, March and December.
    expect(trip?.months).toBe(0b1000_0000_0111);
    const searched = await database.db.execute<{ season_months: number }>(sql`SELECT season_months FROM trip_search WHERE id = ${mine.id}`);
    expect(searched.rows[0]?.season_months).toBe(0b1000_0000_0111);
    const details = await getGuideTrip(mine.guideId, mine.id, 'en', today, database.db);
    expect(details?.seasons).toEqual([{ from: '12-15', to: '03-31' }]);
  });

  it('replaces the unavailable ranges ahead, keeps those already over, and the calendar shows them', async () => {
    await database.db.delete(unavailableRanges).where(eq(unavailableRanges.tripId, mine.id));
    const theirsBefore = await database.db.select().from(unavailableRanges).where(eq(unavailableRanges.tripId, theirs.id));
    await database.db.insert(unavailableRanges).values([
      { tripId: mine.id, startsOn: '2026-01-10', endsOn: '2026-01-12' },
      { tripId: mine.id, startsOn: '2031-01-01', endsOn: '2031-01-05' },
      { tripId: theirs.id, startsOn: '2031-02-01', endsOn: '2031-02-03' },
    ]);
    await saveSeasons(mine.id, [], database.db);
    await saveUnavailableRanges(mine.id, [{ startsOn: '2031-02-10', endsOn: '2031-02-12' }], today, database.db);
    const mineNow = await database.db.select({ startsOn: unavailableRanges.startsOn, endsOn: unavailableRanges.endsOn }).from(unavailableRanges).where(eq(unavailableRanges.tripId, mine.id)).orderBy(unavailableRanges.startsOn);
    expect(mineNow).toEqual([
      { startsOn: '2026-01-10', endsOn: '2026-01-12' },
      { startsOn: '2031-02-10', endsOn: '2031-02-12' },
    ]);
    expect(await database.db.select().from(unavailableRanges).where(eq(unavailableRanges.tripId, theirs.id))).toHaveLength(theirsBefore.length + 1);
    const details = await getGuideTrip(mine.guideId, mine.id, 'en', today, database.db);
    expect(details?.unavailableRanges).toEqual([{ startsOn: '2031-02-10', endsOn: '2031-02-12' }]);
    const calendar = await getTripCalendar(mine.id, '2031-02', today, database.db);
    const state = (day: string) => calendar?.days.find((entry) => entry.date === day)?.state;
    expect(state('2031-02-11')).toBe('guide_unavailable');
    expect(state('2031-02-13')).not.toBe('guide_unavailable');
  });
});
