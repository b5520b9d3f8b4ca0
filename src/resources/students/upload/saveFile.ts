
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
