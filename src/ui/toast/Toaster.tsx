import { useSyncExternalStore } from 'react';
import Stack from '@mui/material/Stack';
import { LAYERS } from '../layers';
import { getToasts, subscribeToasts } from './toastStore';
import { ToastItem } from './ToastItem';

/**
 * Renders the toast store's messages in the top-right corner, above everything else, newest at the
 * bottom. The store keeps few open at once; the stack is also bounded by the viewport (a short
 * window scrolls it) so that no toast is ever off screen.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        top: 16,
        right: 16,
        zIndex: LAYERS.toast,
        alignItems: 'flex-end',
        maxHeight: 'calc(100vh - 32px)',
        maxWidth: 'calc(100vw - 32px)',
        overflowY: 'auto',
        overflowX: 'hidden',
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Stack>
  );
}
