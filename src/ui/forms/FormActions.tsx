import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';

interface FormActionsProps {
  /** Text of the submit button, e.g. 'Save quiz'. */
  submitLabel: string;
  onCancel: () => void;
  /** Disables both buttons and shows a spinner on the submit button. */
  saving: boolean;
  /** Further buttons, between Cancel and the submit button. */
  children?: ReactNode;
}

/** Cancel and submit at the end of a hand-written form (question editor, quiz form). */
export function FormActions({ submitLabel, onCancel, saving, children }: FormActionsProps) {
  return (
    <Stack useFlexGap direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
      <Button onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      {children}
      <Button
        type="submit"
        variant="contained"
        disabled={saving}
        startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
