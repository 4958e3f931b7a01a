import type { CSSProperties } from 'react';
import { photoSrcSet, photoUrl, photoWidthFor, type PhotoView } from '@/lib/media/photo-urls';

type Props = {
  photo: Omit<PhotoView, 'alt'>;
  alt: string;
  /** The `sizes` of its srcsets: how wide it is drawn at each viewport. */
  sizes: string;
  /** The width the fallback `<img src>` asks for. */
  fallbackWidth?: number;
  className?: string;
  /**
   * `high`: the page's largest paint, fetched at once and decoded in the frame it arrives in;
   * otherwise lazy, and `low` keeps it behind the page's first picture even where it peeks into the screen.
   */
  fetchPriority?: 'high' | 'low';
};

/**
 * A trip photo as a photo site serves it: AVIF then WebP at every width made, chosen by `sizes`;
 * its width and height reserve its box (no layout shift) and its tiny placeholder shows until it loads.
 */
export function TripPhoto({ photo, alt, sizes, fallbackWidth = 960, className, fetchPriority }: Props) {
  const style: CSSProperties = { backgroundImage: `url(${photo.placeholder})`, backgroundSize: 'cover' };
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcSet(photo, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, 'webp')} sizes={sizes} />
      <img
        className={className}
        src={photoUrl(photo.storageKey, photoWidthFor(photo, fallbackWidth), 'webp')}
        alt={alt}
        width={photo.width}
        height={photo.height}
        style={style}
        {...(fetchPriority === 'high' ? { fetchPriority } : { loading: 'lazy' as const, decoding: 'async' as const, fetchPriority })}
      />
    </picture>
  );
}
