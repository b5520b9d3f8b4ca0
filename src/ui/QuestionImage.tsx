import { useEffect, useState } from 'react';
import { getToken } from '../auth/session';
import { getEnv } from '../config/env';

/** The address a question's Markdown uses for one of its stored images. */
const IMAGE_SRC = /^\/api\/question-images\/(\d{1,10})$/;

/** The image's id when `src` is a stored question image, else undefined. */
export const questionImageId = (src: string | undefined) => {
  const m = src ? IMAGE_SRC.exec(src) : null;
  return m ? Number(m[1]) : undefined;
};

/** Loaded images as data: addresses, by session and id (an image never changes, so one load a page is enough). */
const loaded = new Map<string, Promise<string>>();

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Loads a stored question image with the session's bearer token (an <img> cannot send it) and
 * answers it as a data: address. A refused or failed load is forgotten, so it is tried again later.
 */
export function loadQuestionImage(id: number): Promise<string> {
  const token = getToken();
  const key = `${token ?? ''}|${id}`;
  let promise = loaded.get(key);
  if (!promise) {
    promise = fetch(`${getEnv().apiUrl}/question-images/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((res) => {
        if (!res.ok) throw new Error(`image ${id}: ${res.status}`);
        return res.blob();
      })
      .then(readAsDataUrl);
    promise.catch(() => loaded.delete(key));
    loaded.set(key, promise);
  }
  return promise;
}

/**
 * An image in a question's Markdown. Only images stored with the questions are shown (loaded with
 * the session); any other address, another host's say, is shown as its alt text in brackets.
 */
export function QuestionImage({ src, alt }: { src?: string; alt?: string }) {
  const id = questionImageId(src);
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    setFailed(false);
    loadQuestionImage(id).then(
      (u) => live && setUrl(u),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id]);
  const label = `[image${alt ? `: ${alt}` : ''}]`;
  if (id === undefined || failed) return <span title={id === undefined ? 'Images from other places are not shown' : 'The image could not be loaded'}>{label}</span>;
  if (!url) return <span role="img" aria-label={alt || 'image'} aria-busy="true" style={{ display: 'inline-block', minWidth: 24, minHeight: 16 }} />;
  return <img src={url} alt={alt ?? ''} data-image-id={id} style={{ maxWidth: '100%', height: 'auto' }} />;
}
