import { DataTable, List, TopToolbar, ReferenceArrayField, ReferenceField, SingleFieldList, ChipField, TextField as RaTextField, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { quizEntity } from '../../../schemas/quizzes';
import { declaredColumns } from '../../generator/listModel';
import { EmptyListState } from '../../../ui/list/EmptyListState';
import { ListPagination } from '../../../ui/list/ListToolbar';
import { useArea } from '../../../shell/AreaContext';
import { QuizStateChip } from '../QuizStateChip';
import type { QuizRecord } from '../quizTypes';
import { useQuizPaths } from '../quizPaths';
import { Action, QuizName, QuizWindow } from './QuizList';
import { ListExportButtons, ResetFiltersButton } from '../../generator';

const COLUMN = declaredColumns(quizEntity, ['name', 'group_id']);

function AnalysisAction() {
  const record = useRecordContext<QuizRecord>();
  const paths = useQuizPaths();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Action label={`Analysis of ${record.name}`} icon={<InsightsOutlinedIcon fontSize="small" />} to={paths.analysis(record.id)} />
    </Box>
  );
}

function EmptyQuizzes() {
  const scope = useArea() === 'institute-head' ? 'institute' : 'department';
  return (
    <EmptyListState
      icon={AssignmentOutlinedIcon}
      empty={{ title: 'No quizzes yet', hint: `The quizzes the ${scope}’s teachers create are listed here, each with its analysis.` }}
    />
  );
}

const HEAD_QUIZ_SORT = { field: 'valid_from', order: 'DESC' } as const;

/** Reset (the sort: a head's list has no filters of its own) and the export of every quiz of the scope. */
function HeadQuizActions() {
  return (
    <TopToolbar>
      <ResetFiltersButton sort={HEAD_QUIZ_SORT} />
      <ListExportButtons />
    </TopToolbar>
  );
}

/**
 * A head's quizzes (route `quiz`, as the teacher's): every quiz of the department or institute
 * (the server's read scope), with its subjects, group, teacher, window and state, and a link to
 * its analysis. Read only: heads neither create, edit nor manage quizzes.
 */
export function HeadQuizList() {
  const now = Date.now();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List title="Quizzes" sort={HEAD_QUIZ_SORT} perPage={25} empty={false} exporter={false} actions={<HeadQuizActions />} pagination={<ListPagination />}>
      <DataTable rowClick={false} bulkActionButtons={false} empty={<EmptyQuizzes />} size="medium">
        <DataTable.Col {...COLUMN.name}>
          <QuizName compact={compact} />
        </DataTable.Col>
        {!compact && (
          <DataTable.Col source="subjects" label="Subject" disableSort>
            <ReferenceArrayField source="subjects" reference="subjects">
              <SingleFieldList linkType={false}>
                <ChipField source="subjectname" size="small" />
              </SingleFieldList>
            </ReferenceArrayField>
          </DataTable.Col>
        )}
        {!compact && (
          <DataTable.Col {...COLUMN.group_id}>
            <ReferenceField source="group_id" reference="groups" link={false}>
              <RaTextField source="groupName" />
            </ReferenceField>
          </DataTable.Col>
        )}
        {!compact && (
          <DataTable.Col source="created_by" label="Teacher" disableSort>
            <ReferenceField source="created_by" reference="teachers" link={false}>
              <RaTextField source="fullname" />
            </ReferenceField>
          </DataTable.Col>
        )}
        {!compact && (
          <DataTable.Col source="valid_from" label="Window">
            <QuizWindow />
          </DataTable.Col>
        )}
        {!compact && <DataTable.Col label="State" disableSort render={(record: QuizRecord) => <QuizStateChip quiz={record} now={now} />} />}
        <DataTable.Col label="Actions" disableSort align="right">
          <AnalysisAction />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
