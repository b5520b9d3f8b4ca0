import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { questionEntity, type Difficulty, type QuestionType } from '../../../schemas/questions';
import { MEASURED_FILTERS, MEASURED_FILTER_LABELS, type MeasuredFilter } from '../../../schemas/measured';
import { declaredFilterLabel } from '../../generator/listModel';
import type { ModuleRecord } from '../../../schemas/modules';
import { ListFilterBar, useFilterChange } from '../../../ui/list/ListFilterBar';
import { DIFFICULTY_CHOICES, QUESTION_TYPE_CHOICES } from '../questionChoices';
import { useRememberedSubjects } from '../../memory/useRememberedLists';
import { DateRangeFilter } from '../../../ui/filters/DateRangeFilter';
import { MultiSelectFilter } from '../../../ui/filters/MultiSelectFilter';
import { activeQuestionFilters, useQuestionFilter } from './questionFilter';

/** The filters the question declaration names, with its labels. */
const FILTER_LABEL = {
  type: declaredFilterLabel(questionEntity, 'type'),
  difficulty: declaredFilterLabel(questionEntity, 'difficulty'),
  marks: declaredFilterLabel(questionEntity, 'marks'),
};

interface ModuleChoice {
  id: number;
  label: string;
  subject: string;
}

/** The department's modules, grouped by subject for the filter. */
function useModuleChoices(): { choices: ModuleChoice[]; isLoading: boolean } {
  const subjects = useRememberedSubjects();
  const { data, isPending } = useGetList<ModuleRecord & { id: number }>('modules', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'course_outcome_name', order: 'ASC' },
  });
  const choices = useMemo(() => {
    const names = new Map(subjects.data.map((s) => [(s as { id: number }).id, s.subjectname]));
    return (data ?? [])
      .map((m) => ({ id: m.id, label: m.course_outcome_name, subject: names.get(m.subject_id) ?? `Subject #${m.subject_id}` }))
      .sort((a, b) => a.subject.localeCompare(b.subject) || a.label.localeCompare(b.label));
  }, [data, subjects.data]);
  return { choices, isLoading: isPending };
}

/**
 * The question bank's filters: the questionFilter (remembered for the session, so it is
 * still set when the teacher comes back from the editor) plus the free-text search.
 */
export function QuestionFilterBar() {
  const { filter, change, clear } = useQuestionFilter();
  const set = useFilterChange(change);
  const modules = useModuleChoices();
  const selectedModules = filter.moduleIds.map(
    (id) => modules.choices.find((choice) => choice.id === id) ?? { id, label: `#${id}`, subject: '' },
  );

  return (
    <ListFilterBar
      label="Filter questions"
      searchId="question-search"
      searchLabel="Search question text"
      rememberedCount={activeQuestionFilters(filter)}
      clearLabel="Clear filters"
      onClear={clear}
    >
      <Autocomplete<ModuleChoice, true>
        multiple
        id="question-filter-modules"
        size="small"
        limitTags={1}
        options={modules.choices}
        groupBy={(option) => option.subject}
        value={selectedModules}
        onChange={(_event, chosen) => set({ moduleIds: chosen.map((c) => c.id) })}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        loading={modules.isLoading}
        noOptionsText="No modules"
        disableCloseOnSelect
        sx={{ width: 260 }}
        renderInput={(params) => <TextField {...params} label="Modules" />}
      />
      <MultiSelectFilter<QuestionType>
        id="question-filter-type"
        label={FILTER_LABEL.type}
        choices={QUESTION_TYPE_CHOICES}
        value={filter.type}
        onChange={(type) => set({ type })}
      />
      <MultiSelectFilter<Difficulty>
        id="question-filter-difficulty"
        label={FILTER_LABEL.difficulty}
        choices={DIFFICULTY_CHOICES}
        value={filter.difficulty}
        onChange={(difficulty) => set({ difficulty })}
        width={150}
      />
      <TextField
        id="question-filter-measured"
        select
        size="small"
        label="Measured"
        value={filter.measured ?? ''}
        onChange={(event) => set({ measured: event.target.value === '' ? null : (event.target.value as MeasuredFilter) })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: 170 }}
      >
        <MenuItem value="">Any</MenuItem>
        {MEASURED_FILTERS.map((value) => (
          <MenuItem key={value} value={value}>
            {MEASURED_FILTER_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="question-filter-created-by"
        select
        size="small"
        label="Created by"
        value={filter.createdBy ?? ''}
        onChange={(event) => set({ createdBy: event.target.value === '' ? null : event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: 140 }}
      >
        <MenuItem value="">Anyone</MenuItem>
        <MenuItem value="ME">Me</MenuItem>
      </TextField>
      <TextField
        id="question-filter-marks"
        size="small"
        label={FILTER_LABEL.marks}
        type="number"
        value={filter.marks ?? ''}
        onChange={(event) => {
          const text = event.target.value.trim();
          const marks = text === '' ? null : Number(text);
          set({ marks: marks !== null && Number.isFinite(marks) ? marks : null });
        }}
        slotProps={{ htmlInput: { min: 0, step: 'any' } }}
        sx={{ width: 100 }}
      />
      <DateRangeFilter
        idPrefix="question-filter-created"
        fromLabel="Created from"
        toLabel="Created to"
        startDate={filter.startDate}
        endDate={filter.endDate}
        onChange={(range) => set(range)}
      />
    </ListFilterBar>
  );
}
