import { useSyncExternalStore } from 'react';
import Stack from '@mui/material/Stack';
import { LAYERS } from '../layers';
import { getToasts, subscribeToasts } from './toastStore';
import { ToastItem } from './ToastItem';

/** Renders the toast store's messages in the top-right corner, above everything else. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  return (
    <Stack
      spacing={1}
      sx={{ position: 'fixed', top: 16, right: 16, zIndex: LAYERS.toast, alignItems: 'flex-end' }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Stack>
  );
}
