import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { IntegrityEventType } from '../../../schemas/integrity';
import type { Participant } from '../quizTypes';
import { EVENT_LABELS, IntegrityTimeline } from './IntegrityTimeline';
import {
  downloadSebConfig,
  exportIntegrity,
  fetchCameraWaivers,
  fetchIntegrity,
  fetchSebLinks,
  fetchTimeline,
  setCameraWaiver,
  type IntegrityRow,
  type SortField,
  type Timeline,
} from './integrityApi';

const minutesSeconds = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
};

const CAMERA: Record<IntegrityRow['camera'], string> = { not_required: '—', consented: 'Allowed', waived: 'Waived', none: 'Not given' };
const SEB: Record<IntegrityRow['seb'], string> = { not_required: '—', verified: 'Verified', not_verified: 'Not verified' };

/** The quiz's Safe Exam Browser configuration: the file, the link that opens it in SEB, and its Config Key. */
function SebCard({ quizId }: { quizId: number }) {
  const [links, setLinks] = useState<{ configKey: string; sebLink: string }>();
  useEffect(() => {
    void fetchSebLinks(quizId).then((r) => r.success && r.data && setLinks(r.data));
  }, [quizId]);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        Safe Exam Browser
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Students must take this quiz in Safe Exam Browser with this configuration; the server refuses every exam call without it.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void downloadSebConfig(quizId)}>
          Download .seb configuration
        </Button>
        {links && <Link href={links.sebLink}>Open in Safe Exam Browser</Link>}
      </Stack>
      {links && (
        <Typography variant="caption" component="p" sx={{ mt: 1, wordBreak: 'break-all' }}>
          Config Key: {links.configKey}
        </Typography>
      )}
    </Paper>
  );
}

/** Named students who may take a face-detection quiz without a camera (an accommodation). */
function CameraWaivers({ quizId, participants }: { quizId: number; participants: Participant[] }) {
  const [waived, setWaived] = useState<Set<number>>(new Set());
  useEffect(() => {
    void fetchCameraWaivers(quizId).then((r) => r.success && r.data && setWaived(new Set(r.data.map((w) => w.studentId))));
  }, [quizId]);
  const toggle = async (studentId: number, on: boolean) => {
    const result = await setCameraWaiver(quizId, studentId, on);
    if (result.success) setWaived((current) => new Set(on ? [...current, studentId] : [...current].filter((id) => id !== studentId)));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        Without a camera
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        A student you switch on here may start without a camera; the waiver is recorded with the attempt.
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {participants
          .filter((p) => p.state === 'not_started' || waived.has(p.id))
          .map((p) => (
            <FormControlLabel key={p.id} control={<Switch checked={waived.has(p.id)} onChange={(e) => void toggle(p.id, e.target.checked)} />} label={p.fullname} />
          ))}
      </Stack>
    </Paper>
  );
}

function Counts({ counts }: { counts: Record<IntegrityEventType, number> }) {
  const present = (Object.entries(counts) as [IntegrityEventType, number][]).filter(([, n]) => n > 0);
  if (!present.length) return <Typography variant="body2">None</Typography>;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {present.map(([type, n]) => (
        <Chip key={type} size="small" label={`${EVENT_LABELS[type]} ${n}`} />
      ))}
    </Stack>
  );
}

/**
 * The quiz's integrity record on its manage page: one row per attempt (counts by type, time
 * away, camera consent, SEB status, a flag above the quiz's thresholds), sortable and
 * filterable to flagged attempts, each opening its timeline; and the export of every event.
 */
export function IntegrityPanel({ quizId, participants, sebRequired, faceDetection }: { quizId: number; participants: Participant[]; sebRequired: boolean; faceDetection: boolean }) {
  const [sort, setSort] = useState<SortField>('fullname');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [rows, setRows] = useState<IntegrityRow[]>();
  const [timeline, setTimeline] = useState<Timeline>();

  const load = useCallback(() => {
    void fetchIntegrity(quizId, sort, order, flaggedOnly, { toast: false }).then((r) => r.success && r.data && setRows(r.data.rows));
  }, [quizId, sort, order, flaggedOnly]);
  useEffect(load, [load]);

  const sortBy = (field: SortField) => {
    if (field === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(field);
      setOrder(field === 'fullname' ? 'asc' : 'desc');
    }
  };
  const header = (field: SortField, label: string) => (
    <TableSortLabel active={sort === field} direction={sort === field ? order : 'asc'} onClick={() => sortBy(field)}>
      {label}
    </TableSortLabel>
  );
  const open = async (attemptId: number) => {
    const result = await fetchTimeline(quizId, attemptId);
    if (result.success && result.data) setTimeline(result.data);
  };

  return (
    <Box component="section" aria-labelledby="integrity-heading" sx={{ mt: 3 }}>
      {sebRequired && <SebCard quizId={quizId} />}
      {faceDetection && <CameraWaivers quizId={quizId} participants={participants} />}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="integrity-heading" component="h2" variant="h6" sx={{ flex: 1 }}>
          Integrity
        </Typography>
        <FormControlLabel control={<Switch checked={flaggedOnly} onChange={(e) => setFlaggedOnly(e.target.checked)} />} label="Flagged only" />
        <Button onClick={load}>Refresh</Button>
        <Button onClick={() => void exportIntegrity(quizId, 'csv')}>Export CSV</Button>
        <Button onClick={() => void exportIntegrity(quizId, 'xlsx')}>Export XLSX</Button>
      </Stack>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-labelledby="integrity-heading">
          <TableHead>
            <TableRow>
              <TableCell>{header('fullname', 'Student')}</TableCell>
              <TableCell>{header('startedAt', 'Started')}</TableCell>
              <TableCell>{header('awayMs', 'Time away')}</TableCell>
              <TableCell>{header('totalEvents', 'Events')}</TableCell>
              <TableCell>By type</TableCell>
              <TableCell>Camera</TableCell>
              <TableCell>SEB</TableCell>
              <TableCell>{header('flagged', 'Flag')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={9}>
                  <Typography color="text.secondary">{flaggedOnly ? 'No attempt is flagged.' : 'No attempt yet.'}</Typography>
                </TableCell>
              </TableRow>
            )}
            {rows?.map((r) => (
              <TableRow key={r.attemptId} hover>
                <TableCell>{r.fullname}</TableCell>
                <TableCell>{new Date(r.startedAt).toLocaleTimeString()}</TableCell>
                <TableCell>{minutesSeconds(r.awayMs)}</TableCell>
                <TableCell>{r.totalEvents}</TableCell>
                <TableCell>
                  <Counts counts={r.counts} />
                </TableCell>
                <TableCell>{CAMERA[r.camera]}</TableCell>
                <TableCell>{SEB[r.seb]}</TableCell>
                <TableCell>{r.flagged ? <Chip size="small" color="warning" label="Flagged" title={r.flagReasons.join('; ')} /> : '—'}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => void open(r.attemptId)}>
                    Timeline
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows?.some((r) => r.flagged) && <Alert severity="info" sx={{ mt: 1 }}>A flag is a hint to look at the timeline, not a verdict: a hidden page can be a notification, a missing face a lamp switched off.</Alert>}
      <Dialog open={timeline !== undefined} onClose={() => setTimeline(undefined)} maxWidth="lg" fullWidth>
        <DialogTitle>{timeline ? `Timeline: ${timeline.attempt.fullname}` : 'Timeline'}</DialogTitle>
        <DialogContent>{timeline && <IntegrityTimeline timeline={timeline} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setTimeline(undefined)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
