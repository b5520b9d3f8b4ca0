import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { serverFieldErrors } from '../../../ui/forms/fieldErrors';
import { showToast } from '../../../ui/toast/toastStore';
import type { Participant, ParticipantsAnswer } from '../quizTypes';
import { saveExtraTime } from './manageApi';

export const EXTRA_MINUTES_MAX = 600;

/** The server's rule for extra minutes, with its messages. */
export function extraMinutesError(text: string): string | undefined {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return 'Enter the extra minutes';
  if (!Number.isInteger(value)) return 'Enter whole minutes';
  if (value < 0) return 'Extra time cannot be negative';
  if (value > EXTRA_MINUTES_MAX) return `At most ${EXTRA_MINUTES_MAX} extra minutes`;
  return undefined;
}

interface ExtraTimeDialogProps {
  quizId: number;
  participant: Participant;
  onClose: () => void;
  onSaved: (answer: ParticipantsAnswer) => void;
}

/** Extra minutes for one student (an accommodation); an attempt in progress gets them at once, never past the window's end. */
export function ExtraTimeDialog({ quizId, participant, onClose, onSaved }: ExtraTimeDialogProps) {
  const [text, setText] = useState(String(participant.extraMinutes ?? 0));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const problem = extraMinutesError(text);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const result = await saveExtraTime(quizId, participant.id, Number(text));
    setBusy(false);
    if (result.success && result.data) {
      showToast({ severity: 'success', summary: 'Extra time saved', detail: `${participant.fullname}: ${Number(text)} extra minutes` });
      onSaved(result.data);
      onClose();
      return;
    }
    const fields = serverFieldErrors(result.data);
    setError(fields.extraMinutes ?? (result.message || 'The extra time could not be saved'));
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="extra-time-title" maxWidth="xs" fullWidth>
      <DialogTitle id="extra-time-title">Extra time for {participant.fullname}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {participant.state === 'in_progress'
            ? 'The student is taking the quiz: their deadline moves at once, but never past the end of the quiz’s window.'
            : 'Added to the student’s duration when they start; never past the end of the quiz’s window.'}
        </DialogContentText>
        <TextField
          id="extra-time-minutes"
          label="Extra minutes"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void save();
            }
          }}
          error={Boolean(error)}
          helperText={error ?? `0 to ${EXTRA_MINUTES_MAX}; 0 removes the extra time`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          autoFocus
          fullWidth
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
