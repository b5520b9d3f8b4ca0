import { useEffect, useState } from 'react';
import { LineChart } from '@mui/x-charts/LineChart';
import { ChartAlternative } from '../../../ui/ChartAlternative';
import { LINE_SERIES, namesXAxis, percentAxis } from '../../../ui/charts';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { read } from '../../../api/httpClient';
import type { SubjectAttainmentData } from '../../../shell/dashboard/dashboardTypes';
import { AwaitingGradingNote, Panel, percentText } from './DashboardParts';
import { MARKS_EARNED_LABEL } from '../../../schemas/figures';
import { FigureName } from '../../../ui/FigureName';

const trendText = (t: number | null) => (t === null ? '—' : `${t > 0 ? '▲ +' : t < 0 ? '▼ ' : ''}${Math.round(t * 10) / 10} points`);

/** A subject's course-outcome attainment per module across the teacher's quizzes, with the trend. */
export function SubjectAttainmentPanel({ subjects }: { subjects: { subjectId: number; name: string }[] }) {
  const [subjectId, setSubjectId] = useState(subjects[0]?.subjectId);
  const [data, setData] = useState<SubjectAttainmentData>();
  useEffect(() => {
    if (subjectId === undefined) return;
    let live = true;
    void read<SubjectAttainmentData>(`/subjects/${subjectId}/attainment`, { toast: false }).then((result) => {
      if (live && result.success && result.data) setData(result.data);
    });
    return () => {
      live = false;
    };
  }, [subjectId]);
  if (!subjects.length) return null;
  const quizzes = data?.quizzes.filter((q) => q.attempts > 0) ?? [];
  const modules = data?.modules.filter((m) => m.points.length > 0) ?? [];
  const pending = data?.modules.reduce((n, m) => n + m.pending, 0) ?? 0;
  return (
    <Panel title="Course-outcome attainment">
      <TextField select size="small" label="Subject" value={subjectId ?? ''} onChange={(e) => setSubjectId(Number(e.target.value))} sx={{ mb: 2, minWidth: 240 }} id="attainment-subject">
        {subjects.map((s) => (
          <MenuItem key={s.subjectId} value={s.subjectId}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      {data && modules.length === 0 && (
        <Typography color="text.secondary">{pending ? "No graded answer on this subject's quizzes yet." : "No submitted attempt on this subject's quizzes yet."}</Typography>
      )}
      {data && modules.length > 0 && (
        <>
          {quizzes.length > 1 && (
            <ChartAlternative
              label="Attainment by module, quiz by quiz"
              kind="Line chart"
              table={{
                columns: ['Module', ...quizzes.map((q) => q.name)],
                rows: modules.map((m) => [m.name, ...quizzes.map((q) => percentText(m.points.find((p) => p.quizId === q.quizId)?.mean ?? null))]),
              }}
            >
              <LineChart
                height={260}
                xAxis={[namesXAxis(quizzes.map((q) => q.name), undefined, 'point')]}
                yAxis={[percentAxis(MARKS_EARNED_LABEL)]}
                series={modules.map((m) => ({ ...LINE_SERIES, label: m.name, connectNulls: true, data: quizzes.map((q) => m.points.find((p) => p.quizId === q.quizId)?.mean ?? null) }))}
              />
            </ChartAlternative>
          )}
          <Table size="small" aria-label="Attainment by module">
            <TableHead>
              <TableRow>
                <TableCell>Module</TableCell>
                <TableCell align="right">
                  <FigureName />
                </TableCell>
                <TableCell align="right">At the target</TableCell>
                <TableCell align="right">Level</TableCell>
                <TableCell align="right">Trend</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {modules.map((m) => (
                <TableRow key={m.moduleId}>
                  <TableCell>{m.name}</TableCell>
                  <TableCell align="right">{percentText(m.mean)}</TableCell>
                  <TableCell align="right">{percentText(m.reached)}</TableCell>
                  <TableCell align="right">{m.level ?? '—'}</TableCell>
                  <TableCell align="right">{trendText(m.trend)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      <AwaitingGradingNote answers={pending} />
    </Panel>
  );
}
