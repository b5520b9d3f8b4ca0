import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Title, useGetOne } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import GradingOutlinedIcon from '@mui/icons-material/GradingOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LinkIcon from '@mui/icons-material/Link';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { showToast } from '../../../ui/toast/toastStore';
import { ConfirmDialog } from '../../../ui/dialogs/ConfirmDialog';
import { CopyButton } from '../../../ui/CopyButton';
import { formatDateTime } from '../../../ui/dates';
import { QuizStateChip } from '../QuizStateChip';
import { quizIdOf, useQuizPaths } from '../quizPaths';
import type { Participant, ParticipantState, ParticipantsAnswer, QuizRecord } from '../quizTypes';
import { EffectiveWindow } from './EffectiveWindow';
import { ExtraTimeDialog } from './ExtraTimeDialog';
import { GradingDialog } from './GradingDialog';
import { GuestLinkCard } from './GuestLinkCard';
import { LinkBaseWarning } from './LinkBaseWarning';
import { OverridesSection } from './OverridesSection';
import { RegradeSection } from './RegradeSection';
import { LmsSection } from './LmsSection';
import { IntegrityPanel } from '../integrity/IntegrityPanel';
import { closeAttempt, exportExamLinks, fetchParticipants, generateExamLinks, regenerateExamLink } from './manageApi';

/** How often the participants refresh while the page is visible. */
const REFRESH_MS = 30_000;

export const PARTICIPANT_STATE_LABELS: Record<ParticipantState, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  submitted: 'Submitted',
};

const STATE_COLORS: Record<ParticipantState, 'default' | 'info' | 'success'> = {
  not_started: 'default',
  in_progress: 'info',
  submitted: 'success',
};

const CLOSED_BY: Record<string, string> = {
  teacher: 'closed by you',
  deadline: 'closed at the deadline',
};

function ParticipantStateChip({ participant }: { participant: Participant }) {
  const closedBy = participant.attempt?.closedBy ? CLOSED_BY[participant.attempt.closedBy] : undefined;
  return (
    <Tooltip describeChild title={closedBy ?? ''}>
      <Chip
        size="small"
        color={STATE_COLORS[participant.state]}
        variant={participant.state === 'not_started' ? 'outlined' : 'filled'}
        label={PARTICIPANT_STATE_LABELS[participant.state]}
      />
    </Tooltip>
  );
}

function Score({ participant }: { participant: Participant }) {
  const attempt = participant.attempt;
  if (!attempt || participant.state !== 'submitted') return <Typography color="text.secondary">—</Typography>;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography sx={{ whiteSpace: 'nowrap' }}>
        {attempt.score ?? 0} / {attempt.maxScore ?? '—'}
      </Typography>
      {(participant.attemptsUsed ?? 0) > 1 && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          Latest of {participant.attemptsUsed} attempts{participant.grade !== null && participant.grade !== undefined ? ` · quiz grade ${participant.grade}` : ''}
        </Typography>
      )}
      {attempt.pending && <Chip size="small" color="warning" variant="outlined" label="To grade" />}
    </Stack>
  );
}

function Counts({ participants }: { participants: readonly Participant[] }) {
  const count = (state: ParticipantState) => participants.filter((p) => p.state === state).length;
  const pending = participants.filter((p) => p.attempt?.pending).length;
  const items: [string, number][] = [
    ['Students', participants.length],
    ['Not started', count('not_started')],
    ['In progress', count('in_progress')],
    ['Submitted', count('submitted')],
    ['To grade', pending],
  ];
  return (
    <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }} role="list" aria-label="Participants by state">
      {items.map(([label, value]) => (
        <Box key={label} role="listitem">
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
          <Typography variant="h6" component="div" sx={{ color: label === 'To grade' && value > 0 ? 'warning.dark' : undefined }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

type Pending =
  | { kind: 'regenerate'; participant: Participant }
  | { kind: 'close'; participant: Participant }
  | { kind: 'extra'; participant: Participant }
  | { kind: 'grade'; participant: Participant };

/**
 * quiz/manage/{quizId}: who takes the quiz and how far they are, their exam links (copy,
 * regenerate, generate for all, export), the guest link, extra time, closing an attempt in
 * progress, and grading descriptive answers.
 */
export function QuizManagePage() {
  const paths = useQuizPaths();
  const id = quizIdOf(useParams());
  const validId = !Number.isNaN(id);
  const { data: quiz } = useGetOne<QuizRecord>(paths.resource, { id }, { enabled: validId });
  const [answer, setAnswer] = useState<ParticipantsAnswer>();
  const [failed, setFailed] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<'generate' | 'export'>();
  const [pending, setPending] = useState<Pending>();
  // A closing dialog keeps its text while it fades out.
  const lastPending = useRef<Pending>(undefined);
  if (pending) lastPending.current = pending;
  const shownPending = pending ?? lastPending.current;
  const [search, setSearch] = useState('');

  const load = useCallback(
    async (quiet = false) => {
      setLoading(true);
      const result = await fetchParticipants(id, { toast: !quiet });
      setLoading(false);
      if (result.success && result.data) {
        const data = result.data;
        setAnswer((current) => ({ ...data, guestLink: 'guestLink' in data ? data.guestLink : current?.guestLink }));
        setFailed(undefined);
      } else if (!quiet) setFailed(result.message || 'The participants could not be loaded');
    },
    [id],
  );

  useEffect(() => {
    if (!validId) return;
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load(true);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [validId, load]);

  /** The write calls answer the new participant list (without the guest link, which they do not change). */
  const take = (data: ParticipantsAnswer | undefined) => {
    if (data?.participants) setAnswer((current) => ({ ...current, participants: data.participants }));
  };

  const participants = useMemo(() => answer?.participants ?? [], [answer]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return participants;
    return participants.filter((p) => [p.fullname, p.username, p.email ?? ''].some((text) => text.toLowerCase().includes(needle)));
  }, [participants, search]);
  const groupNames = useMemo(() => new Map((answer?.overrideGroups ?? []).map((g) => [g.id, g.name])), [answer]);
  // Each student's own close (an override may give a later one than the quiz's).
  const closedFor = (p: Participant) => (p.effective?.validTo ?? (quiz ? Date.parse(quiz.valid_to) : Infinity)) <= Date.now();
  const closed = quiz ? Date.parse(quiz.valid_to) <= Date.now() && participants.every(closedFor) : false;
  const withoutLink = participants.filter((p) => !p.examLink && p.state !== 'submitted' && !closedFor(p)).length;

  const generate = async () => {
    setBusy('generate');
    const result = await generateExamLinks(id);
    setBusy(undefined);
    if (result.success) {
      take(result.data);
      showToast({ severity: 'success', summary: result.message || 'Exam links generated' });
    }
  };
  const exportLinks = async () => {
    setBusy('export');
    await exportExamLinks(id);
    setBusy(undefined);
  };

  const back = (
    <Button component={RouterLink} to={paths.list} startIcon={<ArrowBackIcon />}>
      Quizzes
    </Button>
  );
  if (!validId || (failed && !answer)) {
    return (
      <Box sx={{ p: 2, maxWidth: 960 }}>
        <Title title="Manage quiz" />
        <Alert severity="error" action={back}>
          {failed ?? 'This quiz was not found.'}
        </Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1400 }}>
      <Title title="Manage quiz" />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1, minWidth: 240 }}>
          {quiz ? quiz.name : <Skeleton width={280} />}
        </Typography>
        <Button component={RouterLink} to={paths.preview(id)} startIcon={<VisibilityOutlinedIcon />}>
          Preview
        </Button>
        <Button component={RouterLink} to={paths.edit(id)} startIcon={<EditOutlinedIcon />}>
          Edit
        </Button>
        <Button component={RouterLink} to={paths.analysis(id)} startIcon={<InsightsOutlinedIcon />}>
          Analysis
        </Button>
        <RegradeSection quizId={id} onApplied={() => void load(true)} />
      </Stack>
      {quiz && (
        <Stack useFlexGap direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
          <QuizStateChip quiz={quiz} />
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(quiz.valid_from)} – {formatDateTime(quiz.valid_to)} · {quiz.duration} min
          </Typography>
        </Stack>
      )}

      <LinkBaseWarning linkBase={answer?.linkBase} />

      {quiz?.options?.guest_flag && (
        <GuestLinkCard quizId={id} link={answer?.guestLink ?? null} onChange={(guestLink) => setAnswer((current) => current && { ...current, guestLink })} />
      )}

      <Paper variant="outlined" component="section" aria-labelledby="participants-title">
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ p: 2, gap: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
          <Box>
            <Typography id="participants-title" component="h2" variant="h6" sx={{ mb: 1 }}>
              Participants
            </Typography>
            {answer ? <Counts participants={participants} /> : <Skeleton width={360} height={48} />}
          </Box>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Tooltip describeChild title={closed ? 'The quiz has closed: exam links no longer work' : withoutLink === 0 ? 'Everyone who can still take it has a link' : ''}>
              <span>
                <Button
                  variant="contained"
                  startIcon={busy === 'generate' ? <CircularProgress size={16} color="inherit" /> : <LinkIcon />}
                  onClick={() => void generate()}
                  disabled={busy !== undefined || closed || withoutLink === 0}
                >
                  Generate links{withoutLink > 0 ? ` (${withoutLink})` : ''}
                </Button>
              </span>
            </Tooltip>
            <Button
              variant="outlined"
              startIcon={busy === 'export' ? <CircularProgress size={16} /> : <FileDownloadOutlinedIcon />}
              onClick={() => void exportLinks()}
              disabled={busy !== undefined || participants.length === 0}
            >
              Export links
            </Button>
            <Tooltip describeChild title="Refresh">
              <IconButton aria-label="Refresh the participants" onClick={() => void load()} disabled={loading}>
                {loading ? <CircularProgress size={20} /> : <RefreshIcon />}
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
        {participants.length > 8 && (
          <Box sx={{ px: 2, pb: 2 }}>
            <TextField
              size="small"
              type="search"
              hiddenLabel
              placeholder="Find a student"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              sx={{ width: 280 }}
              slotProps={{
                htmlInput: { 'aria-label': 'Find a student' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Box>
        )}
        {/* inline-size containment: a wide table scrolls inside the card instead of widening the page. */}
        <TableContainer sx={{ contain: 'inline-size' }}>
          <Table aria-labelledby="participants-title">
            <TableHead>
              <TableRow>
                <TableCell>Student</TableCell>
                <TableCell>Username</TableCell>
                <TableCell>State</TableCell>
                <TableCell>Score</TableCell>
                <TableCell>Extra time</TableCell>
                <TableCell>Own settings</TableCell>
                <TableCell>Exam link</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!answer &&
                [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={8}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {answer && participants.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                    The quiz’s group has no students yet.
                  </TableCell>
                </TableRow>
              )}
              {answer && participants.length > 0 && shown.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                    No student matches “{search}”.
                  </TableCell>
                </TableRow>
              )}
              {shown.map((p) => (
                <TableRow key={p.id} hover>
                  <TableCell>
                    <Typography sx={{ fontWeight: 500 }}>{p.fullname}</Typography>
                    {p.email && (
                      <Typography variant="body2" color="text.secondary">
                        {p.email}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{p.username}</TableCell>
                  <TableCell>
                    <ParticipantStateChip participant={p} />
                  </TableCell>
                  <TableCell>
                    <Score participant={p} />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                      <Typography sx={{ whiteSpace: 'nowrap', color: p.extraMinutes ? undefined : 'text.secondary' }}>
                        {p.extraMinutes ? `+${p.extraMinutes} min` : 'None'}
                      </Typography>
                      <Tooltip describeChild title={p.state === 'submitted' ? 'The attempt is submitted' : 'Give extra time'}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Extra time for ${p.fullname}`}
                            onClick={() => setPending({ kind: 'extra', participant: p })}
                            disabled={p.state === 'submitted'}
                          >
                            <MoreTimeIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <EffectiveWindow effective={p.effective} groupNames={groupNames} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>
                    {p.examLink ? (
                      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                        <Typography
                          variant="body2"
                          title={p.examLink}
                          sx={{ fontFamily: 'monospace', fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0, flex: 1 }}
                        >
                          {p.examLink}
                        </Typography>
                        <CopyButton text={p.examLink} label={`Copy the exam link of ${p.fullname}`} />
                        <Tooltip describeChild title={closedFor(p) ? 'The quiz has closed for this student: a new link could not be used' : 'Regenerate'}>
                          <span>
                            <IconButton
                              size="small"
                              aria-label={`Regenerate the exam link of ${p.fullname}`}
                              onClick={() => setPending({ kind: 'regenerate', participant: p })}
                              disabled={closedFor(p)}
                            >
                              <AutorenewIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </Stack>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {p.state === 'submitted' ? '—' : 'No link yet'}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {p.state === 'in_progress' && p.attempt && (
                      <Button size="small" color="error" startIcon={<StopCircleOutlinedIcon />} onClick={() => setPending({ kind: 'close', participant: p })}>
                        Close attempt
                      </Button>
                    )}
                    {p.state === 'submitted' && p.attempt && (
                      <Button
                        size="small"
                        variant={p.attempt.pending ? 'contained' : 'text'}
                        startIcon={<GradingOutlinedIcon />}
                        onClick={() => setPending({ kind: 'grade', participant: p })}
                      >
                        {p.attempt.pending ? 'Grade' : 'Answers'}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <OverridesSection quizId={id} onChange={() => void load(true)} />
      <LmsSection quizId={id} onChange={() => void load(true)} />
      <IntegrityPanel quizId={id} participants={participants} sebRequired={quiz?.options?.safe_exam_browser === true} faceDetection={quiz?.options?.face_detection === true} />
      <Box sx={{ mt: 3 }}>{back}</Box>

      <ConfirmDialog
        open={pending?.kind === 'regenerate'}
        title="Regenerate the exam link?"
        confirmLabel="Regenerate"
        danger
        onClose={() => setPending(undefined)}
        onConfirm={async () => {
          if (pending?.kind !== 'regenerate') return;
          const result = await regenerateExamLink(id, pending.participant.id);
          if (result.success) {
            take(result.data);
            showToast({ severity: 'success', summary: 'Exam link regenerated', detail: `Send ${pending.participant.fullname} the new link.` });
          }
        }}
      >
        The old link of {shownPending?.participant.fullname} stops working at once. Send them the new one.
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === 'close'}
        title="Close the attempt now?"
        confirmLabel="Close attempt"
        danger
        onClose={() => setPending(undefined)}
        onConfirm={async () => {
          if (pending?.kind !== 'close' || !pending.participant.attempt) return;
          const result = await closeAttempt(id, pending.participant.attempt.id);
          if (result.success) {
            take(result.data);
            showToast({ severity: 'success', summary: 'Attempt closed', detail: `${pending.participant.fullname}’s saved answers were graded.` });
          }
        }}
      >
        {shownPending?.participant.fullname} can no longer answer; the answers saved so far are graded. This cannot be undone.
      </ConfirmDialog>
      {pending?.kind === 'extra' && (
        <ExtraTimeDialog quizId={id} participant={pending.participant} onClose={() => setPending(undefined)} onSaved={take} />
      )}
      {pending?.kind === 'grade' && (
        <GradingDialog quizId={id} participant={pending.participant} onClose={() => setPending(undefined)} onGraded={() => void load(true)} />
      )}
    </Box>
  );
}
