import type { ClipboardEvent, DragEvent } from 'react';
import { uploadWithProgress } from '../../../api/fileTransfer';
import { removeToast, showToast } from '../../../ui/toast/toastStore';

/** The Markdown of a stored image, as the question's texts hold it. */
export const imageMarkdown = (url: string, alt = 'image') => `![${alt.replace(/[[\]\\]/g, '')}](${url})`;

/** Text with `insert` put in place of the selection from `start` to `end` (clamped to the text). */
export function insertAt(text: string, start: number, end: number, insert: string): string {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  return text.slice(0, a) + insert + text.slice(b);
}

/** Uploads one image; answers its address, or undefined after saying why in a toast. */
export async function uploadQuestionImage(file: File): Promise<string | undefined> {
  const form = new FormData();
  form.append('file', file, file.name || 'pasted-image');
  let percent = 0;
  const progress = showToast({ severity: 'info', summary: 'Uploading image', detail: file.name || 'pasted image', sticky: true, closable: false });
  const { result } = await uploadWithProgress<{ id: number; url: string }>('/question-images', form, {
    toast: false,
    onProgress: ({ loaded, total }) => {
      percent = total ? Math.round((loaded / total) * 100) : percent;
    },
  });
  removeToast(progress);
  if (result.success && result.data) {
    showToast({ severity: 'success', summary: 'Image added', detail: `${file.name || 'Pasted image'} (${percent || 100}% sent)` });
    return result.data.url;
  }
  showToast({ severity: 'error', summary: 'Image not added', detail: result.message || 'The image could not be uploaded' });
  return undefined;
}

/** The text field of an event: its target, or the visible textarea or input inside the field it reached (MUI keeps a hidden one for sizing). */
function fieldOf(event: { target: EventTarget; currentTarget: HTMLElement }): HTMLTextAreaElement | HTMLInputElement | null {
  const target = event.target as HTMLElement;
  if ((target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) && target.getAttribute('aria-hidden') !== 'true') return target;
  return event.currentTarget.querySelector<HTMLTextAreaElement | HTMLInputElement>('textarea:not([aria-hidden="true"]), input');
}

const imagesOf = (files: FileList | null | undefined) => [...(files ?? [])];

/**
 * Handlers that let a text field take images: pasted or dropped files are uploaded one by one and
 * their Markdown is put at the caret (or in place of the selection) once each is stored. `setText`
 * gets the field's new text; the field's current text is read when the upload ends, so what was
 * typed meanwhile is kept.
 */
export function imagePasteHandlers(setText: (text: string) => void, disabled = false) {
  const take = async (event: { target: EventTarget; currentTarget: HTMLElement }, files: File[]) => {
    const field = fieldOf(event);
    if (!field) return;
    let start = field.selectionStart ?? field.value.length;
    let end = field.selectionEnd ?? start;
    for (const file of files) {
      const url = await uploadQuestionImage(file);
      if (!url) continue;
      const markdown = imageMarkdown(url, file.name ? file.name.replace(/\.[a-z0-9]+$/i, '') : 'image');
      setText(insertAt(field.value, start, end, markdown));
      start += markdown.length;
      end = start;
    }
  };
  return {
    onPaste: (event: ClipboardEvent<HTMLDivElement>) => {
      const files = imagesOf(event.clipboardData?.files).filter((f) => f.type.startsWith('image/'));
      if (disabled || !files.length) return;
      event.preventDefault();
      void take(event, files);
    },
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      if (!disabled && event.dataTransfer?.types.includes('Files')) event.preventDefault();
    },
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      const files = imagesOf(event.dataTransfer?.files);
      if (disabled || !files.length) return;
      event.preventDefault();
      void take(event, files);
    },
  };
}
