import { useMemo, useState } from 'react';
import { WhenSelected } from '../../../ui/list/WhenSelected';
import { Link as RouterLink } from 'react-router';
import { DataTable, List, ReferenceField, TextField as RaTextField, useRecordContext, useRefresh } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { DIFFICULTY_LABELS, QUESTION_TYPE_LABELS, questionEntity, type Difficulty } from '../../../schemas/questions';
import { declaredColumns } from '../../generator/listModel';
import { EmptyListState } from '../../../ui/list/EmptyListState';
import { ListPagination, ListToolbar } from '../../../ui/list/ListToolbar';
import { ClampedMarkdown } from '../../../ui/ClampedMarkdown';
import { marksLabel } from '../QuestionView';
import type { QuestionRecord } from '../questionDraft';
import { useQuestionPaths } from '../questionPaths';
import { ExportMenuButton } from '../transfer/ExportMenuButton';
import { ImportDialog } from '../transfer/ImportDialog';
import { isOwnedBy, useCurrentUser, type CurrentUser } from '../../../auth/useCurrentUser';
import { BulkDeleteQuestionsButton } from './BulkDeleteQuestionsButton';
import { MeasuredFlags, MeasuredScale } from './MeasuredDifficulty';
import { QuestionFilterBar } from './QuestionFilterBar';
import { QuestionPreviewDialog } from './QuestionPreviewDialog';
import { ListExportButtons, ResetFiltersButton } from '../../generator';
import { activeQuestionFilters, questionApiFilter, useQuestionFilter } from './questionFilter';

/** The bulk actions bar covers the table's header rather than the filters above it. */
const TABLE_SX = {
  '& thead th': { whiteSpace: 'nowrap' },
  '&& .RaBulkActionsToolbar-toolbar': { transform: 'none' },
} as const;

/** The columns the question declaration lists, with its headings and sorting. */
const COLUMN = declaredColumns(questionEntity, ['question', 'type', 'difficulty', 'marks', 'module']);
/** The declared columns the list export writes (the screen's, under the same headings). */
const EXPORTED_COLUMNS = ['question', 'type', 'difficulty', 'marks', 'module'];
/** The bank's default order, which "Reset filters" restores. */
const QUESTION_SORT = { field: 'id', order: 'DESC' } as const;

export const DIFFICULTY_COLORS: Record<Difficulty, 'success' | 'warning' | 'error'> = {
  easy: 'success',
  medium: 'warning',
  hard: 'error',
};

function QuestionText({ compact = false }: { compact?: boolean }) {
  const record = useRecordContext<QuestionRecord>();
  if (!record) return null;
  // A question's name (Moodle's title) heads its text when it has one.
  const name = record.name ? (
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {record.name}
    </Typography>
  ) : null;
  if (!compact) {
    return name ? (
      <Box>
        {name}
        <ClampedMarkdown text={record.question} />
      </Box>
    ) : (
      <ClampedMarkdown text={record.question} />
    );
  }
  // Narrow screens: the other columns' facts under the text.
  return (
    <Box>
      {name}
      <ClampedMarkdown text={record.question} maxWidth={420} minWidth={0} />
      <Typography variant="caption" color="text.secondary">
        {QUESTION_TYPE_LABELS[record.type]} · {DIFFICULTY_LABELS[record.difficulty]} · {marksLabel(record.marks)}
      </Typography>
    </Box>
  );
}

/** A row's calibration flags, under its text so they are seen on narrow screens too. */
function RowFlags() {
  const record = useRecordContext<QuestionRecord>();
  return record ? <MeasuredFlags record={record} /> : null;
}

function CreatedBy({ user }: { user: CurrentUser | undefined }) {
  const record = useRecordContext<QuestionRecord>();
  if (!record) return null;
  if (user && record.created_by === user.id) return <Typography variant="body2">You</Typography>;
  return (
    <Typography variant="body2" color="text.secondary">
      {user ? 'Colleague' : '—'}
    </Typography>
  );
}

function RowActions({ user }: { user: CurrentUser | undefined }) {
  const record = useRecordContext<QuestionRecord>();
  const paths = useQuestionPaths();
  const [previewing, setPreviewing] = useState(false);
  if (!record) return null;
  const mine = isOwnedBy(user, record.created_by);
  const editTo = mine ? paths.edit(record.id) : undefined;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }} onClick={(event) => event.stopPropagation()}>
      <Tooltip describeChild title="Preview">
        <IconButton aria-label={`Preview question ${record.id}`} onClick={() => setPreviewing(true)} size="small">
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip describeChild title={mine ? 'Edit' : 'Only its author can edit it'}>
        <span>
          {editTo ? (
            <IconButton aria-label={`Edit question ${record.id}`} component={RouterLink} to={editTo} size="small">
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          ) : (
            <IconButton aria-label={`Edit question ${record.id}`} disabled size="small">
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          )}
        </span>
      </Tooltip>
      {previewing && <QuestionPreviewDialog record={record} open onClose={() => setPreviewing(false)} editTo={editTo} />}
    </Box>
  );
}

function EmptyBank() {
  const paths = useQuestionPaths();
  const { filter, clear } = useQuestionFilter();
  return (
    <EmptyListState
      icon={QuizOutlinedIcon}
      rememberedCount={activeQuestionFilters(filter)}
      filtered={{ title: 'No questions match these filters', hint: 'Change or clear the filters to see more of the bank.' }}
      empty={{ title: 'No questions yet', hint: 'Write the first question, or import a spreadsheet, Aiken or GIFT file.' }}
      clearLabel="Clear filters"
      onClear={clear}
      createTo={paths.add}
      createLabel="Add question"
    />
  );
}

function ListActions({ filter }: { filter: Record<string, unknown> }) {
  const paths = useQuestionPaths();
  const refresh = useRefresh();
  const { clear } = useQuestionFilter();
  const [importing, setImporting] = useState(false);
  return (
    <ListToolbar createTo={paths.add} createLabel="Add question">
      <ResetFiltersButton sort={QUESTION_SORT} onReset={clear} />
      <ListExportButtons columns={EXPORTED_COLUMNS} />
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
        Import
      </Button>
      <ExportMenuButton scope="matching" filter={filter} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => refresh()} />
    </ListToolbar>
  );
}

function BulkActions() {
  return (
    <>
      <ExportMenuButton scope="selected" />
      <BulkDeleteQuestionsButton />
    </>
  );
}

/**
 * The question bank (route `questions`): the department's questions with the remembered
 * questionFilter, a free-text search, a student's-eye preview per row, import, export and
 * bulk delete (of the teacher's own questions; the server refuses others and questions in use).
 */
export function QuestionList() {
  const { filter } = useQuestionFilter();
  const apiFilter = useMemo(() => questionApiFilter(filter), [filter]);
  const user = useCurrentUser();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  return (
    <List
      title="Question bank"
      filter={apiFilter}
      sort={QUESTION_SORT}
      perPage={25}
      empty={false}
      exporter={false}
      actions={<ListActions filter={apiFilter} />}
      pagination={<ListPagination />}
    >
      <QuestionFilterBar />
      <DataTable rowClick={false} bulkActionButtons={
        <WhenSelected>
          <BulkActions />
        </WhenSelected>
      } empty={<EmptyBank />} size="medium" sx={TABLE_SX}>
        <DataTable.Col {...COLUMN.question}>
          <QuestionText compact={compact} />
          <RowFlags />
        </DataTable.Col>
        {!compact && (
          <DataTable.Col
            {...COLUMN.type}
            render={(record: QuestionRecord) => QUESTION_TYPE_LABELS[record.type] ?? record.type}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
        )}
        {!compact && (
          <DataTable.Col
            {...COLUMN.difficulty}
            render={(record: QuestionRecord) => (
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.75 }}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={DIFFICULTY_COLORS[record.difficulty] ?? 'default'}
                  label={DIFFICULTY_LABELS[record.difficulty] ?? record.difficulty}
                />
                <MeasuredScale record={record} />
              </Box>
            )}
          />
        )}
        {!compact && <DataTable.NumberCol {...COLUMN.marks} />}
        {!compact && (
          <DataTable.Col {...COLUMN.module}>
            <ReferenceField source="module" reference="modules" link={false}>
              <RaTextField source="course_outcome_name" />
            </ReferenceField>
          </DataTable.Col>
        )}
        {!compact && (
          <DataTable.Col source="created_by" label="Created by" disableSort>
            <CreatedBy user={user} />
          </DataTable.Col>
        )}
        {!compact && (
          <DataTable.Col source="version" label="Version" disableSort render={(record: QuestionRecord) => `v${record.version}`} />
        )}
        <DataTable.Col label="Actions" disableSort align="right" cellSx={() => ({ width: 96 })}>
          <RowActions user={user} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
