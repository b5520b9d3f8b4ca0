import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { OPTION_WEIGHTS, OPTIONS_MAX, optionWeights, type ScoringMode } from '../../../schemas/questions';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { optionLetter } from '../QuestionView';
import { newOption, type OptionDraft } from '../questionDraft';
import { imagePasteHandlers } from './imagePaste';
import { moveItem } from '../../../ui/forms/moveItem';

interface OptionsEditorProps {
  /** single: exactly one correct option (radio-like); multiple: any number. */
  mode: 'single' | 'multiple';
  /** Multiple choice: how it is marked (derived weights depend on it). */
  scoring?: ScoringMode;
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  /** The form's errors; this editor shows 'options' and 'options.{i}.text'. */
  errors: FieldErrors;
  disabled?: boolean;
}

/**
 * The options of a choice question: add, remove, reorder (up/down buttons, so the keyboard can
 * do it) and mark the correct ones. For single choice, marking one option unmarks the others.
 */
export function OptionsEditor({ mode, scoring, options, onChange, errors, disabled }: OptionsEditorProps) {
  const weights = optionWeights(mode, mode === 'multiple' ? (scoring ?? 'all_or_nothing') : null, options);
  // Choosing one weight fixes every option at the weight it shows, so nothing else moves.
  const weigh = (index: number, weight: number) =>
    onChange(options.map((option, i) => ({ ...option, weight: i === index ? weight : weights[i], correct: (i === index ? weight : weights[i]) > 0 })));
  const listError = errors.options;
  const errorId = 'question-options-error';
  const set = (index: number, change: Partial<OptionDraft>) => onChange(options.map((option, i) => (i === index ? { ...option, ...change } : option)));
  // An image upload ends after other edits may have been made: it changes the options as they are then.
  const latest = useRef(options);
  latest.current = options;
  const setLater = (index: number, text: string) => onChange(latest.current.map((option, i) => (i === index ? { ...option, text } : option)));
  const mark = (index: number, correct: boolean) =>
    onChange(
      options.map((option, i) => {
        // Marking resets the weights: the right options share 100% again.
        if (i === index) return { ...option, correct, weight: null };
        return mode === 'single' && correct ? { ...option, correct: false, weight: null } : { ...option, weight: null };
      }),
    );

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={listError ? errorId : undefined}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Options
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {mode === 'single'
          ? 'Mark the correct option, or give options weights: a chosen option earns its weight of the marks (one at least is 100%). Options accept Markdown and $math$.'
          : 'Mark every correct option, or give each option a weight: a response earns the sum of the chosen weights, never below 0 (the positive weights add up to 100%). An option left unmarked is worth 0%; give it a negative weight to take marks off for choosing it. Options accept Markdown and $math$.'}
      </Typography>
      <Stack spacing={1.5}>
        {options.map((option, index) => {
          const letter = optionLetter(index);
          const textError = errors[`options.${index}.text`];
          const Mark = mode === 'single' ? Radio : Checkbox;
          return (
            <Stack key={option.key} spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Tooltip describeChild title={option.correct ? 'Correct option' : 'Mark as correct'}>
                <Mark
                  checked={option.correct}
                  onChange={(event) => mark(index, event.target.checked)}
                  disabled={disabled}
                  color="success"
                  slotProps={{ input: { 'aria-label': `Option ${letter} is correct`, 'aria-invalid': index === 0 && Boolean(listError) } }}
                  sx={{ mt: 1 }}
                />
              </Tooltip>
              <TextField
                id={`question-option-${index}`}
                label={`Option ${letter}`}
                value={option.text}
                onChange={(event) => set(index, { text: event.target.value })}
                {...imagePasteHandlers((text) => setLater(index, text), disabled)}
                error={Boolean(textError)}
                helperText={textError}
                disabled={disabled}
                required
                multiline
                maxRows={6}
                fullWidth
                size="small"
                sx={{ mt: 0.5 }}
              />
              <TextField
                select
                id={`question-option-${index}-weight`}
                label="Weight"
                value={String(weights[index])}
                onChange={(event) => weigh(index, Number(event.target.value))}
                error={Boolean(errors[`options.${index}.weight`])}
                helperText={errors[`options.${index}.weight`]}
                disabled={disabled}
                size="small"
                sx={{ mt: 0.5, width: 130, flexShrink: 0 }}
                slotProps={{ htmlInput: { 'aria-label': `Weight of option ${letter}` } }}
              >
                {(OPTION_WEIGHTS.includes(weights[index]) ? OPTION_WEIGHTS : [weights[index], ...OPTION_WEIGHTS]).map((w) => (
                  <MenuItem key={w} value={String(w)}>
                    {w}%
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction="row" sx={{ mt: 0.5, flexShrink: 0 }}>
                <IconButton
                  aria-label={`Move option ${letter} up`}
                  onClick={() => onChange(moveItem(options, index, -1))}
                  disabled={disabled || index === 0}
                  size="small"
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={`Move option ${letter} down`}
                  onClick={() => onChange(moveItem(options, index, 1))}
                  disabled={disabled || index === options.length - 1}
                  size="small"
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={`Remove option ${letter}`}
                  onClick={() => onChange(options.filter((_, i) => i !== index))}
                  disabled={disabled}
                  size="small"
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Stack>
            </Stack>
              <TextField
                id={`question-option-${index}-feedback`}
                label={`Feedback for option ${letter}`}
                value={option.feedback}
                onChange={(event) => set(index, { feedback: event.target.value })}
                error={Boolean(errors[`options.${index}.feedback`])}
                helperText={errors[`options.${index}.feedback`]}
                placeholder="Optional: shown in the review to students who chose it"
                disabled={disabled}
                size="small"
                multiline
                maxRows={4}
                sx={{ pl: 6, pr: 17 }}
              />
            </Stack>
          );
        })}
      </Stack>
      {listError && (
        <FormHelperText error id={errorId} role="alert" sx={{ mt: 1 }}>
          {listError}
        </FormHelperText>
      )}
      <Button
        startIcon={<AddIcon />}
        onClick={() => onChange([...options, newOption()])}
        disabled={disabled || options.length >= OPTIONS_MAX}
        sx={{ mt: 1 }}
      >
        Add option
      </Button>
      {options.length >= OPTIONS_MAX && (
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          At most {OPTIONS_MAX} options.
        </Typography>
      )}
    </Box>
  );
}
