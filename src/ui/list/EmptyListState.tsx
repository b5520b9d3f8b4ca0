import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { useListContext } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import { useListFiltered } from './ListFilterBar';

interface EmptyText {
  title: string;
  hint: string;
}

interface EmptyListStateProps {
  icon: ComponentType<SvgIconProps>;
  /** How many parts of the remembered filter are set. */
  rememberedCount: number;
  /** What to say when filters or a search hide every row. */
  filtered: EmptyText;
  /** What to say when there is nothing at all. */
  empty: EmptyText;
  clearLabel: string;
  /** Puts the remembered filter back to its defaults; the search is cleared here. */
  onClear: () => void;
  createTo: string;
  createLabel: string;
}

/**
 * A list without rows: when it is filtered, says so and offers to clear the filters; otherwise
 * invites the first record.
 */
export function EmptyListState({ icon: Icon, rememberedCount, filtered, empty, clearLabel, onClear, createTo, createLabel }: EmptyListStateProps) {
  const { setFilters } = useListContext();
  const isFiltered = useListFiltered(rememberedCount);
  const text = isFiltered ? filtered : empty;
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 460 }}>
      <Icon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
      <Typography variant="h6" component="p" gutterBottom>
        {text.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text.hint}
      </Typography>
      {isFiltered ? (
        <Button
          variant="outlined"
          startIcon={<FilterAltOffOutlinedIcon />}
          onClick={() => {
            onClear();
            setFilters({}, {});
          }}
        >
          {clearLabel}
        </Button>
      ) : (
        <Button variant="contained" component={RouterLink} to={createTo} startIcon={<AddIcon />}>
          {createLabel}
        </Button>
      )}
    </Box>
  );
}
