import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

export interface IdChoice {
  id: number;
  label: string;
}

interface IdAutocompleteProps {
  id: string;
  label: string;
  choices: readonly IdChoice[];
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  loading?: boolean;
  disabled?: boolean;
  noOptionsText?: string;
  placeholder?: string;
}

/**
 * A labelled, searchable select of records by id. A value that is not (yet) among the choices,
 * e.g. while they load, shows as '#id' instead of vanishing.
 */
export function IdAutocomplete({
  id,
  label,
  choices,
  value,
  onChange,
  error,
  helperText,
  required,
  loading,
  disabled,
  noOptionsText,
  placeholder,
}: IdAutocompleteProps) {
  const selected = value === null ? null : (choices.find((choice) => choice.id === value) ?? { id: value, label: loading ? '' : `#${value}` });
  return (
    <Autocomplete<IdChoice>
      id={id}
      options={choices as IdChoice[]}
      value={selected}
      onChange={(_event, chosen) => onChange(chosen?.id ?? null)}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={loading}
      disabled={disabled}
      noOptionsText={noOptionsText}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          placeholder={placeholder}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
