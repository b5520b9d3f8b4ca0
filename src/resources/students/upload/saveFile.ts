/** Saves a file the page already holds, through a temporary link (works in every current browser). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A base64 text (e.g. the initial-password sheet in an API answer) as a Blob. */
export function base64ToBlob(base64: string, type = XLSX_TYPE): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** A file name part made of letters, digits, '-' and '_' only. */
export const fileNamePart = (text: string): string => text.trim().replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
