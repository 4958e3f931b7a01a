import type { TripCardRow } from '@/lib/db/queries/trip-cards';
import type { ConversionSettings } from '@/lib/money/pricing';
import { siteImages } from '@/lib/site-config';
import { TripCardView } from './trip-card-view';

/** A trip in a list: cover, title, place, duration, rating, and its price per person for the travellers in the visitor's currency. */
export function TripCard({ trip, travellers, conversion }: { trip: TripCardRow; travellers: number; conversion: ConversionSettings }) {
  return <TripCardView trip={trip} travellers={travellers} conversion={conversion} coverSrc={siteImages().tripCover(trip.hasCover ? trip.key : null)} />;
}
