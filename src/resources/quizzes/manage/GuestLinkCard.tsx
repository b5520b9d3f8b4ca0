import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { showToast } from '../../../ui/toast/toastStore';
import { ConfirmDialog } from '../../../ui/dialogs/ConfirmDialog';
import { CopyButton } from '../../../ui/CopyButton';
import { issueGuestLink, revokeGuestLink } from './manageApi';

interface GuestLinkCardProps {
  quizId: number;
  link: string | null;
  onChange: (link: string | null) => void;
}

/** The quiz-wide guest link (guest access on): issue, copy, reissue or revoke it. */
export function GuestLinkCard({ quizId, link, onChange }: GuestLinkCardProps) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<'revoke' | 'reissue'>();

  const issue = async () => {
    setBusy(true);
    const result = await issueGuestLink(quizId);
    setBusy(false);
    if (result.success && result.data) {
      onChange(result.data.guestLink);
      showToast({ severity: 'success', summary: link ? 'New guest link issued' : 'Guest link issued' });
    }
  };
  const revoke = async () => {
    setBusy(true);
    const result = await revokeGuestLink(quizId);
    setBusy(false);
    if (result.success) {
      onChange(null);
      showToast({ severity: 'success', summary: 'Guest link revoked' });
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="guest-link-title" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ minWidth: 220 }}>
          <Typography id="guest-link-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Guest link
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Anyone with it can take the quiz without an account.
          </Typography>
        </Box>
        {link ? (
          <Stack useFlexGap direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <TextField
              value={link}
              hiddenLabel
              size="small"
              slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Guest link' } }}
              onFocus={(event) => event.target.select()}
              sx={{ flex: 1, minWidth: 260, '& input': { fontFamily: 'monospace', fontSize: 13 } }}
            />
            <CopyButton text={link} label="Copy the guest link" />
            <Button size="small" onClick={() => setConfirming('reissue')} disabled={busy}>
              New link
            </Button>
            <Button size="small" color="error" startIcon={<LinkOffIcon />} onClick={() => setConfirming('revoke')} disabled={busy}>
              Revoke
            </Button>
          </Stack>
        ) : (
          <Box sx={{ flex: 1 }}>
            <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => void issue()} disabled={busy}>
              Issue a guest link
            </Button>
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming !== undefined}
        title={confirming === 'revoke' ? 'Revoke the guest link?' : 'Issue a new guest link?'}
        confirmLabel={confirming === 'revoke' ? 'Revoke' : 'Issue new link'}
        danger
        onConfirm={confirming === 'revoke' ? revoke : issue}
        onClose={() => setConfirming(undefined)}
      >
        The current guest link stops working at once: anyone you gave it to can no longer enter with it.
      </ConfirmDialog>
    </Paper>
  );
}
