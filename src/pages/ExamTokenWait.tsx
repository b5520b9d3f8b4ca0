import { useLocation } from 'react-router';
import Typography from '@mui/material/Typography';
import { EXAM_TOKEN_PARAM } from '../config/examToken';
import { LoadingOverlay } from '../ui/LoadingOverlay';

const EXAM_TOKEN_WAIT_TEXT = 'Please Wait... You will be redirected shortly';

/**
 * Shown by '/' while its loader runs. The loader is instant unless it verifies an exam token,
 * so only that case gets a visible wait screen.
 */
export function ExamTokenWait() {
  const { search } = useLocation();
  if (!new URLSearchParams(search).has(EXAM_TOKEN_PARAM)) return null;
  return (
    <LoadingOverlay>
      <Typography variant="h6">{EXAM_TOKEN_WAIT_TEXT}</Typography>
    </LoadingOverlay>
  );
}
