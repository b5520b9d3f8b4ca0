import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getStoredQuizName } from '../auth/session';

/**
 * Where an exam link lands. The quiz name comes from the exam-link flow; the full instructions
 * (from the API) and the start button arrive with the exam issue.
 */
export function InstructionPage() {
  const { quizId } = useParams();
  const quizName = getStoredQuizName();
  return (
    <Box component="section" sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        Instructions
      </Typography>
      {quizName && <Typography variant="h6">{quizName}</Typography>}
      <Typography>Quiz {quizId}</Typography>
      <Typography sx={{ mt: 2 }}>This screen is not built yet.</Typography>
    </Box>
  );
}
