import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Pagination, TopToolbar } from 'react-admin';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';

const ROWS_PER_PAGE = [10, 25, 50, 100];

/** The lists' pagination, with the same page sizes everywhere. */
export function ListPagination() {
  return <Pagination rowsPerPageOptions={ROWS_PER_PAGE} />;
}

interface ListToolbarProps {
  createTo: string;
  createLabel: string;
  /** Further actions, before the create button. */
  children?: ReactNode;
}

/** A list's actions above the table, ending with its create button. */
export function ListToolbar({ createTo, createLabel, children }: ListToolbarProps) {
  return (
    <TopToolbar>
      {children}
      <Button size="small" variant="contained" component={RouterLink} to={createTo} startIcon={<AddIcon />}>
        {createLabel}
      </Button>
    </TopToolbar>
  );
}
