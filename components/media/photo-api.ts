import type { EditorPhoto } from '@/lib/db/trip-photo-rows';

/** The photo API's answer: the trip's photos after the change, or a refusal's key (PhotoUploader.errors). */
export type PhotoAnswer = { ok: true; photos: EditorPhoto[] } | { ok: false; error: string };

const base = (tripId: number) => `/api/trips/${tripId}/photos`;

async function answerOf(response: Response): Promise<PhotoAnswer> {
  const body = (await response.json().catch(() => null)) as { photos?: EditorPhoto[]; error?: string } | null;
  if (response.ok && body?.photos) return { ok: true, photos: body.photos };
  return { ok: false, error: body?.error ?? 'failed' };
}

/** One JSON call to the photo API. */
export async function callPhotoApi(tripId: number, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: object): Promise<PhotoAnswer> {
  try {
    const response = await fetch(`${base(tripId)}${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
    return await answerOf(response);
  } catch {
    return { ok: false, error: 'network' };
  }
}

/** Uploads one file with XMLHttpRequest, whose upload events tell the progress (fetch has none for a request body). */
export function uploadPhoto(tripId: number, file: File, onProgress: (fraction: number) => void): Promise<PhotoAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', base(tripId));
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText) as { photos?: EditorPhoto[]; error?: string };
        } catch {
          return null;
        }
      })();
      resolve(request.status === 201 && body?.photos ? { ok: true, photos: body.photos } : { ok: false, error: body?.error ?? 'failed' });
    };
    request.onerror = () => resolve({ ok: false, error: 'network' });
    const form = new FormData();
    form.append('photo', file);
    request.send(form);
  });
}
