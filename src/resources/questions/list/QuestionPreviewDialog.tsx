import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGetOne } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { DIFFICULTY_LABELS, QUESTION_TYPE_LABELS } from '../../../schemas/questions';
import { QuestionView } from '../QuestionView';
import { formatMinutes } from '../../../ui/dates';
import { previewOfRecord, type QuestionRecord } from '../questionDraft';

interface QuestionPreviewDialogProps {
  record: QuestionRecord;
  open: boolean;
  onClose: () => void;
  /** The editor's address when the teacher may change the question. */
  editTo?: string;
}

function useName(resource: string, id: number | null, field: string): string | undefined {
  const { data } = useGetOne(resource, { id: id! }, { enabled: id !== null });
  return data ? String((data as Record<string, unknown>)[field] ?? '') : undefined;
}

/** A bank question exactly as a student will see it, with the answer key on request. */
export function QuestionPreviewDialog({ record, open, onClose, editTo }: QuestionPreviewDialogProps) {
  const [showKey, setShowKey] = useState(false);
  const preview = previewOfRecord(record);
  const subject = useName('subjects', open ? record.subject : null, 'subjectname');
  const module = useName('modules', open ? record.module : null, 'course_outcome_name');
  const topic = useName('topics', open ? record.topic : null, 'name');
  const titleId = `question-preview-${record.id}`;

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        Preview
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'background.default' }}>
        <Stack useFlexGap direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            {[subject, module, topic].filter(Boolean).join(' › ')}
          </Typography>
          <Chip size="small" label={QUESTION_TYPE_LABELS[record.type]} />
          <Chip size="small" label={DIFFICULTY_LABELS[record.difficulty]} variant="outlined" />
          <Chip size="small" label={formatMinutes(record.time_required)} variant="outlined" />
          <Chip size="small" label={`Version ${record.version}`} variant="outlined" />
        </Stack>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <QuestionView question={preview.question} answerKey={showKey ? preview.key : undefined} headingLevel="h3" />
        </Paper>
      </DialogContent>
      <DialogActions sx={{ px: 3, justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <FormControlLabel control={<Switch checked={showKey} onChange={(event) => setShowKey(event.target.checked)} />} label="Show correct answers" />
        <Box sx={{ display: 'flex', gap: 1 }}>
          {editTo && (
            <Button component={RouterLink} to={editTo} startIcon={<EditOutlinedIcon />}>
              Edit
            </Button>
          )}
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        </Box>
      </DialogActions>
    </Dialog>
  );
}
