import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';

interface MultiSelectFilterProps<T extends string> {
  id: string;
  label: string;
  choices: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  width?: number;
}

/** A compact multiple choice for a filter bar: checkboxes in the menu, the picks (or their count) in the field. */
export function MultiSelectFilter<T extends string>({ id, label, choices, value, onChange, width = 170 }: MultiSelectFilterProps<T>) {
  const labelId = `${id}-label`;
  const labelOf = (v: T) => choices.find((c) => c.value === v)?.label ?? v;
  return (
    <FormControl size="small" variant="filled" sx={{ width }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<T[]>
        id={id}
        labelId={labelId}
        multiple
        value={[...value]}
        onChange={(event) => {
          const next = event.target.value;
          onChange((typeof next === 'string' ? next.split(',') : next) as T[]);
        }}
        renderValue={(selected) => (selected.length <= 1 ? selected.map(labelOf).join(', ') : `${selected.length} selected`)}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 320 } } } }}
      >
        {choices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value} dense>
            <Checkbox checked={value.includes(choice.value)} size="small" sx={{ py: 0 }} />
            <ListItemText primary={choice.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
