import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
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

function useDebounced<T>(value: T, delay = 350): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The bank's questions of the quiz's subjects, searchable, with a checkbox each: ticking adds
 * the question at the end of the paper, unticking removes it.
 */
export function QuestionPickerDialog({ open, onClose, subjects, selected, onChange }: QuestionPickerDialogProps) {
  const [search, setSearch] = useState('');
  const [types, setTypes] = useState<QuestionType[]>([]);
  const [difficulties, setDifficulties] = useState<Difficulty[]>([]);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const q = useDebounced(search.trim());
  const filter: Record<string, unknown> = { subject: [...subjects] };
  if (q) filter.q = q;
  if (types.length) filter.type = types;
  if (difficulties.length) filter.difficulty = difficulties;
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

  useEffect(() => setPage(0), [q, types, difficulties]);

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
        </Stack>
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
                  <TableCell colSpan={6} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
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
