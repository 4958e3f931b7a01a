'use client';

import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { PhotoUploader as PhotoUploaderType } from './photo-uploader';

type Props = Parameters<typeof PhotoUploaderType>[0];

/**
 * The photo uploader (uploads, drag and drop, alt texts), downloaded once its section nears the
 * screen rather than with the editor's first load; it needs JavaScript to work at all. Until then
 * it shows `standing`, the photos as the server listed them.
 */
export function PhotoUploaderOnView({ standing, ...props }: Props & { standing: ReactNode }) {
  const [Uploader, setUploader] = useState<ComponentType<Props> | null>(null);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void import('./photo-uploader').then((module) => setUploader(() => module.PhotoUploader));
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (Uploader) return <Uploader {...props} />;
  return (
    <div ref={placeholder} data-testid="photo-uploader-loading">
      {standing}
    </div>
  );
}
