import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { ACCEPTED_ANSWERS_MAX } from '../../../schemas/questions';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { newAnswer, type AnswerDraft } from '../questionDraft';

interface AcceptedAnswersEditorProps {
  answers: AnswerDraft[];
  onChange: (answers: AnswerDraft[]) => void;
  errors: FieldErrors;
  disabled?: boolean;
}

/** The answers a short-answer question accepts; Enter in the last one adds another. */
export function AcceptedAnswersEditor({ answers, onChange, errors, disabled }: AcceptedAnswersEditorProps) {
  const listError = errors.accepted_answers;
  const add = () => {
    onChange([...answers, newAnswer()]);
    requestAnimationFrame(() => document.getElementById(`question-answer-${answers.length}`)?.focus());
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Accepted answers
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        A student&apos;s answer is correct when it matches one of these; case and extra spaces are ignored.
      </Typography>
      <Stack spacing={1.5}>
        {answers.map((answer, index) => {
          const error = errors[`accepted_answers.${index}`];
          return (
            <Stack key={answer.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                id={`question-answer-${index}`}
                label={`Accepted answer ${index + 1}`}
                value={answer.text}
                onChange={(event) => onChange(answers.map((a, i) => (i === index ? { ...a, text: event.target.value } : a)))}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && index === answers.length - 1 && answers.length < ACCEPTED_ANSWERS_MAX) {
                    event.preventDefault();
                    add();
                  }
                }}
                error={Boolean(error)}
                helperText={error}
                disabled={disabled}
                size="small"
                fullWidth
              />
              <IconButton
                aria-label={`Remove accepted answer ${index + 1}`}
                onClick={() => onChange(answers.filter((_, i) => i !== index))}
                disabled={disabled}
                size="small"
                sx={{ mt: 0.5 }}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      {listError && (
        <FormHelperText error role="alert" sx={{ mt: 1 }}>
          {listError}
        </FormHelperText>
      )}
      <Button startIcon={<AddIcon />} onClick={add} disabled={disabled || answers.length >= ACCEPTED_ANSWERS_MAX} sx={{ mt: 1 }}>
        Add accepted answer
      </Button>
    </Box>
  );
}
