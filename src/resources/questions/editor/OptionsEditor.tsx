import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
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
import { OPTIONS_MAX } from '../../../schemas/questions';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { optionLetter } from '../QuestionView';
import { newOption, type OptionDraft } from '../questionDraft';
import { moveItem } from './moveItem';

interface OptionsEditorProps {
  /** single: exactly one correct option (radio-like); multiple: any number. */
  mode: 'single' | 'multiple';
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
export function OptionsEditor({ mode, options, onChange, errors, disabled }: OptionsEditorProps) {
  const listError = errors.options;
  const errorId = 'question-options-error';
  const set = (index: number, change: Partial<OptionDraft>) => onChange(options.map((option, i) => (i === index ? { ...option, ...change } : option)));
  const mark = (index: number, correct: boolean) =>
    onChange(
      options.map((option, i) => {
        if (i === index) return { ...option, correct };
        return mode === 'single' && correct ? { ...option, correct: false } : option;
      }),
    );

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={listError ? errorId : undefined}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Options
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {mode === 'single'
          ? 'Mark the one correct option. Options accept Markdown and $math$.'
          : 'Mark every correct option. Options accept Markdown and $math$.'}
      </Typography>
      <Stack spacing={1.5}>
        {options.map((option, index) => {
          const letter = optionLetter(index);
          const textError = errors[`options.${index}.text`];
          const Mark = mode === 'single' ? Radio : Checkbox;
          return (
            <Stack key={option.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
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
