import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { formatDateTime } from '../../../ui/dates';
import { showToast } from '../../../ui/toast/toastStore';
import { fetchLms, previewLmsMembers, syncLmsMembers, type LmsLink, type LmsMember, type LmsMembersPreview, type LmsScore } from './manageApi';

/** The status of a grade send as the teacher reads it. */
function ScoreStatusChip({ score }: { score: LmsScore }) {
  if (score.status === 'sent') return <Chip size="small" color="success" label="Sent" />;
  if (score.status === 'waiting') return <Chip size="small" color="default" label="Waiting" />;
  const answer = score.lastStatus ? `The LMS answered ${score.lastStatus}` : 'The LMS could not be reached';
  return (
    <Tooltip describeChild title={score.lastError ?? answer}>
      <Chip size="small" color="error" label={`Failing: ${answer}`} />
    </Tooltip>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function MemberList({ title, members }: { title: string; members: LmsMember[] }) {
  if (!members.length) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="h3" variant="subtitle2">
        {title}
      </Typography>
      <List dense aria-label={title} sx={{ maxHeight: 240, overflow: 'auto' }}>
        {members.map((m) => (
          <ListItem key={m.sub} disableGutters>
            <ListItemText primary={m.name} secondary={m.email ?? undefined} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** "Sync class list": the course's learners from the LMS (names and roles), who is added to the quiz's group and who is already there, then a confirm. */
function SyncDialog({ quizId, link, onClose, onSynced }: { quizId: number; link: LmsLink; onClose: () => void; onSynced: () => void }) {
  const [preview, setPreview] = useState<LmsMembersPreview>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(true);

  useEffect(() => {
    let live = true;
    void previewLmsMembers(quizId, link.id).then((result) => {
      if (!live) return;
      setBusy(false);
      if (result.success && result.data) setPreview(result.data);
      else setError(result.message || 'The class list could not be read');
    });
    return () => {
      live = false;
    };
  }, [quizId, link.id]);

  const sync = async () => {
    setBusy(true);
    setError(undefined);
    const result = await syncLmsMembers(quizId, link.id);
    setBusy(false);
    if (!result.success || !result.data) {
      setError(result.message || 'The class list could not be synced');
      return;
    }
    const { added, created } = result.data;
    showToast({ severity: 'success', summary: result.message, detail: created ? `${plural(created, 'new student account')} made` : undefined });
    onSynced();
    onClose();
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} maxWidth="sm" fullWidth aria-labelledby="lms-sync-title">
      <DialogTitle id="lms-sync-title">Sync the class list of {link.contextTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The course’s learners in the LMS join the quiz’s group; a learner the portal does not know yet gets a student account. Their quiz grades go to the LMS’s gradebook.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {busy && !preview && <CircularProgress size={24} aria-label="Reading the class list" />}
        {preview && (
          <>
            <Typography role="status" sx={{ fontWeight: 600, mb: 1 }}>
              {preview.add.length ? `${plural(preview.add.length, 'learner')} to add` : 'Every learner is already in the group'}
              {preview.already.length > 0 && ` · ${preview.already.length} already there`}
              {preview.skipped > 0 && ` · ${preview.skipped} skipped (instructors, inactive members)`}
            </Typography>
            <MemberList title="To add" members={preview.add} />
            <MemberList title="Already in the group" members={preview.already} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void sync()} disabled={busy || !preview || preview.add.length === 0}>
          Add {preview?.add.length ? plural(preview.add.length, 'learner') : 'learners'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The quiz in LMS courses (LTI 1.3), on the manage page: its course links, the grades sent to the
 * LMS's gradebook (sent, waiting, or failing with the LMS's answer; failing ones are tried again by
 * themselves), and "Sync class list" per link. Shown only once the quiz is linked in a course.
 */
export function LmsSection({ quizId, onChange }: { quizId: number; onChange?: () => void }) {
  const [data, setData] = useState<{ links: LmsLink[]; scores: LmsScore[] }>();
  const [syncing, setSyncing] = useState<LmsLink>();

  const load = useCallback(async () => {
    const result = await fetchLms(quizId, { toast: false });
    if (result.success && result.data) setData(result.data);
  }, [quizId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!data || data.links.length === 0) return null;
  const { links, scores } = data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="lms-title" sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ p: 2, alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography id="lms-title" component="h2" variant="h6">
            LMS grades and class list
          </Typography>
          {links.map((l) => (
            <Typography key={l.id} variant="body2" color="text.secondary">
              {l.contextTitle} ({l.platformIssuer}){l.lineitem ? '' : ': the LMS gave no gradebook column, so no grades are sent'}
            </Typography>
          ))}
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button startIcon={<RefreshIcon />} onClick={() => void load()}>
            Refresh
          </Button>
          {links.map((l) => (
            <Tooltip key={l.id} describeChild title={l.canSyncMembers ? '' : 'The LMS did not offer this course’s class list (names and roles) with the link'}>
              <span>
                <Button variant="outlined" startIcon={<GroupAddOutlinedIcon />} disabled={!l.canSyncMembers} onClick={() => setSyncing(l)}>
                  {links.length > 1 ? `Sync class list: ${l.contextTitle}` : 'Sync class list'}
                </Button>
              </span>
            </Tooltip>
          ))}
        </Stack>
      </Stack>
      <TableContainer sx={{ contain: 'inline-size' }}>
        <Table aria-labelledby="lms-title" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Student</TableCell>
              <TableCell>Grade</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Tries</TableCell>
              <TableCell>When</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {scores.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
                  No grades sent yet: a grade goes to the LMS when a student who came from it submits an attempt.
                </TableCell>
              </TableRow>
            )}
            {scores.map((s) => (
              <TableRow key={s.id} hover>
                <TableCell>{s.studentName}</TableCell>
                <TableCell>
                  {s.scoreGiven} / {s.scoreMaximum}
                  {s.gradingProgress === 'PendingManual' && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      (answers to grade by hand)
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <ScoreStatusChip score={s} />
                  {s.status === 'failing' && s.lastError && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 420, overflowWrap: 'anywhere' }}>
                      {s.lastError}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{s.tries}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {s.status === 'sent' && s.sentAt ? `Sent ${formatDateTime(s.sentAt)}` : s.nextTryAt ? `Next try ${formatDateTime(s.nextTryAt)}` : formatDateTime(s.createdAt)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {syncing && (
        <SyncDialog
          quizId={quizId}
          link={syncing}
          onClose={() => setSyncing(undefined)}
          onSynced={() => {
            void load();
            onChange?.();
          }}
        />
      )}
    </Paper>
  );
}
