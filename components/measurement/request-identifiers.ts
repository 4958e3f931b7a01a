import Cookies from 'js-cookie';
import { getCampaignData } from '@/lib/storage';
import { readAdIdentifiers, type AdIdentifiers } from '@/lib/tracking/ad-identifiers';
import { currentConsent } from './consent-store';

/**
 * spec §3: the advertising identifiers sent with a traveller's request, read only when the
 * visitor accepted (null otherwise, or when there are none).
 */
export function adIdentifiersForRequest(): AdIdentifiers | null {
  if (currentConsent() !== 'accepted') return null;
  const found = readAdIdentifiers(Cookies.get(), window.location.search, getCampaignData()?.url);
  return Object.keys(found).length > 0 ? found : null;
}
