import { useId } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { marksAxis, namesXAxis } from '../../ui/charts';
import type { Breakdown } from '../api/types';

const GAINED = '#1565c0';
const AVAILABLE = '#9e9e9e';

/**
 * Marks gained against marks available per group (module or difficulty): a bar chart, named
 * for assistive technology as one image, and the same numbers in a table below it (the
 * accessible equivalent, and handy for everyone). `labelOf` writes a group's name the same way
 * in the chart and the table.
 */
export function BreakdownChart({
  title,
  groupLabel,
  data,
  labelOf = (name) => name,
}: {
  title: string;
  groupLabel: string;
  data: readonly Breakdown[];
  labelOf?: (name: string) => string;
}) {
  const captionId = useId();
  const summary = data.map((d) => `${labelOf(d.name)}: ${d.marks} of ${d.maxMarks} marks`).join('; ');
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0 }}>
      <Typography id={captionId} component="figcaption" variant="h6" gutterBottom>
        {title}
      </Typography>
      <Box role="img" aria-label={`Bar chart, ${title}. ${summary}. The table below lists the same numbers.`} sx={{ width: '100%' }}>
        <BarChart
          height={260}
          xAxis={[namesXAxis(data.map((d) => labelOf(d.name)))]}
          yAxis={[marksAxis('Marks')]}
          series={[
            { data: data.map((d) => d.marks), label: 'Marks gained', color: GAINED },
            { data: data.map((d) => d.maxMarks), label: 'Marks available', color: AVAILABLE },
          ]}
        />
      </Box>
      <Table size="small" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">{groupLabel}</TableCell>
            <TableCell component="th" scope="col" align="right">Questions</TableCell>
            <TableCell component="th" scope="col" align="right">Correct</TableCell>
            <TableCell component="th" scope="col" align="right">Marks gained</TableCell>
            <TableCell component="th" scope="col" align="right">Marks available</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((row) => (
            <TableRow key={row.name}>
              <TableCell component="th" scope="row">
                {labelOf(row.name)}
              </TableCell>
              <TableCell align="right">{row.questions}</TableCell>
              <TableCell align="right">{row.correct}</TableCell>
              <TableCell align="right">{row.marks}</TableCell>
              <TableCell align="right">{row.maxMarks}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
