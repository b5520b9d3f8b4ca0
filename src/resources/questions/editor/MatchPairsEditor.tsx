import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { MATCH_PAIRS_MAX } from '../../../schemas/matching';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { newPair, type PairDraft } from '../questionDraft';

interface MatchPairsEditorProps {
  pairs: PairDraft[];
  onChange: (pairs: PairDraft[]) => void;
  errors: FieldErrors;
  disabled?: boolean;
}

/**
 * The pairs of a matching question: a subquestion and its answer per row. A row with an answer
 * but no subquestion is an extra wrong answer; answers with the same text are one choice.
 */
export function MatchPairsEditor({ pairs, onChange, errors, disabled }: MatchPairsEditorProps) {
  const set = (index: number, patch: Partial<PairDraft>) => onChange(pairs.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const add = () => {
    onChange([...pairs, newPair()]);
    requestAnimationFrame(() => document.getElementById(`question-pair-${pairs.length}-question`)?.focus());
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Pairs
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Students choose each subquestion&apos;s answer from all the answers, shuffled. Leave a subquestion empty to add an extra wrong answer. Write at least two
        subquestions and three answers.
      </Typography>
      <Stack spacing={1.5}>
        {pairs.map((pair, index) => {
          const questionError = errors[`match_pairs.${index}.question`];
          const answerError = errors[`match_pairs.${index}.answer`];
          return (
            <Stack key={pair.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                id={`question-pair-${index}-question`}
                label={`Subquestion ${index + 1}`}
                value={pair.question}
                onChange={(event) => set(index, { question: event.target.value })}
                error={Boolean(questionError)}
                helperText={questionError}
                disabled={disabled}
                size="small"
                fullWidth
              />
              <TextField
                id={`question-pair-${index}-answer`}
                label={`Answer ${index + 1}`}
                value={pair.answer}
                onChange={(event) => set(index, { answer: event.target.value })}
                error={Boolean(answerError)}
                helperText={answerError}
                disabled={disabled}
                size="small"
                fullWidth
              />
              <IconButton aria-label={`Remove pair ${index + 1}`} onClick={() => onChange(pairs.filter((_, i) => i !== index))} disabled={disabled} size="small" sx={{ mt: 0.5 }}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      {errors.match_pairs && (
        <FormHelperText error role="alert" sx={{ mt: 1 }}>
          {errors.match_pairs}
        </FormHelperText>
      )}
      <Button startIcon={<AddIcon />} onClick={add} disabled={disabled || pairs.length >= MATCH_PAIRS_MAX} sx={{ mt: 1 }}>
        Add pair
      </Button>
    </Box>
  );
}
