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
import { newNumericAnswer, type NumericAnswerDraft } from '../questionDraft';
import { AnswerFeedbackField } from './AnswerFeedbackField';
import { AnswerWeightSelect } from './AnswerWeightSelect';

interface NumericAnswersEditorProps {
  answers: NumericAnswerDraft[];
  onChange: (answers: NumericAnswerDraft[]) => void;
  errors: FieldErrors;
  disabled?: boolean;
}

/** The answers of a numeric question, tried in order: the first whose range holds the response gives its weight and feedback (as in Moodle). */
export function NumericAnswersEditor({ answers, onChange, errors, disabled }: NumericAnswersEditorProps) {
  const listError = errors.numeric_answers;
  const set = (index: number, change: Partial<NumericAnswerDraft>) => onChange(answers.map((a, i) => (i === index ? { ...a, ...change } : a)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Answers
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        A number within the tolerance of an answer (value ± tolerance) earns that answer&apos;s weight; answers are tried in this order. Use * as
        the value to give feedback on any other number.
      </Typography>
      <Stack spacing={2}>
        {answers.map((answer, index) => {
          const n = index + 1;
          const valueError = errors[`numeric_answers.${index}.value`];
          const toleranceError = errors[`numeric_answers.${index}.tolerance`];
          const feedbackError = errors[`numeric_answers.${index}.feedback`];
          return (
            <Stack key={answer.key} spacing={1}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  id={`question-numeric-${index}-value`}
                  label={`Answer ${n}`}
                  value={answer.value}
                  onChange={(event) => set(index, { value: event.target.value })}
                  error={Boolean(valueError)}
                  helperText={valueError ?? (index === 0 ? 'The value, e.g. 3.14' : undefined)}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  disabled={disabled}
                  required
                  size="small"
                  fullWidth
                />
                <TextField
                  id={`question-numeric-${index}-tolerance`}
                  label={`Tolerance ${n} (±)`}
                  value={answer.tolerance}
                  onChange={(event) => set(index, { tolerance: event.target.value })}
                  error={Boolean(toleranceError)}
                  helperText={toleranceError ?? (index === 0 ? '0 for exact' : undefined)}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  disabled={disabled || answer.value.trim() === '*'}
                  size="small"
                  fullWidth
                />
                <AnswerWeightSelect
                  id={`question-numeric-${index}-weight`}
                  name={`Weight of answer ${n}`}
                  value={answer.weight}
                  onChange={(weight) => set(index, { weight })}
                  error={errors[`numeric_answers.${index}.weight`]}
                  disabled={disabled}
                />
                <IconButton aria-label={`Remove answer ${n}`} onClick={() => onChange(answers.filter((_, i) => i !== index))} disabled={disabled} size="small" sx={{ mt: 0.5 }}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Stack>
              <AnswerFeedbackField
                id={`question-numeric-${index}-feedback`}
                label={`Feedback for answer ${n}`}
                value={answer.feedback}
                onChange={(feedback) => set(index, { feedback })}
                error={feedbackError}
                hint="Optional: shown in the review to students whose number fell in this answer"
                disabled={disabled}
              />
            </Stack>
          );
        })}
      </Stack>
      {listError && (
        <FormHelperText error role="alert" sx={{ mt: 1 }}>
          {listError}
        </FormHelperText>
      )}
      <Button startIcon={<AddIcon />} onClick={() => onChange([...answers, newNumericAnswer('', '0', 0)])} disabled={disabled || answers.length >= ACCEPTED_ANSWERS_MAX} sx={{ mt: 1 }}>
        Add answer
      </Button>
    </Box>
  );
}
