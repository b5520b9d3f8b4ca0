import { useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Slide from '@mui/material/Slide';
import CloseIcon from '@mui/icons-material/Close';
import { TOAST_ANIMATION_MS } from '../../config/constants';
import { removeToast, type Toast, type ToastSeverity } from './toastStore';
import { usePausableTimer } from './usePausableTimer';

const ALERT_COLOR: Record<ToastSeverity, AlertColor> = {
  success: 'success',
  error: 'error',
  warn: 'warning',
  info: 'info',
};

/**
 * One toast: slides in, closes on its timer (paused while hovered), its close button, its action
 * button or when the store dismisses it (the stack is full), slides out, then leaves the store.
 */
export function ToastItem({ toast }: { toast: Toast }) {
  const [closed, setClosed] = useState(false);
  const open = !closed && !toast.dismissed;
  const close = () => setClosed(true);
  const { pause, resume } = usePausableTimer(toast.life, close, open && !toast.sticky);
  const { action } = toast;

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
        // MUI draws the close button itself unless the toast has an action; then both are ours.
        onClose={toast.closable && !action ? close : undefined}
        action={
          action ? (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  action.onClick();
                  close();
                }}
              >
                {action.label}
              </Button>
              {toast.closable ? (
                <IconButton aria-label="Close" title="Close" color="inherit" size="small" onClick={close}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              ) : null}
            </>
          ) : undefined
        }
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
