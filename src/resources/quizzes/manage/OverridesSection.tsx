import { useCallback, useEffect, useMemo, useState } from 'react';
import { useGetList } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { OVERRIDE_SETTING_LABELS, type OverrideRecord } from '../../../schemas/overrides';
import { formatDateTime } from '../../../ui/dates';
import { ConfirmDialog } from '../../../ui/dialogs/ConfirmDialog';
import { IdAutocomplete } from '../../../ui/forms/IdAutocomplete';
import { serverFieldErrors, type FieldErrors } from '../../../ui/forms/fieldErrors';
import { showToast } from '../../../ui/toast/toastStore';
import { DateTimeField } from '../form/DateTimeField';
import { attemptsText } from './EffectiveWindow';
import { deleteOverride, fetchOverrides, saveOverride } from './manageApi';

const whoOf = (o: OverrideRecord) => (o.group ? `Group: ${o.group.name}` : (o.student?.fullname ?? ''));
const asQuiz = <Typography component="span" color="text.secondary">As the quiz</Typography>;

interface Draft {
  kind: 'student' | 'group';
  studentId: number | null;
  groupId: number | null;
  valid_from: string | undefined;
  valid_to: string | undefined;
  duration: string;
  attempts_allowed: string;
}

const draftOf = (o?: OverrideRecord): Draft => ({
  kind: o?.groupId ? 'group' : 'student',
  studentId: o?.studentId ?? null,
  groupId: o?.groupId ?? null,
  valid_from: o?.valid_from ?? undefined,
  valid_to: o?.valid_to ?? undefined,
  duration: o?.duration === null || o?.duration === undefined ? '' : String(o.duration),
  attempts_allowed: o?.attempts_allowed === null || o?.attempts_allowed === undefined ? '' : String(o.attempts_allowed),
});

/** Adds or changes one override: a student or a group of the department, and the settings that differ from the quiz (each blank is as the quiz). */
function OverrideDialog({ quizId, override, onClose, onSaved }: { quizId: number; override?: OverrideRecord; onClose: () => void; onSaved: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(override));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const students = useGetList<{ id: number; fullname: string; username: string }>('students', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'fullname', order: 'ASC' } });
  const groups = useGetList<{ id: number; groupName: string }>('groups', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'groupName', order: 'ASC' } });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const save = async () => {
    setBusy(true);
    const body = {
      studentId: draft.kind === 'student' ? draft.studentId : null,
      groupId: draft.kind === 'group' ? draft.groupId : null,
      valid_from: draft.valid_from ?? null,
      valid_to: draft.valid_to ?? null,
      duration: draft.duration.trim() || null,
      attempts_allowed: draft.attempts_allowed.trim() || null,
    };
    const result = await saveOverride(quizId, body, override?.id);
    setBusy(false);
    if (result.success) {
      showToast({ severity: 'success', summary: override ? 'Override saved' : 'Override added' });
      onSaved();
      onClose();
      return;
    }
    const fields = serverFieldErrors(result.data);
    setErrors(fields);
    // A rule of the whole override ("Give at least one setting") has no field of its own.
    setProblem(fields._ ?? (Object.keys(fields).length ? undefined : result.message || 'The override could not be saved'));
  };

  const targetError = errors.studentId ?? errors.groupId;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="override-title" maxWidth="sm" fullWidth>
      <DialogTitle id="override-title">{override ? 'Change override' : 'Add override'}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          A student’s own override wins over their groups’; a student in several groups with overrides gets the most lenient of each setting. Leave a setting blank to keep the
          quiz’s. Extra time adds on top of the duration.
        </DialogContentText>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <LocalizationProvider dateAdapter={AdapterDayjs}>
          <Stack spacing={2}>
            <ToggleButtonGroup exclusive size="small" value={draft.kind} onChange={(_e, kind: Draft['kind'] | null) => kind && set('kind', kind)} aria-label="Override for">
              <ToggleButton value="student">A student</ToggleButton>
              <ToggleButton value="group">A group</ToggleButton>
            </ToggleButtonGroup>
            {draft.kind === 'student' ? (
              <IdAutocomplete
                id="override-student"
                label="Student"
                required
                choices={(students.data ?? []).map((s) => ({ id: s.id, label: `${s.fullname} (${s.username})` }))}
                loading={students.isPending}
                value={draft.studentId}
                onChange={(value) => set('studentId', value)}
                error={targetError}
              />
            ) : (
              <IdAutocomplete
                id="override-group"
                label="Group"
                required
                choices={(groups.data ?? []).map((g) => ({ id: g.id, label: g.groupName }))}
                loading={groups.isPending}
                value={draft.groupId}
                onChange={(value) => set('groupId', value)}
                error={targetError}
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DateTimeField id="override-valid-from" label={OVERRIDE_SETTING_LABELS.valid_from} value={draft.valid_from} onChange={(v) => set('valid_from', v)} error={errors.valid_from} helperText="Blank: as the quiz" />
              <DateTimeField id="override-valid-to" label={OVERRIDE_SETTING_LABELS.valid_to} value={draft.valid_to} onChange={(v) => set('valid_to', v)} error={errors.valid_to} helperText="Blank: as the quiz" />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                id="override-duration"
                label={`${OVERRIDE_SETTING_LABELS.duration} (minutes)`}
                variant="filled"
                fullWidth
                value={draft.duration}
                onChange={(e) => set('duration', e.target.value)}
                error={Boolean(errors.duration)}
                helperText={errors.duration ?? 'Blank: as the quiz'}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <TextField
                id="override-attempts"
                label={OVERRIDE_SETTING_LABELS.attempts_allowed}
                variant="filled"
                fullWidth
                value={draft.attempts_allowed}
                onChange={(e) => set('attempts_allowed', e.target.value)}
                error={Boolean(errors.attempts_allowed)}
                helperText={errors.attempts_allowed ?? 'Blank: as the quiz; 0: unlimited'}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
          </Stack>
        </LocalizationProvider>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The quiz's overrides for a student or a group (the manage page): who, and the settings they
 * change, with changing and removing each, and adding one. `onChange` runs after every change,
 * so the participants' effective windows follow.
 */
export function OverridesSection({ quizId, onChange }: { quizId: number; onChange?: () => void }) {
  const [overrides, setOverrides] = useState<OverrideRecord[]>();
  const [editing, setEditing] = useState<{ override?: OverrideRecord }>();
  const [removing, setRemoving] = useState<OverrideRecord>();

  const load = useCallback(async () => {
    const result = await fetchOverrides(quizId);
    if (result.success && result.data) setOverrides(result.data);
  }, [quizId]);
  useEffect(() => {
    void load();
  }, [load]);
  const changed = () => {
    void load();
    onChange?.();
  };
  const rows = useMemo(() => overrides ?? [], [overrides]);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="overrides-title" sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography id="overrides-title" component="h2" variant="h6">
            Overrides
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Another window, duration or number of attempts for one student or one group.
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing({})}>
          Add override
        </Button>
      </Stack>
      <TableContainer sx={{ contain: 'inline-size' }}>
        <Table aria-labelledby="overrides-title" size="small">
          <TableHead>
            <TableRow>
              <TableCell>For</TableCell>
              <TableCell>{OVERRIDE_SETTING_LABELS.valid_from}</TableCell>
              <TableCell>{OVERRIDE_SETTING_LABELS.valid_to}</TableCell>
              <TableCell>{OVERRIDE_SETTING_LABELS.duration}</TableCell>
              <TableCell>Attempts</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {overrides && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
                  No overrides: everyone has the quiz’s settings.
                </TableCell>
              </TableRow>
            )}
            {rows.map((o) => (
              <TableRow key={o.id} hover>
                <TableCell>
                  <Typography sx={{ fontWeight: 500 }}>{whoOf(o)}</Typography>
                  {o.student && (
                    <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                      {o.student.username}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{o.valid_from ? formatDateTime(o.valid_from) : asQuiz}</TableCell>
                <TableCell>{o.valid_to ? formatDateTime(o.valid_to) : asQuiz}</TableCell>
                <TableCell>{o.duration !== null ? `${o.duration} min` : asQuiz}</TableCell>
                <TableCell>{o.attempts_allowed !== null ? attemptsText(o.attempts_allowed) : asQuiz}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip describeChild title="Change">
                    <IconButton size="small" aria-label={`Change the override of ${whoOf(o)}`} onClick={() => setEditing({ override: o })}>
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip describeChild title="Remove">
                    <IconButton size="small" aria-label={`Remove the override of ${whoOf(o)}`} onClick={() => setRemoving(o)}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && <OverrideDialog quizId={quizId} override={editing.override} onClose={() => setEditing(undefined)} onSaved={changed} />}
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove the override?"
        confirmLabel="Remove"
        danger
        onClose={() => setRemoving(undefined)}
        onConfirm={async () => {
          if (!removing) return;
          const result = await deleteOverride(quizId, removing.id);
          if (result.success) {
            showToast({ severity: 'success', summary: 'Override removed' });
            changed();
          }
        }}
      >
        {removing ? whoOf(removing) : ''} gets the quiz’s settings again; a running attempt’s deadline follows at once.
      </ConfirmDialog>
    </Paper>
  );
}
