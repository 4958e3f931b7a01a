// `npm run db:seed`: writes (or refreshes) the demo catalogue; idempotent.
// `npm run db:seed -- --trips 50000` also grows the catalogue to that many trips for scale tests.
import { parseArgs } from 'node:util';
import { loadDemoCatalogue, seedDemoCatalogue } from '../lib/db/seed';
import { growCatalogue } from '../lib/db/seed/scale';
import { runWithDatabase } from './database';

const { values } = parseArgs({ options: { trips: { type: 'string' } } });
const target = values.trips === undefined ? undefined : Number(values.trips);
if (target !== undefined && (!Number.isInteger(target) || target < 1)) {
  console.error('--trips takes a whole number of trips, e.g. --trips 50000');
  process.exit(2);
}

runWithDatabase(async (db) => {
  const catalogue = loadDemoCatalogue();
  await seedDemoCatalogue(db, catalogue, new Date());
  console.log(`Demo catalogue seeded: ${catalogue.trips.length} trips, ${catalogue.guides.length} guides, ${catalogue.reviews.length} reviews.`);
  if (target !== undefined) {
    const total = await growCatalogue(db, target, (line) => console.log(line));
    console.log(`Catalogue now holds ${total} trips.`);
  }
});
