import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import type { RaRecord } from 'react-admin';
import { entityOf, type FieldMeta, type ReferenceMeta } from '../../../schemas';
import { useRememberedChoices } from '../../memory/useRememberedLists';
import { useReferenceChoices } from './useReferenceChoices';
import { inSentence } from '../inSentence';

export interface ReferenceSelectProps {
  id: string;
  label: string;
  reference: ReferenceMeta;
  multiple?: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  autoFocus?: boolean;
  /** Shown under the field when there is nothing to choose from. */
  emptyText?: string;
}

/**
 * A second line for each option, so that two students of the same name can be told apart: the
 * referenced entity's first plain list column after the display field (a student's username,
 * a subject's code).
 */
export function secondaryFieldOf(reference: ReferenceMeta): string | undefined {
  const fields = (entityOf(reference.resource)?.fields ?? {}) as Record<string, FieldMeta | undefined>;
  return Object.entries(fields).find(
    ([name, meta]) => name !== reference.display && meta?.list && !meta.reference && !meta.choices && !meta.widget,
  )?.[0];
}

const isId = (value: unknown): boolean => value !== undefined && value !== null && value !== '';
const idsOf = (value: unknown): unknown[] => (Array.isArray(value) ? value.filter(isId) : isId(value) ? [value] : []);

/**
 * A searchable select of referenced records: one record, or several shown as chips. The value
 * is the id (or the list of ids); the label is the reference's display field.
 */
export function ReferenceSelect(props: ReferenceSelectProps) {
  const { id, label, reference, multiple = false, value, onChange, onBlur, required, disabled, readOnly, error, autoFocus } = props;
  const [search, setSearch] = useState('');
  const ids = idsOf(value);
  const { options, selected, isLoading, complete } = useReferenceChoices(reference, search, ids);
  const labelOf = (record: RaRecord) => String(record[reference.display] ?? `#${String(record.id)}`);
  const emptyText = props.emptyText ?? `No ${inSentence(label)} to choose from yet`;
  const secondary = secondaryFieldOf(reference);

  return (
    <Autocomplete<RaRecord, boolean>
      id={id}
      multiple={multiple}
      options={options}
      value={multiple ? selected : (selected[0] ?? null)}
      onChange={(_event, chosen) => {
        if (Array.isArray(chosen)) onChange(chosen.map((record) => record.id));
        else onChange(chosen ? chosen.id : undefined);
      }}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') setSearch(text);
        if (reason === 'reset' && multiple) setSearch('');
      }}
      onBlur={onBlur}
      getOptionLabel={labelOf}
      renderOption={({ key, ...optionProps }, option) => (
        <li key={key} {...optionProps}>
          <span>
            {labelOf(option)}
            {secondary && option[secondary] !== undefined && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {String(option[secondary])}
              </Typography>
            )}
          </span>
        </li>
      )}
      isOptionEqualToValue={(option, chosen) => String(option.id) === String(chosen.id)}
      filterOptions={complete ? undefined : (all) => all}
      filterSelectedOptions={multiple}
      loading={isLoading}
      noOptionsText={search ? 'No matches' : emptyText}
      disabled={disabled}
      readOnly={readOnly}
      disableCloseOnSelect={multiple}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          autoFocus={autoFocus}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {isLoading ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
            htmlInput: params.inputProps,
            inputLabel: params.InputLabelProps,
          }}
        />
      )}
    />
  );
}

/** The RJSF widget of every reference field (options.reference comes from the form model). */
export function ReferenceWidget(props: WidgetProps) {
  const { id, label, value, onChange, onBlur, required, disabled, readonly, rawErrors, autofocus, multiple, options } = props;
  const reference = options.reference as ReferenceMeta;
  const { rememberSubject, rememberGroup } = useRememberedChoices();
  const many = multiple === true || reference.many === true;

  return (
    <ReferenceSelect
      id={id}
      label={label}
      reference={reference}
      multiple={many}
      value={value}
      onChange={(next) => {
        // The last subject or group picked is offered first by the next form (remembered for the session).
        if (!many && reference.resource === 'subjects') rememberSubject(typeof next === 'number' ? next : null);
        if (!many && reference.resource === 'groups') rememberGroup(typeof next === 'number' ? next : null);
        onChange(many ? (next as unknown[]) : next);
      }}
      onBlur={() => onBlur(id, value)}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      error={(rawErrors?.length ?? 0) > 0}
      autoFocus={autofocus}
    />
  );
}
