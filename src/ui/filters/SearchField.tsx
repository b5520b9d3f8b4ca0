import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

const SEARCH_DELAY_MS = 400;

/** The list's free-text search (`q`), sent once typing pauses. */
export function SearchField({ id, label = 'Search', width = 220 }: { id: string; label?: string; width?: number }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(current);
  const latest = useRef({ filterValues, displayedFilters });
  latest.current = { filterValues, displayedFilters };

  // Another change of the list's filters (e.g. 'Clear filters') shows here too.
  useEffect(() => setText(current), [current]);

  useEffect(() => {
    if (text.trim() === current.trim()) return;
    const timer = setTimeout(() => {
      const { filterValues: values, displayedFilters: shown } = latest.current;
      const { q: _q, ...rest } = values;
      setFilters(text.trim() ? { ...rest, q: text.trim() } : rest, shown);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, current, setFilters]);

  return (
    <TextField
      id={id}
      size="small"
      type="search"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ width }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
