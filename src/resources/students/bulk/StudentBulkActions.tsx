import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { STUDENT_BULK_MAX, type StudentBulkAction, type StudentBulkResult } from '../../../schemas/studentBulk';
import { saveBlob } from '../../../ui/saveBlob';
import { ReferenceSelect } from '../../generator/widgets/ReferenceWidget';
import { forgetRemembered } from '../../memory/rememberedLists';
import { base64ToBlob } from '../upload/saveFile';
import { bulkFilterOf, runStudentBulk, type BulkTarget } from './studentBulkApi';

const GROUP_REFERENCE = { resource: 'groups', display: 'groupName' } as const;

const students = (n: number) => `${n} student${n === 1 ? '' : 's'}`;

/** What each action's dialog says and its confirming button. */
const ACTIONS: Record<StudentBulkAction, { button: string; title: (who: string) => string; text: string; confirm: string }> = {
  addToGroup: { button: 'Add to group', title: (who) => `Add ${who} to a group`, text: 'Choose the group to add them to.', confirm: 'Add' },
  removeFromGroup: {
    button: 'Remove from group',
    title: (who) => `Remove ${who} from a group`,
    text: 'Choose the group to remove them from.',
    confirm: 'Remove',
  },
  resetPasswords: {
    button: 'Reset passwords',
    title: (who) => `Reset the passwords of ${who}`,
    text: 'Each gets a new initial password, to change at the next sign-in; their current passwords and sessions stop working. The new passwords are shown once.',
    confirm: 'Reset passwords',
  },
  delete: {
    button: 'Delete',
    title: (who) => `Delete ${who}`,
    text: 'Their accounts, attempts and answers are deleted. This cannot be undone.',
    confirm: 'Delete',
  },
};

/** The new initial passwords of a reset, shown once, with the sheet to download. */
export function ResetPasswordsDialog({ result, onClose }: { result: StudentBulkResult; onClose: () => void }) {
  const download = () => {
    if (result.passwordSheet) saveBlob(base64ToBlob(result.passwordSheet), `initial-passwords-${new Date().toISOString().slice(0, 10)}.xlsx`);
  };
  return (
    <Dialog open aria-labelledby="reset-passwords-title" maxWidth="md" fullWidth>
      <DialogTitle id="reset-passwords-title">New initial passwords</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          These passwords are shown only now: download the sheet or hand them over before you close this.
        </Alert>
        <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
          <Table size="small" aria-label="New initial passwords">
            <TableHead>
              <TableRow>
                <TableCell>Full name</TableCell>
                <TableCell>Username</TableCell>
                <TableCell>Initial password</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(result.passwords ?? []).map((p) => (
                <TableRow key={p.id}>
                  <TableCell>{p.fullname}</TableCell>
                  <TableCell>{p.username}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }} data-testid="reset-password">
                    {p.initialPassword}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<DownloadIcon />} onClick={download}>
          Download initial passwords
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The students list's bulk actions: on the selection, or on every student the list's filters
 * match ("Select all N matching"), one request each to POST /api/students/bulk.
 */
export function StudentBulkActions() {
  const { selectedIds, total = 0, filterValues, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [allMatching, setAllMatching] = useState(false);
  const [action, setAction] = useState<StudentBulkAction>();
  const [groupId, setGroupId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [reset, setReset] = useState<StudentBulkResult>();
  const filterKey = JSON.stringify(filterValues);

  // A new filter or selection ends "all matching": it meant the students matched before.
  useEffect(() => setAllMatching(false), [filterKey, selectedIds.length]);

  const count = allMatching ? total : selectedIds.length;
  const who = allMatching ? `all ${students(total)} matching` : students(selectedIds.length);
  const target: BulkTarget = allMatching ? { filter: bulkFilterOf(filterValues) } : { ids: selectedIds.map(Number) };
  const needsGroup = action === 'addToGroup' || action === 'removeFromGroup';

  const open = (next: StudentBulkAction) => {
    setAction(next);
    setGroupId(undefined);
    setError(undefined);
  };
  const close = () => setAction(undefined);

  const confirm = async () => {
    if (!action) return;
    if (needsGroup && groupId === undefined) {
      setError('Choose a group');
      return;
    }
    setBusy(true);
    const answer = await runStudentBulk(action, target, needsGroup ? groupId : undefined);
    setBusy(false);
    if (!answer.success || !answer.data) {
      setError(answer.message);
      return;
    }
    forgetRemembered('students');
    if (needsGroup) forgetRemembered('groups');
    notify(answer.message, { type: 'info' });
    if (answer.data.action === 'resetPasswords') setReset(answer.data);
    setAction(undefined);
    if (answer.data.action !== 'resetPasswords') {
      onUnselectItems(true);
      refresh();
    }
  };

  const finishReset = () => {
    setReset(undefined);
    onUnselectItems(true);
    refresh();
  };

  return (
    <>
      {total > selectedIds.length && !allMatching && (
        <Button size="small" onClick={() => setAllMatching(true)}>
          Select all {total} matching
        </Button>
      )}
      {allMatching && (
        <Box component="span" role="status" sx={{ mx: 1, typography: 'body2' }}>
          All {students(total)} matching are chosen{total > STUDENT_BULK_MAX ? ` (a bulk action takes at most ${STUDENT_BULK_MAX})` : ''}
        </Box>
      )}
      {(Object.keys(ACTIONS) as StudentBulkAction[]).map((name) => (
        <Button key={name} size="small" color={name === 'delete' ? 'error' : 'primary'} onClick={() => open(name)}>
          {ACTIONS[name].button}
        </Button>
      ))}
      <Dialog open={action !== undefined} onClose={busy ? undefined : close} aria-labelledby="student-bulk-title" maxWidth="sm" fullWidth>
        {action && (
          <>
            <DialogTitle id="student-bulk-title">{ACTIONS[action].title(who)}</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>{ACTIONS[action].text}</DialogContentText>
              {needsGroup && (
                <ReferenceSelect
                  id="student-bulk-group"
                  label="Group"
                  reference={GROUP_REFERENCE}
                  value={groupId}
                  onChange={(value) => setGroupId(typeof value === 'number' ? value : value ? Number(value) : undefined)}
                  required
                  error={error === 'Choose a group'}
                  autoFocus
                />
              )}
              {error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {error}
                </Alert>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button variant="contained" color={action === 'delete' ? 'error' : 'primary'} onClick={confirm} disabled={busy || count === 0}>
                {ACTIONS[action].confirm}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
      {reset && <ResetPasswordsDialog result={reset} onClose={finishReset} />}
    </>
  );
}
