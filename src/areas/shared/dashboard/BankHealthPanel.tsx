import { useEffect, useState } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { read, send } from '../../../api/httpClient';
import { countAxis, namesXAxis } from '../../../ui/charts';
import { dateTimeText, Panel } from './DashboardParts';
import { calibratedCount, personItemMap, type SubjectCalibrationView } from './bankHealth';

const logitText = (n: number) => `${n < 0 ? '−' : n > 0 ? '+' : ''}${Math.abs(n).toFixed(2)}`;

/**
 * A subject's bank health (issue 27): how many of its questions are calibrated, "Recalibrate now",
 * and the person–item map (calibrated questions' difficulties against the students' abilities, in
 * 0.5-logit bins), drawn as a bar chart with the same figures in a table beside it.
 */
export function BankHealthPanel({ subjects }: { subjects: { subjectId: number; name: string }[] }) {
  const [subjectId, setSubjectId] = useState(subjects[0]?.subjectId);
  const [data, setData] = useState<SubjectCalibrationView>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (subjectId === undefined) return;
    let live = true;
    setData(undefined);
    void read<SubjectCalibrationView>(`/subjects/${subjectId}/calibration`, { toast: false }).then((result) => {
      if (live && result.success && result.data) setData(result.data);
    });
    return () => {
      live = false;
    };
  }, [subjectId]);
  if (!subjects.length) return null;

  const recalibrate = async () => {
    setBusy(true);
    try {
      const result = await send<SubjectCalibrationView>(`/subjects/${subjectId}/calibration`, {}, { method: 'POST' });
      if (result.success && result.data) setData(result.data);
    } finally {
      setBusy(false);
    }
  };
  const map = data ? personItemMap(data) : [];
  const count = data ? calibratedCount(data) : undefined;
  return (
    <Panel title="Question bank health">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField select size="small" label="Subject" value={subjectId ?? ''} onChange={(e) => setSubjectId(Number(e.target.value))} sx={{ minWidth: 240 }} id="bank-health-subject">
          {subjects.map((s) => (
            <MenuItem key={s.subjectId} value={s.subjectId}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={recalibrate} disabled={busy || subjectId === undefined}>
          {busy ? 'Recalibrating…' : 'Recalibrate now'}
        </Button>
      </Stack>
      {data && count && (
        <Typography role="status" sx={{ mb: 1 }}>
          {count.calibrated} of {count.total} questions calibrated (at least {data.minResponses} answers each)
          {data.calibratedAt ? `, last calibrated ${dateTimeText(data.calibratedAt)}` : ', never calibrated yet'}.
          {data.persons.count > 0 && ` Students' abilities: mean ${logitText(data.persons.mean)} logits, SD ${data.persons.sd.toFixed(2)} (${data.persons.count} attempts).`}
        </Typography>
      )}
      {map.length > 0 && (
        <>
          <BarChart
            height={240}
            xAxis={[namesXAxis(map.map((r) => logitText(r.logit)), 'Logits (easier / less able left, harder / abler right)')]}
            yAxis={[countAxis('Count')]}
            series={[
              { data: map.map((r) => r.questions), label: 'Questions' },
              { data: map.map((r) => r.students), label: 'Students' },
            ]}
            aria-label="Person–item map: questions' difficulties and students' abilities by logit"
          />
          <Table size="small" aria-label="Person–item map">
            <TableHead>
              <TableRow>
                <TableCell>Logits (bin centre)</TableCell>
                <TableCell align="right">Questions</TableCell>
                <TableCell align="right">Students</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {map.map((r) => (
                <TableRow key={r.logit}>
                  <TableCell>{logitText(r.logit)}</TableCell>
                  <TableCell align="right">{r.questions}</TableCell>
                  <TableCell align="right">{r.students}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Panel>
  );
}
