import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Markdown } from '../../ui/Markdown';
import { fetchAnalysis, fetchHistory } from '../api/studentApi';
import type { Analysis, AnalysisQuestion, Outcome } from '../api/types';
import type { ApiResult } from '../../schemas/envelope';
import { LoadStatus } from '../common/LoadStatus';
import { useLoader } from '../common/useLoader';
import { describeResponse, isAnswered } from '../exam/responses';
import { formatDateTime, formatSpent } from '../exam/timeFormat';
import { studentPaths } from '../paths';
import { BreakdownChart } from './BreakdownChart';
import { difficultyLabel, inDifficultyOrder, questionTypeLabel } from '../../ui/questionLabels';
import { leftOutText, scoreText } from './scoreText';
import { correctAnswerText, marksGainedText, OUTCOME_LABELS } from './analysisText';
import { hiddenNotes } from './reviewText';
import type { PartState, ReviewPart } from '../../schemas/reviewParts';
import { ReviewPartsTable } from '../../ui/ReviewPartsTable';
import { RegradeNotes } from './RegradeNotes';

type AnalysisView = Analysis & { feedbackGiven: boolean };

/** Shown while the quiz is still open for someone: correct answers come later, marks now. */
export const ANSWERS_LATER = 'Correct answers will be shown when the quiz closes for everyone.';

async function loadAnalysis(attemptId: string): Promise<ApiResult<AnalysisView>> {
  const [analysis, history] = await Promise.all([fetchAnalysis(attemptId), fetchHistory({ toast: false })]);
  if (!analysis.success || !analysis.data) return analysis as ApiResult<AnalysisView>;
  const entry = history.data?.find((a) => a.id === analysis.data!.id);
  return { ...analysis, data: { ...analysis.data, feedbackGiven: entry?.feedbackGiven ?? false } };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Chip colours with at least 4.5:1 contrast; the label says the outcome in words anyway. */
const OUTCOME_STYLES: Record<Outcome, { bgcolor: string; color: string }> = {
  correct: { bgcolor: '#1b5e20', color: '#ffffff' },
  partial: { bgcolor: '#7a3d00', color: '#ffffff' },
  wrong: { bgcolor: '#b71c1c', color: '#ffffff' },
  unanswered: { bgcolor: '#eeeeee', color: '#212121' },
  pending: { bgcolor: '#0d47a1', color: '#ffffff' },
  graded: { bgcolor: '#0d47a1', color: '#ffffff' },
};

/** history/analysis/{sessionId}: the result of one attempt, question by question and by module and difficulty. */
export default function AnalysisPage() {
  const { sessionId = '' } = useParams();
  const { state, reload } = useLoader(() => loadAnalysis(sessionId), [sessionId]);
  return (
    <section aria-labelledby="analysis-heading">
      {state.status !== 'ready' && (
        <Typography id="analysis-heading" component="h1" variant="h5" gutterBottom>
          Attempt analysis
        </Typography>
      )}
      <LoadStatus state={state} onRetry={reload} label="the analysis">
        {(analysis) => <AnalysisView analysis={analysis} />}
      </LoadStatus>
    </section>
  );
}

function AnalysisView({ analysis }: { analysis: AnalysisView }) {
  const counts = analysis.questions.reduce<Record<string, number>>((acc, q) => (q.outcome === null ? acc : { ...acc, [q.outcome]: (acc[q.outcome] ?? 0) + 1 }), {});
  const shown = analysis.reviewOptions;
  const hidden = hiddenNotes(analysis.reviewMatrix, analysis.reviewTime);
  const totalTime = analysis.questions.reduce((sum, q) => sum + q.timeSpentMs, 0);
  return (
    <>
      <Typography id="analysis-heading" component="h1" variant="h5" gutterBottom>
        Analysis: {analysis.quizName}
      </Typography>

      <Paper variant="outlined" component="section" aria-labelledby="summary-heading" sx={{ p: 2, mb: 3 }}>
        <Typography id="summary-heading" component="h2" variant="h6" gutterBottom>
          Summary
        </Typography>
        <Typography variant="h4" component="p" gutterBottom>
          {shown.marks ? scoreText({ status: 'submitted', score: analysis.score, maxScore: analysis.maxScore, pending: analysis.pending }) : 'Marks not shown yet'}
        </Typography>
        {hidden.length > 0 && (
          <Box role="note" aria-label="What this review shows" sx={{ mb: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Your teacher’s review options hide some of this attempt for now:
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {hidden.map((note) => (
                <Typography component="li" variant="body2" key={note}>
                  {note}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
        <RegradeNotes regrades={analysis.regrades} />
        {analysis.pending && shown.marks && <Typography sx={{ fontWeight: 600 }}>Some answers are not graded yet: the score appears once the teacher grades them.</Typography>}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
          {analysis.submittedAt !== null && (
            <>
              <dt>Submitted</dt>
              <dd>{formatDateTime(analysis.submittedAt)}</dd>
            </>
          )}
          <dt>Questions</dt>
          <dd>
            {analysis.questions.length}:{' '}
            {(Object.keys(OUTCOME_LABELS) as Outcome[])
              .filter((o) => counts[o])
              .map((o) => `${counts[o]} ${OUTCOME_LABELS[o].toLowerCase()}`)
              .join(', ')}
          </dd>
          <dt>Time spent on questions</dt>
          <dd>{formatSpent(totalTime)}</dd>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          {!analysis.feedbackGiven && (
            <Button variant="outlined" component={RouterLink} to={studentPaths.feedback(analysis.quizId)}>
              Give feedback on this quiz
            </Button>
          )}
          <Button component={RouterLink} to={studentPaths.history}>
            Back to history
          </Button>
        </Box>
      </Paper>

      {shown.marks && (
      <Box component="section" aria-labelledby="breakdown-heading" sx={{ mb: 3 }}>
        <Typography id="breakdown-heading" component="h2" variant="h6" gutterBottom>
          Breakdown
        </Typography>
        {analysis.pendingAnswers > 0 && (
          <Typography sx={{ mb: 2 }}>{leftOutText(analysis.pendingAnswers)}</Typography>
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <BreakdownChart title="Marks by module (course outcome)" groupLabel="Module" data={analysis.byModule} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <BreakdownChart title="Marks by difficulty" groupLabel="Difficulty" data={inDifficultyOrder(analysis.byDifficulty)} labelOf={difficultyLabel} />
          </Paper>
        </Box>
      </Box>
      )}

      <Box component="section" aria-labelledby="questions-heading">
        <Typography id="questions-heading" component="h2" variant="h6" gutterBottom>
          Question by question
        </Typography>
        {!shown.attempt && <Typography sx={{ mb: 2 }}>Your teacher does not show the questions and your answers at this time.</Typography>}
        {!analysis.review && <Typography sx={{ mb: 2 }}>Your teacher does not show the correct answers for this quiz.</Typography>}
        {analysis.review && !analysis.answersReleased && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {ANSWERS_LATER}
            {analysis.closesAt !== null && ` It closes at ${formatDateTime(analysis.closesAt)}.`}
            {shown.marks && ' Your own marks are shown now.'}
          </Alert>
        )}
        {analysis.questions.map((q) => (
          <QuestionReview key={q.id} question={q} review={analysis.answersReleased} marksShown={shown.marks} />
        ))}
      </Box>
    </>
  );
}

function QuestionReview({ question: q, review, marksShown }: { question: AnalysisQuestion; review: boolean; marksShown: boolean }) {
  const headingId = `review-${q.id}`;
  const choice = q.type === 'single' || q.type === 'multiple';
  const chosen = new Set(Array.isArray(q.response) ? q.response : typeof q.response === 'string' ? [q.response] : []);
  const correctIds = new Set(review && Array.isArray(q.correct) && choice ? q.correct : []);
  const correctText = review && !choice ? correctAnswerText(q, q.correct) : undefined;

  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Question {q.number}
        </Typography>
        {q.outcome !== null && <Chip size="small" label={OUTCOME_LABELS[q.outcome]} sx={OUTCOME_STYLES[q.outcome]} />}
        <Typography variant="body2" color="text.secondary">
          {questionTypeLabel(q.type)} · {q.module} · {difficultyLabel(q.difficulty)}
        </Typography>
      </Box>
      <Box sx={{ my: 1 }}>
        <Markdown>{q.type === 'cloze' ? q.question.replace(/\{#([0-9]+)\}/g, '[gap $1]') : q.question}</Markdown>
      </Box>
      {q.type === 'description' ? null : review && q.feedback?.parts ? (
        <PartsReview type={q.type} parts={q.feedback.parts} />
      ) : choice ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(q.options ?? []).map((option) => (
            <Box component="li" key={option.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, flexWrap: 'wrap' }}>
              <Markdown inline>{option.text}</Markdown>
              {chosen.has(option.id) && <Chip size="small" variant="outlined" label="Your answer" />}
              {correctIds.has(option.id) && <Chip size="small" label="Correct answer" sx={OUTCOME_STYLES.correct} />}
            </Box>
          ))}
          {!isAnswered(q.response) && <Typography color="text.secondary">You did not answer this question.</Typography>}
        </Box>
      ) : (
        <Box component="dl" sx={{ m: 0, '& dt': { color: 'text.secondary', mt: 1 }, '& dd': { m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } }}>
          <dt>Your answer</dt>
          <dd>{describeResponse(q, q.response)}</dd>
          {correctText !== undefined && (
            <>
              <dt>{q.type === 'short_answer' ? 'Accepted answers' : 'Correct answer'}</dt>
              <dd>{correctText}</dd>
            </>
          )}
        </Box>
      )}
      {q.feedback && (q.feedback.answer.length > 0 || q.feedback.general || q.feedback.combined) && <FeedbackBlock feedback={q.feedback} />}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {marksShown ? marksGainedText(q) : 'Marks not shown yet'} · Time spent {formatSpent(q.timeSpentMs)}
      </Typography>
      {q.comment && (
        <Box sx={{ mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} role="note" aria-label="Teacher’s comment">
          <Typography variant="body2" color="text.secondary" component="p" sx={{ m: 0 }}>
            Teacher’s comment
          </Typography>
          <Typography variant="body2" component="p" sx={{ m: 0 }}>
            {q.comment}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

const PART_STYLES: Record<PartState, { bgcolor: string; color: string }> = {
  right: OUTCOME_STYLES.correct,
  partial: OUTCOME_STYLES.partial,
  wrong: OUTCOME_STYLES.wrong,
  unanswered: OUTCOME_STYLES.unanswered,
};

/** A matching or Cloze answer part by part (the table the teacher's views show too). */
function PartsReview({ type, parts }: { type: AnalysisQuestion['type']; parts: ReviewPart[] }) {
  return (
    <ReviewPartsTable
      parts={parts}
      cloze={type === 'cloze'}
      answerLabel="Your answer"
      unanswered={<em>not answered</em>}
      result={(state, label) => <Chip size="small" label={label} sx={PART_STYLES[state]} />}
    />
  );
}

/** The teacher's feedback on this answer, then on the question as a whole (Moodle's specific and general feedback). */
function FeedbackBlock({ feedback }: { feedback: NonNullable<AnalysisQuestion['feedback']> }) {
  return (
    <Box sx={{ mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }} role="note" aria-label="Feedback">
      {feedback.answer.map((text, i) => (
        <Box key={i} data-testid="answer-feedback">
          <Markdown>{text}</Markdown>
        </Box>
      ))}
      {feedback.combined && (
        <Box data-testid="combined-feedback" sx={{ mt: feedback.answer.length ? 1 : 0 }}>
          <Markdown>{feedback.combined}</Markdown>
        </Box>
      )}
      {feedback.general && (
        <Box data-testid="general-feedback" sx={{ mt: feedback.answer.length || feedback.combined ? 1 : 0 }}>
          <Typography variant="body2" color="text.secondary" component="p" sx={{ m: 0 }}>
            About this question
          </Typography>
          <Markdown>{feedback.general}</Markdown>
        </Box>
      )}
    </Box>
  );
}
