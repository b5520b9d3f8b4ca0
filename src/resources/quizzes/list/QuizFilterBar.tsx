import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SubjectRecord } from '../../../schemas/subjects';
import { ListFilterBar, useFilterChange } from '../../../ui/list/ListFilterBar';
import { useRememberedSubjects } from '../../memory/useRememberedLists';
import { DateRangeFilter } from '../../../ui/filters/DateRangeFilter';
import { ANY_CREATOR, changedQuizFilters, useQuizFilter } from '../quizFilter';

type Subject = SubjectRecord & { id: number };

/** The quiz list's filters: the quizFilter (subjects, creator, dates; remembered for the session) plus a name search. */
export function QuizFilterBar() {
  const { filter, change, reset } = useQuizFilter();
  const set = useFilterChange(change);
  const subjects = useRememberedSubjects();
  const all = subjects.data as Subject[];
  const selected = filter.subjectIds.map((id) => all.find((s) => s.id === id) ?? ({ id, subjectname: `#${id}`, code: '', semester: '' } as Subject));

  return (
    <ListFilterBar
      label="Filter quizzes"
      searchId="quiz-search"
      searchLabel="Search quiz names"
      rememberedCount={changedQuizFilters(filter)}
      clearLabel="Reset filters"
      onClear={reset}
    >
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
    </ListFilterBar>
  );
}
