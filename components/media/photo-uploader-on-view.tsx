'use client';

import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { PhotoUploader as PhotoUploaderType } from './photo-uploader';

type Props = Parameters<typeof PhotoUploaderType>[0];

/**
 * The photo uploader (uploads, drag and drop, alt texts), downloaded once its section nears the
 * screen rather than with the editor's first load; it needs JavaScript to work at all.
 */
export function PhotoUploaderOnView(props: Props) {
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
  return <div ref={placeholder} aria-busy="true" data-testid="photo-uploader-loading" />;
}
