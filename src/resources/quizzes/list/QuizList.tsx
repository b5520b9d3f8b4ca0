import { useMemo, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, List, ReferenceField, TextField as RaTextField, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { quizEntity } from '../../../schemas/quizzes';
import { declaredColumns } from '../../generator/listModel';
import { EmptyListState } from '../../../ui/list/EmptyListState';
import { ListPagination, ListToolbar } from '../../../ui/list/ListToolbar';
import { formatDateTime, formatMinutes } from '../../../ui/dates';
import { isOwnedBy, useCurrentUser, type CurrentUser } from '../../../auth/useCurrentUser';
import { QuizStateChip } from '../QuizStateChip';
import { changedQuizFilters, quizApiFilter, useQuizFilter } from '../quizFilter';
import type { QuizRecord } from '../quizTypes';
import { useQuizPaths } from '../quizPaths';
import { QuizFilterBar } from './QuizFilterBar';
import { ListExportButtons, ResetFiltersButton } from '../../generator';

/** The columns the quiz declaration lists, with its headings and sorting. */
const COLUMN = declaredColumns(quizEntity, ['name', 'group_id']);

export function QuizName({ compact = false }: { compact?: boolean }) {
  const record = useRecordContext<QuizRecord>();
  if (!record) return null;
  return (
    <Box sx={{ minWidth: compact ? 140 : 180, maxWidth: 360 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {record.name}
      </Typography>
      {compact && (
        <>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
            {formatDateTime(record.valid_from)} · {formatMinutes(record.duration)}
          </Typography>
          <QuizStateChip quiz={record} />
        </>
      )}
    </Box>
  );
}

export function QuizWindow() {
  const record = useRecordContext<QuizRecord>();
  if (!record) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap', typography: 'body2' }}>
      <div>{formatDateTime(record.valid_from)}</div>
      <Box component="div" sx={{ color: 'text.secondary' }}>
        to {formatDateTime(record.valid_to)}
      </Box>
    </Box>
  );
}

interface ActionProps {
  label: string;
  icon: ReactElement;
  to?: string;
  /** Why the action is not available (shown as its tooltip). */
  unavailable?: string;
}

export function Action({ label, icon, to, unavailable }: ActionProps) {
  return (
    <Tooltip describeChild title={unavailable ?? label}>
      <span>
        {to && !unavailable ? (
          <IconButton aria-label={label} component={RouterLink} to={to} size="small">
            {icon}
          </IconButton>
        ) : (
          <IconButton aria-label={`${label}${unavailable ? ` (${unavailable})` : ''}`} disabled size="small">
            {icon}
          </IconButton>
        )}
      </span>
    </Tooltip>
  );
}

function RowActions({ user }: { user: CurrentUser | undefined }) {
  const record = useRecordContext<QuizRecord>();
  const paths = useQuizPaths();
  if (!record) return null;
  const mine = isOwnedBy(user, record.created_by);
  const notMine = mine ? undefined : 'Only the quiz’s author can do this';
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Action label={`Edit ${record.name}`} icon={<EditOutlinedIcon fontSize="small" />} to={paths.edit(record.id)} unavailable={notMine} />
      <Action label={`Preview ${record.name}`} icon={<VisibilityOutlinedIcon fontSize="small" />} to={paths.preview(record.id)} />
      <Action
        label={`Manage ${record.name}`}
        icon={<ManageAccountsOutlinedIcon fontSize="small" />}
        to={paths.manage(record.id)}
        unavailable={notMine}
      />
      {/* The statistics API answers a quiz's author (and the heads, from their own quiz list). */}
      <Action
        label={`Analysis of ${record.name}`}
        icon={<InsightsOutlinedIcon fontSize="small" />}
        to={paths.analysis(record.id)}
        unavailable={mine ? undefined : 'Only the quiz’s author can see its analysis'}
      />
    </Box>
  );
}

function EmptyQuizzes() {
  const paths = useQuizPaths();
  const { filter, reset } = useQuizFilter();
  return (
    <EmptyListState
      icon={AssignmentOutlinedIcon}
      rememberedCount={changedQuizFilters(filter)}
      filtered={{ title: 'No quizzes match these filters', hint: 'Change or reset the filters to see more quizzes.' }}
      empty={{ title: 'No quizzes yet', hint: 'Create a quiz from your question bank and give it to a group.' }}
      clearLabel="Reset filters"
      onClear={reset}
      createTo={paths.create}
      createLabel="Create quiz"
    />
  );
}

/** The quizzes' default order, which "Reset filters" restores. */
const QUIZ_SORT = { field: 'valid_from', order: 'DESC' } as const;

function ListActions() {
  const paths = useQuizPaths();
  const { reset } = useQuizFilter();
  return (
    <ListToolbar createTo={paths.create} createLabel="Create quiz">
      <ResetFiltersButton sort={QUIZ_SORT} onReset={reset} />
      <ListExportButtons />
    </ListToolbar>
  );
}

/**
 * The quizzes (route `quiz`): the remembered quizFilter (the teacher's own quizzes by
 * default), a name search, each quiz's window, duration, group and state, and its screens.
 */
export function QuizList() {
  const { filter } = useQuizFilter();
  const apiFilter = useMemo(() => quizApiFilter(filter), [filter]);
  const user = useCurrentUser();
  const now = Date.now();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  return (
    <List
      title="Quizzes"
      filter={apiFilter}
      sort={QUIZ_SORT}
      perPage={25}
      empty={false}
      exporter={false}
      actions={<ListActions />}
      pagination={<ListPagination />}
    >
      <QuizFilterBar />
      <DataTable rowClick={false} bulkActionButtons={false} empty={<EmptyQuizzes />} size="medium">
        <DataTable.Col {...COLUMN.name}>
          <QuizName compact={compact} />
        </DataTable.Col>
        {!compact && (
          <DataTable.Col source="valid_from" label="Window">
            <QuizWindow />
          </DataTable.Col>
        )}
        {!compact && (
          <DataTable.Col
            source="duration"
            label="Duration"
            render={(record: QuizRecord) => formatMinutes(record.duration)}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
        )}
        {!compact && (
          <DataTable.Col {...COLUMN.group_id}>
            <ReferenceField source="group_id" reference="groups" link={false}>
              <RaTextField source="groupName" />
            </ReferenceField>
          </DataTable.Col>
        )}
        {!compact && <DataTable.Col label="State" disableSort render={(record: QuizRecord) => <QuizStateChip quiz={record} now={now} />} />}
        <DataTable.Col label="Actions" disableSort align="right" cellSx={() => ({ width: 170 })}>
          <RowActions user={user} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
