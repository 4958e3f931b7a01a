import { reviewPhotoResponse } from '@/lib/media/review-photo-serving';
import { mediaStore } from '@/lib/media/store';
import { getSignedInUser } from '@/lib/server/session';

/** `/media/reviews/{key}/{width}.{avif|webp}`: one derivative of a review photo, public while its review is visible (lib/media/review-photo-serving.ts). */
export async function GET(request: Request, { params }: RouteContext<'/media/reviews/[token]/[file]'>) {
  const { token, file } = await params;
  return reviewPhotoResponse(request, token, file, { store: mediaStore(), isSupport: async () => (await getSignedInUser())?.role === 'support' });
}
