import { useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Slide from '@mui/material/Slide';
import { TOAST_ANIMATION_MS } from '../../config/constants';
import { removeToast, type Toast, type ToastSeverity } from './toastStore';
import { usePausableTimer } from './usePausableTimer';

const ALERT_COLOR: Record<ToastSeverity, AlertColor> = {
  success: 'success',
  error: 'error',
  warn: 'warning',
  info: 'info',
};

/** One toast: slides in, closes on its timer (paused while hovered) or its close button, slides out. */
export function ToastItem({ toast }: { toast: Toast }) {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  const { pause, resume } = usePausableTimer(toast.life, close, open && !toast.sticky);

  return (
    <Slide
      direction="left"
      in={open}
      appear
      timeout={TOAST_ANIMATION_MS}
      onExited={() => removeToast(toast.id)}
    >
      <Alert
        severity={ALERT_COLOR[toast.severity]}
        variant="filled"
        onClose={toast.closable ? close : undefined}
        onMouseEnter={pause}
        onMouseLeave={resume}
        sx={{ minWidth: 280, maxWidth: 420, boxShadow: 3 }}
      >
        <AlertTitle>{toast.summary}</AlertTitle>
        {toast.detail}
      </Alert>
    </Slide>
  );
}
