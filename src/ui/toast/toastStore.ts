import type { ReactNode } from 'react';
import { TOAST_LIFE_MS, TOAST_STACK_MAX } from '../../config/constants';

/**
 * A tiny store for toasts, usable outside React (the HTTP client raises them) and read by
 * <Toaster /> through useSyncExternalStore. It is the only place the app's messages are shown:
 * react-admin's notifications are pushed here too (src/areas/shared/NotificationToasts.tsx).
 */
export type ToastSeverity = 'success' | 'error' | 'warn' | 'info';

/** A button on the toast (react-admin's Undo): clicking it runs onClick and closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  severity: ToastSeverity;
  /** The title line, e.g. 'Error'. */
  summary: string;
  detail?: ReactNode;
  /** A sticky toast stays until the user closes it. */
  sticky?: boolean;
  closable?: boolean;
  life?: number;
  action?: ToastAction;
  /** Called once, when the toast has left the screen, however it was closed. */
  onClose?: () => void;
}

export interface Toast extends Required<Omit<ToastOptions, 'detail' | 'action' | 'onClose'>> {
  id: number;
  detail?: ReactNode;
  action?: ToastAction;
  onClose?: () => void;
  /** Closed by the store (the stack was full): the toast slides out, then is removed. */
  dismissed: boolean;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/**
 * Adds a toast at the bottom of the stack. At most TOAST_STACK_MAX are open at once, so that the
 * stack stays on screen when many arrive together: the oldest open ones are closed first.
 */
export function showToast({ sticky = false, closable = true, life = TOAST_LIFE_MS, ...rest }: ToastOptions): number {
  const id = nextId++;
  const next = [...toasts, { id, sticky, closable, life, dismissed: false, ...rest }];
  let excess = next.filter((toast) => !toast.dismissed).length - TOAST_STACK_MAX;
  publish(
    next.map((toast) => {
      if (excess <= 0 || toast.dismissed) return toast;
      excess -= 1;
      return { ...toast, dismissed: true };
    }),
  );
  return id;
}

/** Called once the toast's exit animation has finished. */
export function removeToast(id: number): void {
  const removed = toasts.find((toast) => toast.id === id);
  if (!removed) return;
  publish(toasts.filter((toast) => toast.id !== id));
  removed.onClose?.();
}

export const getToasts = (): readonly Toast[] => toasts;

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
