import { isValidElement, useEffect, useRef } from 'react';
import {
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
  type NotificationType,
  type UndoableMutation,
} from 'react-admin';
import { CONNECTION_ISSUE, SESSION_EXPIRED } from '../../api/httpClient';
import { showToast, type ToastOptions, type ToastSeverity } from '../../ui/toast/toastStore';

const SEVERITY: Record<NotificationType, ToastSeverity> = { success: 'success', info: 'info', warning: 'warn', error: 'error' };
const TITLE: Record<NotificationType, string> = { success: 'Success', info: 'Info', warning: 'Warning', error: 'Error' };

/**
 * Messages that must not become a second toast: the HTTP client has already shown 'Connection
 * Issue' for a call that never reached the server, and an ended session (405) shows no toast.
 */
const ALREADY_HANDLED = new Set([CONNECTION_ISSUE, SESSION_EXPIRED]);

type Translate = ReturnType<typeof useTranslate>;

/** The page must not be left while a change waits for its Undo to expire: it would be lost. */
function holdPageWhilePending(): () => void {
  const warn = (event: BeforeUnloadEvent) => event.preventDefault();
  window.addEventListener('beforeunload', warn);
  return () => window.removeEventListener('beforeunload', warn);
}

/**
 * The toast of a react-admin notification. Text is translated as react-admin's own Snackbar does
 * (message and messageArgs); an error reads like the app's other errors (title 'Error', the message
 * below it). An undoable one offers Undo: clicking it rolls the change back, closing the toast any
 * other way (its timer, its close button, a full stack) sends the change, as react-admin does when
 * its Snackbar closes. `mutation` is the change this notification announces, taken from
 * react-admin's queue when the notification is; without one, react-admin's older event is used.
 */
function toastOf(
  { message, type = 'info', notificationOptions = {} }: NotificationPayload,
  translate: Translate,
  mutation: UndoableMutation | undefined,
): ToastOptions | undefined {
  const { autoHideDuration, messageArgs, undoable } = notificationOptions;
  const text = typeof message === 'string' ? translate(message, messageArgs) : undefined;
  if (text !== undefined && ALREADY_HANDLED.has(text)) return undefined;
  if (text === undefined && !isValidElement(message)) return undefined;

  const toast: ToastOptions = {
    severity: SEVERITY[type] ?? 'info',
    ...(text === undefined
      ? { summary: TITLE[type] ?? TITLE.info, detail: message }
      : type === 'error'
        ? { summary: TITLE.error, detail: text }
        : { summary: text }),
    // react-admin: undefined keeps the default life; null or 0 means no automatic close.
    ...(autoHideDuration === undefined ? {} : autoHideDuration ? { life: autoHideDuration } : { sticky: true }),
  };
  if (!undoable) return toast;

  let settled = false;
  const release = holdPageWhilePending();
  const settle = (isUndo: boolean) => {
    if (settled) return;
    settled = true;
    release();
    if (mutation) mutation({ isUndo });
    else undoableEventEmitter.emit('end', { isUndo });
  };
  return { ...toast, action: { label: translate('ra.action.undo'), onClick: () => settle(true) }, onClose: () => settle(false) };
}

/**
 * react-admin's `notification` component: it shows nothing itself. Each notification of
 * react-admin's queue (useNotify, saves and deletes, undoable changes, data provider and auth
 * errors) is taken off the queue and shown as one of the app's toasts, top right, with the others.
 */
export function NotificationToasts() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  // takeNotification returns the head of the queue as of the last render; an effect that runs twice
  // for one render (React's strict mode) must not show it twice.
  const shown = useRef(new WeakSet<NotificationPayload>());

  useEffect(() => {
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (!notification || shown.current.has(notification)) return;
    shown.current.add(notification);
    // An undoable change queues its mutation before its notification, in the same order.
    const mutation = notification.notificationOptions?.undoable ? takeMutation() || undefined : undefined;
    const toast = toastOf(notification, translate, mutation);
    if (toast) showToast(toast);
    else if (mutation) mutation({ isUndo: false });
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}
