import type { ReactNode } from 'react';
import { useListContext } from 'react-admin';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import { SearchField } from '../filters/SearchField';

/** Is the list narrowed: by its remembered filter (how many parts of it are set) or by the free-text search? */
export function useListFiltered(rememberedCount: number): boolean {
  const { filterValues } = useListContext();
  return rememberedCount > 0 || Boolean(filterValues.q);
}

/** Changes part of a remembered filter and goes back to the list's first page. */
export function useFilterChange<F>(change: (patch: Partial<F>) => void): (patch: Partial<F>) => void {
  const { setPage } = useListContext();
  return (patch) => {
    change(patch);
    setPage(1);
  };
}

interface ListFilterBarProps {
  /** The bar's accessible name. */
  label: string;
  searchId: string;
  searchLabel: string;
  /** How many parts of the remembered filter are set: the clear button shows when any are, or a search is. */
  rememberedCount: number;
  clearLabel: string;
  /** Puts the remembered filter back to its defaults; the search is cleared here. */
  onClear: () => void;
  /** The list's own filters, between the search and the clear button. */
  children: ReactNode;
}

/** A list's filter bar: the free-text search, the list's own filters and a button that clears them all. */
export function ListFilterBar({ label, searchId, searchLabel, rememberedCount, clearLabel, onClear, children }: ListFilterBarProps) {
  const { setPage, filterValues, setFilters, displayedFilters } = useListContext();
  const filtered = useListFiltered(rememberedCount);

  return (
    <Stack
      direction="row"
      role="search"
      aria-label={label}
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <SearchField id={searchId} label={searchLabel} width={240} />
      {children}
      {filtered && (
        <Button
          startIcon={<FilterAltOffOutlinedIcon />}
          onClick={() => {
            onClear();
            const { q: _q, ...rest } = filterValues;
            setFilters(rest, displayedFilters);
            setPage(1);
          }}
        >
          {clearLabel}
        </Button>
      )}
    </Stack>
  );
}
