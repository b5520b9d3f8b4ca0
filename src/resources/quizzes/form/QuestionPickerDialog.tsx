import { useEffect, useMemo, useState } from 'react';
import { useDebounced } from '../../../ui/useDebounced';
import { useDataProvider, useGetList } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { DIFFICULTY_LABELS, QUESTION_TYPE_LABELS, type Difficulty, type QuestionType } from '../../../schemas/questions';
import { FIXED_QUESTIONS_MAX } from '../../../schemas/quizzes';
import { DIFFICULTY_CHOICES, QUESTION_TYPE_CHOICES } from '../../questions';
import { MultiSelectFilter } from '../../../ui/filters/MultiSelectFilter';
import { formatMinutes } from '../../../ui/dates';
import { ClampedMarkdown } from '../../../ui/ClampedMarkdown';
import type { QuestionRecord } from '../../questions';

interface QuestionPickerDialogProps {
  open: boolean;
  onClose: () => void;
  /** The quiz's subjects: only their questions may be picked. */
  subjects: readonly number[];
  /** The fixed questions, in paper order. */
  selected: readonly number[];
  onChange: (selected: number[]) => void;
}


/** Questions read per request by "Add all matching": the fixed questions' cap, so one request does. */
const ADD_ALL_PAGE = FIXED_QUESTIONS_MAX;

/**
 * What "Add all matching" does with the ids a filter matched: the new ones go at the end of the
 * paper, unless the paper would pass the cap of fixed questions, when nothing is added and the
 * message says why.
 */
export function addAllMatching(selected: readonly number[], matching: readonly number[], total: number): { selected: number[]; message: string; added: number } {
  const chosen = new Set(selected);
  const fresh = matching.filter((id) => !chosen.has(id));
  const newCount = total - (matching.length - fresh.length);
  if (selected.length + newCount > FIXED_QUESTIONS_MAX) {
    return {
      selected: [...selected],
      added: 0,
      message: `${newCount} matching questions are not in the paper yet; with the ${selected.length} already in it that makes ${selected.length + newCount}, and a quiz has at most ${FIXED_QUESTIONS_MAX} fixed questions: narrow the filters.`,
    };
  }
  if (fresh.length === 0) return { selected: [...selected], added: 0, message: 'Every matching question is in the paper already.' };
  return { selected: [...selected, ...fresh], added: fresh.length, message: `${fresh.length} ${fresh.length === 1 ? 'question' : 'questions'} added to the paper.` };
}

interface NamedRecord {
  id: number;
  course_outcome_name?: string;
  name?: string;
}

/**
 * The bank's questions of the quiz's subjects, filtered by module, topic, type, difficulty, marks
 * and text, with a checkbox each: ticking adds the question at the end of the paper, unticking
 * removes it. "Add all matching" adds every question the filters match at once (the server
 * filters; one request).
 */
export function QuestionPickerDialog({ open, onClose, subjects, selected, onChange }: QuestionPickerDialogProps) {
  const [search, setSearch] = useState('');
  const [types, setTypes] = useState<QuestionType[]>([]);
  const [difficulties, setDifficulties] = useState<Difficulty[]>([]);
  const [modules, setModules] = useState<string[]>([]);
  const [topics, setTopics] = useState<string[]>([]);
  const [marks, setMarks] = useState('');
  const [addAllNote, setAddAllNote] = useState<{ severity: 'success' | 'info' | 'warning'; text: string }>();
  const [addingAll, setAddingAll] = useState(false);
  const dataProvider = useDataProvider();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const q = useDebounced(search.trim(), 350);
  const filter: Record<string, unknown> = { subject: [...subjects] };
  if (q) filter.q = q;
  if (types.length) filter.type = types;
  if (difficulties.length) filter.difficulty = difficulties;
  if (modules.length) filter.module = modules.map(Number);
  if (topics.length) filter.topic = topics.map(Number);
  const marksValue = marks.trim() === '' ? undefined : Number(marks);
  if (marksValue !== undefined && Number.isFinite(marksValue)) filter.marks = marksValue;
  const moduleList = useGetList<NamedRecord>(
    'modules',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'course_outcome_name', order: 'ASC' }, filter: { subject_id: [...subjects] } },
    { enabled: open && subjects.length > 0 },
  );
  const moduleIds = (moduleList.data ?? []).map((m) => m.id);
  const topicList = useGetList<NamedRecord>(
    'topics',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, filter: { module_id: modules.length ? modules.map(Number) : moduleIds } },
    { enabled: open && moduleIds.length > 0 },
  );
  const moduleName = useMemo(() => new Map((moduleList.data ?? []).map((m) => [m.id, m.course_outcome_name ?? `#${m.id}`])), [moduleList.data]);
  const topicName = useMemo(() => new Map((topicList.data ?? []).map((t) => [t.id, t.name ?? `#${t.id}`])), [topicList.data]);
  const moduleChoices = (moduleList.data ?? []).map((m) => ({ value: String(m.id), label: m.course_outcome_name ?? `#${m.id}` }));
  const topicChoices = (topicList.data ?? []).map((t) => ({ value: String(t.id), label: t.name ?? `#${t.id}` }));
  const { data, total, isPending, isFetching } = useGetList<QuestionRecord>(
    'questions',
    { pagination: { page: page + 1, perPage }, sort: { field: 'id', order: 'DESC' }, filter },
    { enabled: open && subjects.length > 0, placeholderData: (previous) => previous },
  );
  const chosen = new Set(selected);
  const rows = data ?? [];
  const pageIds = rows.map((row) => row.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => chosen.has(id));
  const someOnPage = pageIds.some((id) => chosen.has(id));

  const toggle = (id: number) => onChange(chosen.has(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const togglePage = () =>
    onChange(allOnPage ? selected.filter((id) => !pageIds.includes(id)) : [...selected, ...pageIds.filter((id) => !chosen.has(id))]);

  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    setPage(0);
    setAddAllNote(undefined);
  }, [filterKey]);

  const addAll = async () => {
    setAddingAll(true);
    try {
      const answer = await dataProvider.getList<QuestionRecord>('questions', {
        filter,
        sort: { field: 'id', order: 'ASC' },
        pagination: { page: 1, perPage: ADD_ALL_PAGE },
      });
      const result = addAllMatching(selected, answer.data.map((row) => row.id), answer.total ?? answer.data.length);
      if (result.added > 0) onChange(result.selected);
      setAddAllNote({ severity: result.added > 0 ? 'success' : result.message.startsWith('Every') ? 'info' : 'warning', text: result.message });
    } catch {
      setAddAllNote({ severity: 'warning', text: 'The matching questions could not be loaded: try again.' });
    } finally {
      setAddingAll(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="question-picker-title" scroll="paper">
      <DialogTitle id="question-picker-title">Pick questions from the bank</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center', p: 2 }}>
          <TextField
            id="question-picker-search"
            size="small"
            type="search"
            hiddenLabel
            placeholder="Search question text"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ width: 280 }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search question text' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <MultiSelectFilter<QuestionType> id="question-picker-type" label="Type" choices={QUESTION_TYPE_CHOICES} value={types} onChange={setTypes} />
          <MultiSelectFilter<Difficulty>
            id="question-picker-difficulty"
            label="Difficulty"
            choices={DIFFICULTY_CHOICES}
            value={difficulties}
            onChange={setDifficulties}
            width={150}
          />
          <MultiSelectFilter<string> id="question-picker-module" label="Module" choices={moduleChoices} value={modules} onChange={(next) => {
            setModules(next);
            setTopics([]);
          }} width={200} />
          <MultiSelectFilter<string> id="question-picker-topic" label="Topic" choices={topicChoices} value={topics} onChange={setTopics} width={200} />
          <TextField
            id="question-picker-marks"
            size="small"
            variant="filled"
            label="Marks"
            type="number"
            value={marks}
            onChange={(event) => setMarks(event.target.value)}
            sx={{ width: 110 }}
            slotProps={{ htmlInput: { min: 0, step: 'any' } }}
          />
          <Button variant="outlined" onClick={addAll} disabled={addingAll || !total || subjects.length === 0}>
            Add all matching{total ? ` (${total})` : ''}
          </Button>
        </Stack>
        {addAllNote && (
          <Alert severity={addAllNote.severity} sx={{ mx: 2, mb: 1 }} role={addAllNote.severity === 'warning' ? 'alert' : 'status'}>
            {addAllNote.text}
          </Alert>
        )}
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
        <TableContainer>
          <Table size="small" aria-label="Bank questions">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    indeterminate={!allOnPage && someOnPage}
                    onChange={togglePage}
                    disabled={pageIds.length === 0}
                    slotProps={{ input: { 'aria-label': 'Select every question on this page' } }}
                  />
                </TableCell>
                <TableCell>Question</TableCell>
                <TableCell>Module</TableCell>
                <TableCell>Topic</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Difficulty</TableCell>
                <TableCell align="right">Marks</TableCell>
                <TableCell align="right">Time</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const isChosen = chosen.has(row.id);
                return (
                  <TableRow key={row.id} hover selected={isChosen} onClick={() => toggle(row.id)} sx={{ cursor: 'pointer' }}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={isChosen}
                        onClick={(event) => event.stopPropagation()}
                        onChange={() => toggle(row.id)}
                        slotProps={{ input: { 'aria-label': `Question ${row.id} in the paper` } }}
                      />
                    </TableCell>
                    <TableCell>
                      <ClampedMarkdown text={row.question} />
                    </TableCell>
                    <TableCell>{row.module ? (moduleName.get(Number(row.module)) ?? `#${row.module}`) : ''}</TableCell>
                    <TableCell>{row.topic ? (topicName.get(Number(row.topic)) ?? `#${row.topic}`) : ''}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{QUESTION_TYPE_LABELS[row.type]}</TableCell>
                    <TableCell>{DIFFICULTY_LABELS[row.difficulty]}</TableCell>
                    <TableCell align="right">{row.marks}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMinutes(row.time_required)}
                    </TableCell>
                  </TableRow>
                );
              })}
              {!isPending && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                    {subjects.length === 0 ? 'Choose the quiz’s subjects first.' : 'No questions of these subjects match.'}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={perPage}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[10, 25, 50]}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {selected.length === 0 ? 'No fixed questions yet' : `${selected.length} fixed ${selected.length === 1 ? 'question' : 'questions'} in the paper`}
        </Typography>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
