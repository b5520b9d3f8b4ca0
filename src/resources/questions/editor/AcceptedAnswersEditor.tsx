import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { ACCEPTED_ANSWERS_MAX, TEXT_MATCH_LABELS, TEXT_MATCH_MODES, type TextMatchMode } from '../../../schemas/questions';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { RadioField } from '../../../ui/forms/RadioField';
import { newAnswer, type AnswerDraft } from '../questionDraft';
import { AnswerFeedbackField } from './AnswerFeedbackField';
import { AnswerWeightSelect } from './AnswerWeightSelect';

interface AcceptedAnswersEditorProps {
  answers: AnswerDraft[];
  onChange: (answers: AnswerDraft[]) => void;
  caseSensitive: boolean;
  onCaseSensitiveChange: (caseSensitive: boolean) => void;
  textMatch: TextMatchMode;
  /** Offered only to questions that were written under the old rule. */
  offerLegacy: boolean;
  onTextMatchChange: (textMatch: TextMatchMode) => void;
  errors: FieldErrors;
  disabled?: boolean;
}

/**
 * The answers a short-answer question accepts, tried in order (the first that matches gives its
 * weight and feedback, as in Moodle); Enter in the last one adds another.
 */
export function AcceptedAnswersEditor(props: AcceptedAnswersEditorProps) {
  const { answers, onChange, errors, disabled, textMatch } = props;
  const listError = errors.short_answers;
  const set = (index: number, change: Partial<AnswerDraft>) => onChange(answers.map((a, i) => (i === index ? { ...a, ...change } : a)));
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
        {textMatch === 'legacy'
          ? 'A student’s answer earns the weight of the first of these it matches; case and extra spaces are ignored.'
          : 'A student’s answer earns the weight of the first of these it matches, in this order. * matches any text (\\* a real asterisk); spaces around the answer are ignored.'}
      </Typography>
      <Stack spacing={2}>
        {answers.map((answer, index) => {
          const error = errors[`short_answers.${index}.text`];
          const feedbackError = errors[`short_answers.${index}.feedback`];
          return (
            <Stack key={answer.key} spacing={1}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  id={`question-answer-${index}`}
                  label={`Accepted answer ${index + 1}`}
                  value={answer.text}
                  onChange={(event) => set(index, { text: event.target.value })}
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
                <AnswerWeightSelect
                  id={`question-answer-${index}-weight`}
                  name={`Weight of accepted answer ${index + 1}`}
                  value={answer.weight}
                  onChange={(weight) => set(index, { weight })}
                  error={errors[`short_answers.${index}.weight`]}
                  disabled={disabled}
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
              <AnswerFeedbackField
                id={`question-answer-${index}-feedback`}
                label={`Feedback for accepted answer ${index + 1}`}
                value={answer.feedback}
                onChange={(feedback) => set(index, { feedback })}
                error={feedbackError}
                hint="Optional: shown in the review to students whose answer matched this one"
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
      <Button startIcon={<AddIcon />} onClick={add} disabled={disabled || answers.length >= ACCEPTED_ANSWERS_MAX} sx={{ mt: 1 }}>
        Add accepted answer
      </Button>
      <Stack spacing={1} sx={{ mt: 2 }}>
        {props.offerLegacy && (
          <RadioField
            labelId="question-text-match-label"
            label="Answer matching"
            choices={TEXT_MATCH_MODES.map((mode) => ({ value: mode, label: TEXT_MATCH_LABELS[mode] }))}
            value={textMatch}
            onChange={(mode) => props.onTextMatchChange(mode)}
            disabled={disabled}
          />
        )}
        <FormControlLabel
          control={<Checkbox checked={textMatch === 'moodle' && props.caseSensitive} onChange={(event) => props.onCaseSensitiveChange(event.target.checked)} />}
          label="Case sensitive (Frog and frog differ)"
          disabled={disabled || textMatch === 'legacy'}
        />
        {errors.case_sensitive && <FormHelperText error>{errors.case_sensitive}</FormHelperText>}
      </Stack>
    </Box>
  );
}
