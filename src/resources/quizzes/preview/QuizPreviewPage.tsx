import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Title, useGetOne } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import { formatDateTime, formatMinutes } from '../../../ui/dates';
import { QuestionView } from '../../questions/QuestionView';
import { Markdown } from '../../../ui/Markdown';
import { isOwnedBy, useCurrentUser } from '../../../auth/useCurrentUser';
import { fetchPreview } from '../manage/manageApi';
import { QuizStateChip } from '../QuizStateChip';
import { quizIdOf, useQuizPaths } from '../quizPaths';
import type { QuizPreview, QuizRecord } from '../quizTypes';

function Stat({ label, value, warn }: { label: string; value: string; warn?: boolean }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div" sx={{ color: warn ? 'warning.dark' : undefined }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * quiz/preview/{quizId}: the paper exactly as a student sees it (the exam's QuestionView),
 * with the correct answers marked, its totals, and, when random rules or shuffling make each
 * student's paper different, a note and 'Draw again' for another sample.
 */
export function QuizPreviewPage() {
  const paths = useQuizPaths();
  const id = quizIdOf(useParams());
  const validId = !Number.isNaN(id);
  const { data: quiz } = useGetOne<QuizRecord>(paths.resource, { id }, { enabled: validId });
  const user = useCurrentUser();
  const [preview, setPreview] = useState<QuizPreview>();
  const [failed, setFailed] = useState<string>();
  const [drawing, setDrawing] = useState(false);
  const [showKey, setShowKey] = useState(true);

  const load = useCallback(async () => {
    setDrawing(true);
    const result = await fetchPreview(id);
    setDrawing(false);
    if (result.success && result.data) {
      setPreview(result.data);
      setFailed(undefined);
    } else setFailed(result.message || 'The preview could not be loaded');
  }, [id]);

  useEffect(() => {
    if (validId) void load();
  }, [validId, load]);

  const back = (
    <Button component={RouterLink} to={paths.list} startIcon={<ArrowBackIcon />}>
      Quizzes
    </Button>
  );

  if (!validId || (failed && !preview)) {
    return (
      <Box sx={{ p: 2, maxWidth: 960 }}>
        <Title title="Quiz preview" />
        <Alert severity="error" action={back}>
          {failed ?? 'This quiz was not found.'}
        </Alert>
      </Box>
    );
  }
  if (!preview) {
    return (
      <Stack spacing={2} sx={{ p: 2, maxWidth: 960 }} role="status" aria-busy="true" aria-label="Loading the preview">
        <Title title="Quiz preview" />
        <Skeleton width={320} height={44} />
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={220} />
      </Stack>
    );
  }

  const duration = preview.quiz.duration ?? quiz?.duration ?? 0;
  const over = duration > 0 && preview.totalTimeRequired > duration;
  const mine = quiz ? isOwnedBy(user, quiz.created_by) : false;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title="Quiz preview" />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1, minWidth: 240 }}>
          {preview.quiz.name}
        </Typography>
        {preview.randomised && (
          <Button variant="outlined" onClick={() => void load()} disabled={drawing} startIcon={drawing ? <CircularProgress size={16} /> : <CasinoOutlinedIcon />}>
            Draw again
          </Button>
        )}
        {mine && (
          <Button component={RouterLink} to={paths.edit(id)} startIcon={<EditOutlinedIcon />}>
            Edit
          </Button>
        )}
        {mine && (
          <Button component={RouterLink} to={paths.manage(id)} startIcon={<ManageAccountsOutlinedIcon />}>
            Manage
          </Button>
        )}
      </Stack>
      {quiz && (
        <Stack useFlexGap direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
          <QuizStateChip quiz={quiz} />
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(quiz.valid_from)} – {formatDateTime(quiz.valid_to)}
          </Typography>
        </Stack>
      )}

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" divider={<Divider orientation="vertical" flexItem />} sx={{ gap: 3, flexWrap: 'wrap' }}>
          <Stat label="Questions" value={String(preview.questions.length)} />
          <Stat label="Total marks" value={String(preview.totalMarks)} />
          <Stat label="Time the questions need" value={formatMinutes(preview.totalTimeRequired)} warn={over} />
          <Stat label="Duration" value={duration ? formatMinutes(duration) : '—'} />
          <Stat
            label="Negative marking"
            value={preview.quiz.negativeMarking ? `−${Math.round((preview.quiz.negativePenalty ?? 0) * 100)}% per wrong answer` : 'Off'}
          />
        </Stack>
      </Paper>

      <Stack spacing={1.5} sx={{ mb: 2 }}>
        {preview.randomised && (
          <Alert severity="info">
            Each student gets a different paper: random rules draw other questions and shuffling changes the order. This is one sample
            draw; “Draw again” shows another.
          </Alert>
        )}
        {preview.shortfall > 0 && (
          <Alert severity="warning">
            The bank has {preview.shortfall} {preview.shortfall === 1 ? 'question' : 'questions'} too few for the random rules: students get
            fewer questions than the rules ask for.
          </Alert>
        )}
        {over && (
          <Alert severity="warning">
            The questions need {formatMinutes(preview.totalTimeRequired)}, more than the {formatMinutes(duration)} duration.
          </Alert>
        )}
        {preview.questions.length === 0 && <Alert severity="warning">The paper is empty: add fixed questions or random rules to the quiz.</Alert>}
      </Stack>

      {quiz?.instructions && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            Instructions
          </Typography>
          {/* As the student's instruction page shows them. */}
          <Box sx={{ overflowWrap: 'anywhere' }}>
            <Markdown>{quiz.instructions}</Markdown>
          </Box>
        </Paper>
      )}

      {preview.questions.length > 0 && (
        <FormControlLabel
          control={<Switch checked={showKey} onChange={(event) => setShowKey(event.target.checked)} />}
          label="Mark the correct answers"
          sx={{ mb: 1 }}
        />
      )}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, opacity: drawing ? 0.6 : 1, transition: 'opacity 150ms' }} aria-label="Paper">
        {preview.questions.map((question, index) => (
          <Paper component="li" variant="outlined" key={`${question.id}-${index}`} sx={{ p: { xs: 2, sm: 3 } }}>
            <QuestionView
              number={index + 1}
              question={question}
              answerKey={showKey ? question.key : undefined}
              aside={<Chip size="small" variant="outlined" label={formatMinutes(question.timeRequired)} />}
            />
          </Paper>
        ))}
      </Stack>
      <Box sx={{ mt: 3 }}>{back}</Box>
    </Box>
  );
}
