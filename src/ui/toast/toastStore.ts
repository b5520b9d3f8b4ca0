import { TOAST_LIFE_MS } from '../../config/constants';

/**
 * A tiny store for toasts, usable outside React (the HTTP client raises them) and read by
 * <Toaster /> through useSyncExternalStore.
 */
export type ToastSeverity = 'success' | 'error' | 'warn' | 'info';

export interface ToastOptions {
  severity: ToastSeverity;
  /** The title line, e.g. 'Error'. */
  summary: string;
  detail?: string;
  /** A sticky toast stays until the user closes it. */
  sticky?: boolean;
  closable?: boolean;
  life?: number;
}

export interface Toast extends Required<Omit<ToastOptions, 'detail'>> {
  id: number;
  detail?: string;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function showToast({ sticky = false, closable = true, life = TOAST_LIFE_MS, ...rest }: ToastOptions): number {
  const id = nextId++;
  publish([...toasts, { id, sticky, closable, life, ...rest }]);
  return id;
}

/** Called once the toast's exit animation has finished. */
export function removeToast(id: number): void {
  publish(toasts.filter((toast) => toast.id !== id));
}

export const getToasts = (): readonly Toast[] => toasts;

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
