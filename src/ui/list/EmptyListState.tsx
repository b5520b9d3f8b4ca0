import type { ComponentType, ReactNode } from 'react';
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
  /** What to say when there is nothing at all. */
  empty: EmptyText;
  /** The invitation to add the first record: a link to `createTo`, or a button of the list's own; none where the user may not add. */
  createTo?: string;
  createLabel?: string;
  create?: ReactNode;
  /** How many parts of the remembered filter are set (a list with a remembered filter). */
  rememberedCount?: number;
  /** What to say when filters or a search hide every row; without it the list never says it is filtered. */
  filtered?: EmptyText;
  clearLabel?: string;
  /** Puts the remembered filter back to its defaults; the search is cleared here. */
  onClear?: () => void;
}

/**
 * A list without rows: when it is filtered, says so and offers to clear the filters; otherwise
 * invites the first record where the user may add one.
 */
export function EmptyListState({
  icon: Icon,
  empty,
  createTo,
  createLabel,
  create,
  rememberedCount = 0,
  filtered,
  clearLabel,
  onClear,
}: EmptyListStateProps) {
  const { setFilters } = useListContext();
  const filteredText = useListFiltered(rememberedCount) ? filtered : undefined;
  const text = filteredText ?? empty;
  const createButton =
    create ??
    (createTo ? (
      <Button variant="contained" component={RouterLink} to={createTo} startIcon={<AddIcon />}>
        {createLabel}
      </Button>
    ) : null);
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 460 }}>
      <Icon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
      <Typography variant="h6" component="p" gutterBottom>
        {text.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text.hint}
      </Typography>
      {filteredText ? (
        <Button
          variant="outlined"
          startIcon={<FilterAltOffOutlinedIcon />}
          onClick={() => {
            onClear?.();
            setFilters({}, {});
          }}
        >
          {clearLabel}
        </Button>
      ) : (
        createButton
      )}
    </Box>
  );
}
