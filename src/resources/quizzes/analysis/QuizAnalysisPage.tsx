import { Link as RouterLink, useParams } from 'react-router';
import { Title, useGetOne } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { quizIdOf, useQuizPaths } from '../quizPaths';
import type { QuizRecord } from '../quizTypes';

/** quiz/analysis/{quizId}: the route exists (SPEC.md section 2); its screen comes with a later issue. */
export function QuizAnalysisPage() {
  const paths = useQuizPaths();
  const id = quizIdOf(useParams());
  const { data: quiz } = useGetOne<QuizRecord>(paths.resource, { id }, { enabled: !Number.isNaN(id) });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title="Quiz analysis" />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <InsightsOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
        <Typography component="h1" variant="h5" gutterBottom>
          Analysis is coming soon
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {quiz ? `Charts of how the students did in “${quiz.name}” will be here.` : 'Charts of how the students did will be here.'} Until
          then, the Manage screen shows every student’s score.
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to={paths.list} startIcon={<ArrowBackIcon />}>
            Quizzes
          </Button>
          {!Number.isNaN(id) && (
            <Button variant="contained" component={RouterLink} to={paths.manage(id)}>
              Manage
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
