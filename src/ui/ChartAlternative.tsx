import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

type Cell = string | number | null;

interface ChartAlternativeProps {
  /** What the chart shows ("Users by role"): the name of the chart and of its table. */
  label: string;
  /** The kind of chart, as a listener hears it first ("Bar chart"). */
  kind?: 'Bar chart' | 'Line chart';
  /** The chart's numbers (first column: the names along the axis), unless a table beside the chart already lists them (`tableBeside`). */
  table?: { columns: readonly string[]; rows: readonly (readonly Cell[])[] };
  /** A table right below the chart lists the same numbers already. */
  tableBeside?: boolean;
  children: ReactNode;
}

/** Out of sight, still read by screen readers (the usual clip pattern). */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

const cellText = (value: Cell) => (value === null ? '—' : String(value));

/**
 * Every chart's text alternative (WCAG 1.1.1). The chart is one image for assistive technology,
 * named by what it shows and where its numbers are; the numbers themselves are a table: the one
 * beside the chart, or the chart's own here, which screen readers always read and anyone can show
 * with "Show as table" (it is visually hidden until then).
 */
export function ChartAlternative({ label, kind = 'Bar chart', table, tableBeside = false, children }: ChartAlternativeProps) {
  const [shown, setShown] = useState(false);
  const tableId = useId();
  const where = tableBeside ? 'The table below lists the same numbers.' : `The table "${label}" that follows lists the same numbers.`;
  return (
    <Box sx={{ width: '100%' }}>
      <Box role="img" aria-label={`${kind}, ${label}. ${where}`} sx={{ width: '100%' }}>
        {children}
      </Box>
      {table && !tableBeside && (
        <>
          <Button size="small" aria-expanded={shown} aria-controls={tableId} onClick={() => setShown((s) => !s)}>
            {shown ? 'Hide table' : 'Show as table'}
          </Button>
          <Box id={tableId} sx={shown ? { mt: 1, overflowX: 'auto' } : visuallyHidden}>
            <Table size="small" aria-label={label}>
              <TableHead>
                <TableRow>
                  {table.columns.map((column, index) => (
                    <TableCell key={column} component="th" scope="col" align={index ? 'right' : 'left'}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {table.rows.map((row) => (
                  <TableRow key={String(row[0])}>
                    {row.map((value, index) => (
                      <TableCell key={index} component={index ? 'td' : 'th'} scope={index ? undefined : 'row'} align={index ? 'right' : 'left'}>
                        {cellText(value)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}
