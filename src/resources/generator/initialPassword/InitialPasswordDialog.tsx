import { useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { initialPasswordStore } from './initialPasswordStore';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Shows a new account's initial password once. It closes only through its button, so a stray
 * click beside it does not lose a password that cannot be shown again.
 */
export function InitialPasswordDialog() {
  const shown = useSyncExternalStore(initialPasswordStore.subscribe, initialPasswordStore.get);
  const [copied, setCopied] = useState<'yes' | 'failed'>();

  const close = () => {
    setCopied(undefined);
    initialPasswordStore.dismiss();
  };

  return (
    <Dialog open={shown !== undefined} aria-labelledby="initial-password-title" maxWidth="xs" fullWidth>
      <DialogTitle id="initial-password-title">Initial password</DialogTitle>
      {shown && (
        <DialogContent>
          <Typography gutterBottom>
            Initial password for <strong>{shown.username}</strong>:
          </Typography>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              my: 2,
              pl: 2,
              pr: 1,
              py: 1,
              borderRadius: 1,
              bgcolor: 'action.hover',
            }}
          >
            <Typography
              data-testid="initial-password"
              sx={{ flex: 1, fontFamily: 'monospace', fontSize: '1.15rem', letterSpacing: 1, wordBreak: 'break-all' }}
            >
              {shown.password}
            </Typography>
            <Tooltip title={copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed: select and copy it' : 'Copy'}>
              <IconButton
                aria-label="Copy password"
                onClick={async () => setCopied((await copyText(shown.password)) ? 'yes' : 'failed')}
              >
                {copied === 'yes' ? <CheckIcon color="success" /> : <ContentCopyIcon />}
              </IconButton>
            </Tooltip>
          </Box>
          <Typography variant="body2" color="text.secondary">
            Share it with them; they must change it at first sign-in. It will not be shown again.
          </Typography>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
