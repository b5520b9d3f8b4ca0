import { useId } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Breakdown } from '../api/types';

const GAINED = '#1565c0';
const AVAILABLE = '#9e9e9e';

/**
 * Marks gained against marks available per group (module or difficulty): a bar chart, named
 * for assistive technology as one image, and the same numbers in a table below it (the
 * accessible equivalent, and handy for everyone).
 */
export function BreakdownChart({ title, groupLabel, data }: { title: string; groupLabel: string; data: readonly Breakdown[] }) {
  const captionId = useId();
  const summary = data.map((d) => `${d.name}: ${d.marks} of ${d.maxMarks} marks`).join('; ');
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0 }}>
      <Typography id={captionId} component="figcaption" variant="h6" gutterBottom>
        {title}
      </Typography>
      <Box role="img" aria-label={`Bar chart, ${title}. ${summary}. The table below lists the same numbers.`} sx={{ width: '100%', height: 260 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[...data]} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" tick={{ fill: '#424242', fontSize: 12 }} />
            <YAxis allowDecimals tick={{ fill: '#424242', fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Bar dataKey="marks" name="Marks gained" fill={GAINED} />
            <Bar dataKey="maxMarks" name="Marks available" fill={AVAILABLE} />
          </BarChart>
        </ResponsiveContainer>
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
              <TableCell component="th" scope="row" sx={{ textTransform: groupLabel === 'Difficulty' ? 'capitalize' : undefined }}>
                {row.name}
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
