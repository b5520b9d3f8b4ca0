import { Fragment, useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { QuizSummary } from '../api/types';
import { studentClock } from '../exam/serverClock';
import { attemptFacts, durationText, marksText, subjectsText } from './quizFacts';
import { QuizRequirements } from './QuizRequirements';

/**
 * One quiz of a list: its name as a heading, the facts a student decides by, a status line and
 * the actions. Actions are described by the quiz name, so 'Start' is never ambiguous. A quiz with
 * several attempts adds the student's attempts, the next attempt's time and the quiz grade (the
 * lists re-render each second, which keeps the time current).
 */
export function QuizCard({ quiz, status, actions }: { quiz: QuizSummary; status: ReactNode; actions: (describedBy: string) => ReactNode }) {
  const headingId = useId();
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {quiz.name}
        </Typography>
        <QuizRequirements quiz={quiz} />
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
          <dt>Subjects</dt>
          <dd>{subjectsText(quiz)}</dd>
          <dt>Questions</dt>
          <dd>{quiz.questionCount}</dd>
          <dt>Total marks</dt>
          <dd>{marksText(quiz)}</dd>
          <dt>Duration</dt>
          <dd>{durationText(quiz.duration)}</dd>
          {attemptFacts(quiz, studentClock.now()).map((fact) => (
            <Fragment key={fact.term}>
              <dt>{fact.term}</dt>
              <dd>{fact.text}</dd>
            </Fragment>
          ))}
        </Box>
        <Box sx={{ mt: 1.5 }}>{status}</Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>{actions(headingId)}</CardActions>
    </Card>
  );
}
