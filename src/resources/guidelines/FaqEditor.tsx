import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { FieldErrors } from '../../ui/forms/fieldErrors';
import type { FaqDraft } from './guidelineDraft';

interface FaqEditorProps {
  /** The FAQ's path in the guideline, e.g. 'content.0.faqs.1'. */
  path: string;
  /** 1-based numbers, as the user reads them. */
  tabNumber: number;
  index: number;
  count: number;
  faq: FaqDraft;
  errors: FieldErrors;
  onChange: (faq: FaqDraft, path: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One question and its answer inside a tab, with move and remove buttons. */
export function FaqEditor({ path, tabNumber, index, count, faq, errors, onChange, onMove, onRemove }: FaqEditorProps) {
  const name = `question ${index + 1} of tab ${tabNumber}`;
  const questionPath = `${path}.question`;
  const answerPath = `${path}.answer`;
  return (
    <Box
      role="group"
      aria-label={`Question ${index + 1}`}
      sx={{ display: 'flex', gap: 1.5, p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider' }}
    >
      <Typography
        aria-hidden
        sx={{ fontWeight: 600, color: 'text.secondary', minWidth: 28, pt: 1 }}
      >{`Q${index + 1}`}</Typography>
      <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
        <TextField
          id={questionPath}
          name={questionPath}
          label="Question"
          size="small"
          fullWidth
          value={faq.question}
          onChange={(event) => onChange({ ...faq, question: event.target.value }, questionPath)}
          error={Boolean(errors[questionPath])}
          helperText={errors[questionPath]}
        />
        <TextField
          id={answerPath}
          name={answerPath}
          label="Answer"
          size="small"
          fullWidth
          multiline
          minRows={2}
          value={faq.answer}
          onChange={(event) => onChange({ ...faq, answer: event.target.value }, answerPath)}
          error={Boolean(errors[answerPath])}
          helperText={errors[answerPath]}
        />
      </Stack>
      <Stack sx={{ alignSelf: 'flex-start' }}>
        <Tooltip title="Move up">
          <span>
            <IconButton size="small" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Move down">
          <span>
            <IconButton size="small" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Remove question">
          <IconButton size="small" aria-label={`Remove ${name}`} onClick={onRemove}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}
