import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import type { QuizSummary } from '../api/types';

/**
 * What a quiz needs before it can be started, marked on its card from the list's own answer: Safe
 * Exam Browser, a camera. The icons only repeat the words; the list is named for screen readers.
 */
export function QuizRequirements({ quiz }: { quiz: Pick<QuizSummary, 'safeExamBrowser' | 'faceDetection'> }) {
  if (!quiz.safeExamBrowser && !quiz.faceDetection) return null;
  return (
    <Stack component="ul" direction="row" aria-label="Needed to take this quiz" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1, gap: 1, flexWrap: 'wrap' }}>
      {quiz.safeExamBrowser && (
        <li>
          <Chip icon={<LockOutlinedIcon color="warning" />} label="Safe Exam Browser required" variant="outlined" size="small" data-requirement="seb" />
        </li>
      )}
      {quiz.faceDetection && (
        <li>
          <Chip icon={<VideocamOutlinedIcon color="info" />} label="Camera required" variant="outlined" size="small" data-requirement="camera" />
        </li>
      )}
    </Stack>
  );
}
