import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useGetOne } from 'react-admin';
import type { ModuleRecord, SubjectRecord } from '../../schemas';
import { usePreselectOnlySubject, useRememberedChoices, useRememberedModules, useRememberedSubjects } from '../memory/useRememberedLists';

/**
 * A topic's module, picked in two steps: the subject, then one of its modules. Both lists come
 * from the remembered subjects and modules (kept for the session), and the subject and module
 * chosen last are offered again by the next topic. Only the module is the field's value.
 */
export function ModuleBySubjectWidget(props: WidgetProps) {
  const { id, label, value, onChange, onBlur, required, disabled, readonly, rawErrors, autofocus } = props;
  const choices = useRememberedChoices();
  const moduleId = typeof value === 'number' ? value : undefined;
  // Editing: the module's own subject; adding: the subject chosen last.
  const current = useGetOne<ModuleRecord & { id: number }>('modules', { id: moduleId! }, { enabled: moduleId !== undefined });
  const [subjectId, setSubjectId] = useState<number | null>(moduleId === undefined ? choices.subjectId : null);
  useEffect(() => {
    if (current.data && subjectId === null) setSubjectId(current.data.subject_id);
  }, [current.data, subjectId]);

  const subjects = useRememberedSubjects();
  const chooseSubject = (next: number | null) => {
    setSubjectId(next);
    choices.rememberSubject(next);
  };
  // Editing starts from the module's own subject: nothing to preselect then.
  usePreselectOnlySubject(subjects, moduleId === undefined ? subjectId : moduleId, chooseSubject);
  const modules = useRememberedModules(subjectId);
  const subject = subjects.data.find((candidate) => candidate.id === subjectId) ?? null;
  const module =
    modules.data.find((candidate) => candidate.id === moduleId) ??
    (current.data && current.data.id === moduleId ? current.data : null);
  const error = (rawErrors?.length ?? 0) > 0;

  return (
    // One above the other: the field's message (the form writes it below the widget) then sits
    // under the module it names, not under the subject beside it.
    <Stack spacing={2}>
      <Autocomplete<SubjectRecord & { id: number }>
        id={`${id}-subject`}
        options={subjects.data as (SubjectRecord & { id: number })[]}
        value={subject as (SubjectRecord & { id: number }) | null}
        onChange={(_event, chosen) => {
          const next = chosen?.id ?? null;
          chooseSubject(next);
          if (next !== subjectId) onChange(undefined);
        }}
        getOptionLabel={(option) => option.subjectname}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        loading={subjects.isLoading}
        noOptionsText="No subjects"
        disabled={disabled}
        readOnly={readonly}
        fullWidth
        renderInput={(params) => <TextField {...params} label="Subject" autoFocus={autofocus} />}
      />
      <Autocomplete<ModuleRecord & { id: number }>
        id={id}
        options={modules.data as (ModuleRecord & { id: number })[]}
        value={module as (ModuleRecord & { id: number }) | null}
        onChange={(_event, chosen) => {
          choices.rememberModule(chosen?.id ?? null);
          onChange(chosen?.id);
        }}
        onBlur={() => onBlur(id, value)}
        getOptionLabel={(option) => option.course_outcome_name}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        loading={modules.isLoading}
        noOptionsText={subjectId === null ? 'Choose a subject first' : 'This subject has no modules yet'}
        disabled={disabled}
        readOnly={readonly}
        fullWidth
        renderInput={(params) => <TextField {...params} label={label} required={required} error={error} />}
      />
    </Stack>
  );
}
