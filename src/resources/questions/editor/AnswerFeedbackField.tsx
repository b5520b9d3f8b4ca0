import TextField from '@mui/material/TextField';

/** The optional feedback of one short or numeric answer, shown in the review to students whose response it matched. */
export function AnswerFeedbackField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (feedback: string) => void;
  error?: string;
  hint: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      id={props.id}
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={Boolean(props.error)}
      helperText={props.error ?? props.hint}
      disabled={props.disabled}
      size="small"
      multiline
      maxRows={4}
      sx={{ pr: 5 }}
    />
  );
}
