import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { DIFFICULTY_LABELS, QUESTION_TYPE_LABELS } from '../../../schemas/questions';
import { ClampedMarkdown } from '../../../ui/ClampedMarkdown';
import { formatMinutes } from '../../../ui/dates';
import { moveItem } from '../../../ui/forms/moveItem';
import { marksLabel } from '../../questions/QuestionView';
import type { QuestionRecord } from '../../questions';
import { QuestionPickerDialog } from './QuestionPickerDialog';

interface FixedQuestionsEditorProps {
  subjects: readonly number[];
  questions: number[];
  onChange: (questions: number[]) => void;
  records: ReadonlyMap<number, QuestionRecord>;
  outsideSubjects: readonly number[];
  loading: boolean;
  error?: string;
  disabled?: boolean;
}

/** The fixed questions every student gets, in paper order: picked from the bank, moved with up/down, removed. */
export function FixedQuestionsEditor({ subjects, questions, onChange, records, outsideSubjects, loading, error, disabled }: FixedQuestionsEditorProps) {
  const [picking, setPicking] = useState(false);
  const outside = new Set(outsideSubjects);
  const noSubjects = subjects.length === 0;

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Fixed questions
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Every student gets these, in this order (unless questions are shuffled).
          </Typography>
        </Box>
        <Tooltip describeChild title={noSubjects ? 'Choose the quiz’s subjects first' : ''}>
          <span>
            <Button
              variant="outlined"
              startIcon={<PlaylistAddIcon />}
              onClick={() => setPicking(true)}
              disabled={disabled || noSubjects}
              aria-invalid={Boolean(error) || undefined}
            >
              Pick from the bank
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {error && (
        <FormHelperText error role="alert" sx={{ mb: 1 }}>
          {error}
        </FormHelperText>
      )}
      {questions.length === 0 ? (
        <Box sx={{ border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1, p: 3, textAlign: 'center', color: 'text.secondary' }}>
          <Typography variant="body2">No fixed questions. Pick them from the bank, or let random rules draw them below.</Typography>
        </Box>
      ) : (
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Fixed questions in paper order">
          {questions.map((id, index) => {
            const record = records.get(id);
            return (
              <Box
                component="li"
                key={id}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  alignItems: 'center',
                  border: 1,
                  borderColor: outside.has(id) ? 'warning.main' : 'divider',
                  borderRadius: 1,
                  px: 1.5,
                  py: 1,
                  bgcolor: 'background.paper',
                }}
              >
                <Typography sx={{ fontWeight: 600, color: 'text.secondary', minWidth: 24, textAlign: 'right' }}>{index + 1}.</Typography>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  {record ? (
                    <>
                      <ClampedMarkdown text={record.question} lines={2} maxWidth={900} minWidth={0} />
                      <Stack useFlexGap direction="row" spacing={0.75} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
                        <Chip size="small" label={QUESTION_TYPE_LABELS[record.type]} />
                        <Chip size="small" variant="outlined" label={marksLabel(record.marks)} />
                        <Chip size="small" variant="outlined" label={formatMinutes(record.time_required)} />
                        <Chip size="small" variant="outlined" label={DIFFICULTY_LABELS[record.difficulty]} />
                        {outside.has(id) && <Chip size="small" color="warning" label="Not of the quiz’s subjects" />}
                      </Stack>
                    </>
                  ) : loading ? (
                    <Skeleton width="70%" />
                  ) : (
                    <Typography color="error" variant="body2">
                      Question #{id} is no longer in the bank: remove it.
                    </Typography>
                  )}
                </Box>
                <Stack direction="row" sx={{ flexShrink: 0 }}>
                  <IconButton
                    aria-label={`Move question ${index + 1} up`}
                    onClick={() => onChange(moveItem(questions, index, -1))}
                    disabled={disabled || index === 0}
                    size="small"
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Move question ${index + 1} down`}
                    onClick={() => onChange(moveItem(questions, index, 1))}
                    disabled={disabled || index === questions.length - 1}
                    size="small"
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Remove question ${index + 1} from the paper`}
                    onClick={() => onChange(questions.filter((q) => q !== id))}
                    disabled={disabled}
                    size="small"
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
      {outsideSubjects.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {outsideSubjects.length === 1 ? 'One question is' : `${outsideSubjects.length} questions are`} not of the quiz’s subjects: remove
          {outsideSubjects.length === 1 ? ' it' : ' them'} or add the subject.
        </Alert>
      )}
      {picking && (
        <QuestionPickerDialog open subjects={subjects} selected={questions} onChange={onChange} onClose={() => setPicking(false)} />
      )}
    </Box>
  );
}
