import { useListContext } from 'react-admin';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import type { SubjectRecord } from '../../../schemas/subjects';
import type { QuizFilter } from '../../memory/rememberedFilters';
import { useRememberedSubjects } from '../../memory/useRememberedLists';
import { DateRangeFilter } from '../../questions/common/DateRangeFilter';
import { SearchField } from '../../questions/common/SearchField';
import { ANY_CREATOR, changedQuizFilters, useQuizFilter } from '../quizFilter';

type Subject = SubjectRecord & { id: number };

/** The quiz list's filters: SPEC.md's quizFilter (remembered for the session) plus a name search. */
export function QuizFilterBar() {
  const { filter, change, reset } = useQuizFilter();
  const { setPage, filterValues, setFilters, displayedFilters } = useListContext();
  const subjects = useRememberedSubjects();
  const all = subjects.data as Subject[];
  const selected = filter.subjectIds.map((id) => all.find((s) => s.id === id) ?? ({ id, subjectname: `#${id}`, code: '', semester: '' } as Subject));
  const changed = changedQuizFilters(filter) + (filterValues.q ? 1 : 0);

  const set = (patch: Partial<QuizFilter>) => {
    change(patch);
    setPage(1);
  };

  return (
    <Stack
      direction="row"
      role="search"
      aria-label="Filter quizzes"
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <SearchField id="quiz-search" label="Search quiz names" width={240} />
      <Autocomplete<Subject, true>
        multiple
        id="quiz-filter-subjects"
        size="small"
        limitTags={1}
        options={all}
        value={selected}
        onChange={(_event, chosen) => set({ subjectIds: chosen.map((s) => s.id) })}
        getOptionLabel={(option) => option.subjectname}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        loading={subjects.isLoading}
        noOptionsText="No subjects"
        disableCloseOnSelect
        sx={{ width: 280 }}
        renderInput={(params) => <TextField {...params} label="Subjects" />}
      />
      <TextField
        id="quiz-filter-created-by"
        select
        size="small"
        label="Created by"
        value={filter.createdBy}
        onChange={(event) => set({ createdBy: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: 140 }}
      >
        <MenuItem value="ME">Me</MenuItem>
        <MenuItem value={ANY_CREATOR}>Anyone</MenuItem>
      </TextField>
      <DateRangeFilter
        idPrefix="quiz-filter-opens"
        fromLabel="Opens from"
        toLabel="Opens to"
        startDate={filter.startDate}
        endDate={filter.endDate}
        onChange={(range) => set(range)}
      />
      {changed > 0 && (
        <Button
          startIcon={<FilterAltOffOutlinedIcon />}
          onClick={() => {
            reset();
            const { q: _q, ...rest } = filterValues;
            setFilters(rest, displayedFilters);
            setPage(1);
          }}
        >
          Reset filters
        </Button>
      )}
    </Stack>
  );
}
