import { useEffect, useMemo, useRef, useState } from 'react';
import { useDebounced } from '../../ui/useDebounced';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import type { WidgetProps } from '@rjsf/utils';
import { useDataProvider, useRecordContext, type DataProvider } from 'react-admin';

/** A student as the member editor shows them. */
export interface MemberRow {
  id: number;
  fullname: string;
  username: string;
  batch?: string;
  semester?: string;
}

/** Students read per request: the list endpoint's largest page. */
export const MEMBER_FETCH_PAGE = 1000;
/** Rows of the member table per page: the table is paged, never a thousand rows at once. */
export const MEMBER_TABLE_PAGE = 25;
const SEARCH_DELAY_MS = 300;
const SORT = { field: 'fullname', order: 'ASC' as const };

export interface PickerFilter {
  batch: string;
  semester: string;
  q: string;
}

const toRow = (record: Record<string, unknown>): MemberRow => ({
  id: Number(record.id),
  fullname: String(record.fullname ?? `#${String(record.id)}`),
  username: String(record.username ?? ''),
  batch: record.batch === undefined ? undefined : String(record.batch),
  semester: record.semester === undefined ? undefined : String(record.semester),
});

/** The list filter of the picker's fields, empty ones left out. */
export function studentFilterOf(filter: PickerFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value.trim() !== '').map(([key, value]) => [key, value.trim()]));
}

/** Every student a filter matches, a page of 1,000 per request. */
export async function fetchAllStudents(dataProvider: DataProvider, filter: Record<string, unknown>): Promise<MemberRow[]> {
  const rows: MemberRow[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList('students', { filter, sort: SORT, pagination: { page, perPage: MEMBER_FETCH_PAGE } });
    rows.push(...data.map(toRow));
    if (data.length < MEMBER_FETCH_PAGE || rows.length >= (total ?? 0)) return rows;
  }
}


/**
 * The members of a group: the current members in a paged table (one request loads a group's
 * members, by the students list's `groups` filter), and a picker of students by batch, semester
 * and name, with a live count and "Add all shown". The value is the list of student ids, as the
 * group's `students` field is; nothing is saved until the form is.
 */
export function GroupMembersWidget(props: WidgetProps) {
  // The field's message ('Select students') is written under the widget by the form's error template.
  const { id, value, onChange, disabled, readonly } = props;
  const ids = useMemo(() => (Array.isArray(value) ? (value as unknown[]).map(Number) : []), [value]);
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const [known, setKnown] = useState<Map<number, MemberRow>>(() => new Map());
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [page, setPage] = useState(0);
  const [nameFilter, setNameFilter] = useState('');
  const [picker, setPicker] = useState<PickerFilter>({ batch: '', semester: '', q: '' });
  const debounced = useDebounced(picker, SEARCH_DELAY_MS);
  const [matches, setMatches] = useState<{ rows: MemberRow[]; total: number }>();
  const [adding, setAdding] = useState(false);
  const loadedFor = useRef<unknown>(undefined);
  const editable = !disabled && !readonly;

  const remember = (rows: readonly MemberRow[]) =>
    setKnown((previous) => {
      const next = new Map(previous);
      for (const row of rows) next.set(row.id, row);
      return next;
    });

  // The saved members in one request (by group), then any others of the value by id.
  useEffect(() => {
    const groupId = record?.id;
    const missing = ids.filter((member) => !known.has(member));
    if (missing.length === 0 || loadedFor.current === (groupId ?? missing.join())) return;
    loadedFor.current = groupId ?? missing.join();
    setLoading(true);
    const load = async () => {
      const rows = groupId !== undefined ? await fetchAllStudents(dataProvider, { groups: groupId }) : [];
      const have = new Set(rows.map((row) => row.id));
      const rest = missing.filter((member) => !have.has(member));
      for (let i = 0; i < rest.length; i += 200) {
        rows.push(...(await fetchAllStudents(dataProvider, { id: rest.slice(i, i + 200) })));
      }
      remember(rows);
    };
    load()
      .catch(() => setProblem('The members could not be loaded: reload the page to try again.'))
      .finally(() => setLoading(false));
    // Loads once per group (loadedFor): `known` grows from here and is not a reason to load again.
  }, [record?.id, ids, dataProvider]);

  // The picker's live count and first matches.
  useEffect(() => {
    let current = true;
    dataProvider
      .getList('students', { filter: studentFilterOf(debounced), sort: SORT, pagination: { page: 1, perPage: 10 } })
      .then(({ data, total }) => current && setMatches({ rows: data.map(toRow), total: total ?? data.length }))
      .catch(() => current && setMatches({ rows: [], total: 0 }));
    return () => {
      current = false;
    };
  }, [dataProvider, debounced]);

  const members = useMemo(() => {
    const needle = nameFilter.trim().toLowerCase();
    const rows = ids.map((member) => known.get(member) ?? { id: member, fullname: loading ? 'Loading…' : `#${member}`, username: '' });
    const shown = needle ? rows.filter((row) => `${row.fullname} ${row.username}`.toLowerCase().includes(needle)) : rows;
    return shown.sort((a, b) => a.fullname.localeCompare(b.fullname) || a.id - b.id);
  }, [ids, known, nameFilter, loading]);
  const pageRows = members.slice(page * MEMBER_TABLE_PAGE, (page + 1) * MEMBER_TABLE_PAGE);
  useEffect(() => {
    if (page > 0 && page * MEMBER_TABLE_PAGE >= members.length) setPage(Math.max(0, Math.ceil(members.length / MEMBER_TABLE_PAGE) - 1));
  }, [members.length, page]);

  const add = (rows: readonly MemberRow[]) => {
    remember(rows);
    const present = new Set(ids);
    const added = rows.map((row) => row.id).filter((member) => !present.has(member));
    if (added.length) onChange([...ids, ...added]);
    return added.length;
  };
  const remove = (member: number) => onChange(ids.filter((other) => other !== member));

  const [addedNote, setAddedNote] = useState<string>();
  const addAllShown = async () => {
    setAdding(true);
    try {
      const n = add(await fetchAllStudents(dataProvider, studentFilterOf(picker)));
      setAddedNote(n === 0 ? 'They are all in the group already.' : `${n} student${n === 1 ? '' : 's'} added.`);
    } catch {
      setAddedNote('The students could not be loaded: try again.');
    } finally {
      setAdding(false);
    }
  };
  const setPickerField = (field: keyof PickerFilter) => (event: { target: { value: string } }) => {
    setAddedNote(undefined);
    setPicker((previous) => ({ ...previous, [field]: event.target.value }));
  };

  return (
    // A form control of its own, so that the field's message sits right under the whole widget.
    <FormControl id={id} role="group" aria-labelledby={`${id}-members`} fullWidth sx={{ display: 'grid', gap: 2 }}>
      <Typography id={`${id}-members`} variant="subtitle1" component="h3">
        Students in the group: <span data-testid="member-count">{ids.length}</span>
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}

      {editable && (
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
          <legend>Add students</legend>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1 }}>
            <TextField size="small" label="Batch" value={picker.batch} onChange={setPickerField('batch')} />
            <TextField size="small" label="Semester" value={picker.semester} onChange={setPickerField('semester')} />
            <TextField size="small" label="Name, username or email" value={picker.q} onChange={setPickerField('q')} sx={{ flex: 1 }} />
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography role="status" aria-live="polite" variant="body2" data-testid="match-count">
              {matches === undefined ? 'Counting…' : `${matches.total} student${matches.total === 1 ? '' : 's'} match`}
            </Typography>
            <Button variant="outlined" size="small" onClick={addAllShown} disabled={adding || !matches?.total}>
              Add all shown
            </Button>
            {addedNote && (
              <Typography variant="body2" color="text.secondary">
                {addedNote}
              </Typography>
            )}
          </Stack>
          {matches && matches.rows.length > 0 && (
            <Table size="small" aria-label="Matching students" sx={{ mt: 1 }}>
              <TableBody>
                {matches.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{row.fullname}</TableCell>
                    <TableCell>{row.username}</TableCell>
                    <TableCell>{[row.batch, row.semester].filter(Boolean).join(' · ')}</TableCell>
                    <TableCell align="right">
                      <Button size="small" disabled={ids.includes(row.id)} onClick={() => add([row])} aria-label={`Add ${row.fullname}`}>
                        {ids.includes(row.id) ? 'In the group' : 'Add'}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {matches && matches.total > matches.rows.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The first {matches.rows.length} are listed; "Add all shown" adds all {matches.total}.
            </Typography>
          )}
        </Box>
      )}

      <TextField size="small" label="Find a member" value={nameFilter} onChange={(event) => setNameFilter(event.target.value)} sx={{ maxWidth: 320 }} />
      <Table size="small" aria-label="Students in the group">
        <TableHead>
          <TableRow>
            <TableCell>Full name</TableCell>
            <TableCell>Username</TableCell>
            <TableCell>Batch · semester</TableCell>
            {editable && <TableCell align="right">Remove</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {pageRows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.fullname}</TableCell>
              <TableCell>{row.username}</TableCell>
              <TableCell>{[row.batch, row.semester].filter(Boolean).join(' · ')}</TableCell>
              {editable && (
                <TableCell align="right">
                  <IconButton size="small" aria-label={`Remove ${row.fullname}`} onClick={() => remove(row.id)}>
                    <RemoveCircleOutlineIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {members.length > MEMBER_TABLE_PAGE && (
        <TablePagination
          component="div"
          count={members.length}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={MEMBER_TABLE_PAGE}
          rowsPerPageOptions={[MEMBER_TABLE_PAGE]}
        />
      )}
    </FormControl>
  );
}
