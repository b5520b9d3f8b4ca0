import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AverageRating, FeedbackTable, useFeedbackReport } from './FeedbackListPage';

/** The students' feedback on one quiz (its analysis page): how many gave it, the average rating and each one. */
export function QuizFeedback({ quizId }: { quizId: number }) {
  const { report, failed } = useFeedbackReport({ quizId: String(quizId), from: '', to: '' });
  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!report) return <Skeleton variant="rounded" height={80} aria-label="Loading the feedback" />;
  const summary = report.quizzes.find((q) => q.quizId === quizId);
  if (!summary || report.rows.length === 0) return <Typography color="text.secondary">No student has given feedback on this quiz yet.</Typography>;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">
          {summary.count} {summary.count === 1 ? 'student gave' : 'students gave'} feedback · average
        </Typography>
        <AverageRating value={summary.averageRating} />
      </Stack>
      <FeedbackTable rows={report.rows} withQuiz={false} />
    </Stack>
  );
}
