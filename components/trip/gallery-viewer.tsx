'use client';

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { TripPhoto } from '@/components/media/trip-photo';
import { Dialog } from '@/components/ui/dialog';
import type { PhotoView } from '@/lib/media/photo-urls';
import styles from './trip-gallery.module.css';

export type GalleryViewerLabels = { title: string; close: string; previous: string; next: string; counters: string[] };

/**
 * The gallery's photos full size in a dialog: opened from a photo of the gallery, one photo per
 * view on a scroll-snapped strip (swipe on phones), arrows and the arrow keys move, Escape closes.
 */
export function GalleryViewer({ galleryId, photos, labels }: { galleryId: string; photos: PhotoView[]; labels: GalleryViewerLabels }) {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const strip = useRef<HTMLDivElement>(null);
  const wanted = useRef(0);

  useEffect(() => {
    const gallery = document.getElementById(galleryId);
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest<HTMLElement>('[data-gallery-index]');
      // A click with a modifier keeps its browser meaning (a new tab).
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      wanted.current = Number(link.dataset.galleryIndex);
      setIndex(wanted.current);
      setOpen(true);
    };
    gallery?.addEventListener('click', onClick);
    return () => gallery?.removeEventListener('click', onClick);
  }, [galleryId]);

  // Opened: the strip starts at the photo chosen.
  useEffect(() => {
    if (open && strip.current) strip.current.scrollLeft = wanted.current * strip.current.clientWidth;
  }, [open]);

  const go = (next: number) => {
    const target = Math.max(0, Math.min(photos.length - 1, next));
    const element = strip.current;
    if (element) element.scrollTo({ left: target * element.clientWidth, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth' });
    setIndex(target);
  };
  // The arrow keys move wherever the focus is in the dialog (it stays on an arrow button at either end: they are never disabled).
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index + (event.key === 'ArrowRight' ? 1 : -1));
    }
  });
  useEffect(() => {
    if (!open) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [open]);
  // Read where a swipe or a scroll came to rest (not while one runs, which a second arrow press may have redirected).
  const onScrollEnd = () => {
    const element = strip.current;
    if (element && element.clientWidth > 0) setIndex(Math.round(element.scrollLeft / element.clientWidth));
  };

  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={labels.title} closeLabel={labels.close} className={styles.viewer}>
      <div className={styles.viewerBody} data-testid="gallery-viewer">
        <div ref={strip} className={styles.strip} onScrollEnd={onScrollEnd}>
          {photos.map((photo, position) => (
            <figure key={photo.storageKey} className={styles.slide} aria-hidden={position !== index}>
              <TripPhoto photo={photo} alt={photo.alt} sizes="100vw" fallbackWidth={1600} />
            </figure>
          ))}
        </div>
        <p className={styles.counter} aria-live="polite" data-testid="gallery-counter">
          {labels.counters[index]}
        </p>
        <button type="button" className={styles.previous} onClick={() => go(index - 1)} aria-disabled={index === 0} aria-label={labels.previous}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className={styles.next} onClick={() => go(index + 1)} aria-disabled={index === photos.length - 1} aria-label={labels.next}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </Dialog>
  );
}
