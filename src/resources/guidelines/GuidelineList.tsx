import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, List, TopToolbar, useDelete, useListContext, type Identifier } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import type { GuidelineRecord } from '../../schemas/guidelines';
import { ROLES, ROLE_LABELS, type Role } from '../../schemas/roles';
import { showToast } from '../../ui/toast/toastStore';
import { useGuidelinePaths } from './guidelinePaths';
import { ListExportButtons } from '../generator';

const stop = (event: MouseEvent) => event.stopPropagation();

const Column = DataTable.Col<GuidelineRecord>;

const faqCount = (guideline: GuidelineRecord): number =>
  guideline.content.reduce((total, item) => total + (item.faqs?.length ?? 0), 0);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function DeleteGuidelineButton({ guideline }: { guideline: GuidelineRecord }) {
  const paths = useGuidelinePaths();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete<GuidelineRecord>();
  const label = ROLE_LABELS[guideline.role];

  const confirm = async () => {
    try {
      await remove(paths.resource, { id: guideline.id, previousData: guideline }, { mutationMode: 'pessimistic', returnPromise: true });
      showToast({ severity: 'success', summary: 'Guideline deleted' });
      setOpen(false);
    } catch (error) {
      const { status, message } = (error ?? {}) as { status?: number; message?: string };
      if (status !== 0 && status !== 405) showToast({ severity: 'error', summary: 'Error', detail: message });
    }
  };

  return (
    <>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete the ${label} guideline`} onClick={(event) => { stop(event); setOpen(true); }}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={stop} aria-labelledby={`delete-guideline-${guideline.id}`}>
        <DialogTitle id={`delete-guideline-${guideline.id}`}>{`Delete the ${label} guideline?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {`Its ${plural(guideline.content.length, 'tab', 'tabs')} and ${plural(faqCount(guideline), 'question', 'questions')} are deleted, and the ${label.toLowerCase()} role sees an empty guideline page until a new one is written.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} color="inherit">
            Cancel
          </Button>
          <Button onClick={() => void confirm()} color="error" variant="contained" loading={isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function RowActions({ guideline }: { guideline: GuidelineRecord }) {
  const navigate = useNavigate();
  const paths = useGuidelinePaths();
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="Edit">
        <IconButton
          aria-label={`Edit the ${ROLE_LABELS[guideline.role]} guideline`}
          onClick={(event) => {
            stop(event);
            navigate(paths.edit(guideline.id));
          }}
        >
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <DeleteGuidelineButton guideline={guideline} />
    </Stack>
  );
}

function AddGuidelineButton() {
  const navigate = useNavigate();
  const paths = useGuidelinePaths();
  return (
    <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => navigate(paths.add)}>
      Add guideline
    </Button>
  );
}

/** Roles are few and have one guideline each: the whole list is one page. */
function missingRoles(data: readonly GuidelineRecord[] | undefined): Role[] {
  const written = new Set((data ?? []).map((guideline) => guideline.role));
  return ROLES.filter((role) => !written.has(role));
}

function ListActions() {
  const { data } = useListContext<GuidelineRecord>();
  return (
    <TopToolbar>
      <ListExportButtons />
      {missingRoles(data).length > 0 && <AddGuidelineButton />}
    </TopToolbar>
  );
}

/** Under the table: the roles whose guideline page is still empty, each a shortcut to write it. */
function MissingRoles() {
  const navigate = useNavigate();
  const paths = useGuidelinePaths();
  const { data, isPending } = useListContext<GuidelineRecord>();
  const missing = missingRoles(data);
  if (isPending || !missing.length) return null;
  return (
    <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        No guideline yet for:
      </Typography>
      {missing.map((role) => (
        <Chip
          key={role}
          icon={<AddIcon />}
          label={ROLE_LABELS[role]}
          variant="outlined"
          size="small"
          clickable
          aria-label={`Write the ${ROLE_LABELS[role]} guideline`}
          onClick={() => navigate(`${paths.add}?role=${encodeURIComponent(role)}`)}
        />
      ))}
    </Box>
  );
}

function EmptyGuidelines() {
  return (
    <Paper variant="outlined" sx={{ m: 2, py: 6, px: 3, textAlign: 'center', width: '100%' }}>
      <MenuBookOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        No guidelines yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Write one guideline per role. Each role reads its own on its Guideline page.
      </Typography>
      <AddGuidelineButton />
    </Paper>
  );
}

/** The admin's guideline list (/admin/guideline): one row per role. */
export function GuidelineList() {
  const paths = useGuidelinePaths();
  return (
    <List
      resource={paths.resource}
      title="Guidelines"
      actions={<ListActions />}
      empty={<EmptyGuidelines />}
      pagination={false}
      perPage={100}
      sort={{ field: 'role', order: 'ASC' }}
      exporter={false}
      disableSyncWithLocation
    >
      <DataTable<GuidelineRecord> bulkActionButtons={false} rowClick={(id: Identifier) => paths.edit(id)}>
        <Column source="role" label="Role" render={(record) => <Chip label={ROLE_LABELS[record.role] ?? record.role} size="small" />} />
        <Column label="Tabs" disableSort render={(record) => record.content.length} />
        <Column
          label="Tab titles"
          disableSort
          render={(record) => (
            <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {record.content.map((item) => item.title).join(' · ')}
            </Typography>
          )}
        />
        <Column label="FAQs" disableSort render={(record) => faqCount(record)} />
        <Column label="" disableSort render={(record) => <RowActions guideline={record} />} />
      </DataTable>
      <MissingRoles />
    </List>
  );
}
