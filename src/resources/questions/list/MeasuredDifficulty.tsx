import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBasename, useGetList } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { DIFFICULTY_LABELS } from '../../../schemas/questions';
import {
  MEASURED_EASY_BELOW,
  MEASURED_HARD_ABOVE,
  SCALE_LOGITS,
  measuredFlags,
  measuredLevel,
  measuredSummary,
  scalePosition,
  signedLogits,
  type MeasuredFields,
} from '../../../schemas/measured';
import { QUIZ_SECTION } from '../../quizzes';
import type { QuestionRecord } from '../questionDraft';

const fieldsOf = (record: QuestionRecord): MeasuredFields => ({
  measured_difficulty: record.measured_difficulty ?? null,
  measured_se: record.measured_se ?? null,
  measured_responses: record.measured_responses ?? null,
  measured_status: record.measured_status ?? null,
  measured_outfit: record.measured_outfit ?? null,
  measured_infit: record.measured_infit ?? null,
});

/**
 * The bank's measured difficulty of a row: a short scale from easy (left) to hard (right) with a
 * marker at the question's difficulty (±3 logits at the ends, the cut-offs marked), its level and
 * figure on hover and in its accessible name (shown under the declared level's chip, to keep the
 * table within a 1280 px screen); the words of the other statuses instead of a scale.
 */
export function MeasuredScale({ record }: { record: QuestionRecord }) {
  const fields = fieldsOf(record);
  const summary = measuredSummary(fields);
  if (fields.measured_status !== 'calibrated' || fields.measured_difficulty === null) {
    return (
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 90, lineHeight: 1.2 }}>
        {summary}
      </Typography>
    );
  }
  const d = fields.measured_difficulty;
  const level = DIFFICULTY_LABELS[measuredLevel(d)];
  const label = `Measured ${level}: ${summary}`;
  const at = (logit: number) => `${scalePosition(logit) * 100}%`;
  return (
    <Tooltip title={`Measured ${level}: ${summary}`}>
      <Box role="img" aria-label={label} tabIndex={0} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Box sx={{ position: 'relative', width: 56, height: 8, borderRadius: 4, bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}>
          {[MEASURED_EASY_BELOW, MEASURED_HARD_ABOVE].map((cut) => (
            <Box key={cut} sx={{ position: 'absolute', left: at(cut), top: 0, bottom: 0, width: '1px', bgcolor: 'divider' }} />
          ))}
          <Box
            sx={{ position: 'absolute', left: at(d), top: -3, width: 4, height: 14, ml: '-2px', borderRadius: 1, bgcolor: 'text.primary' }}
          />
        </Box>
      </Box>
    </Tooltip>
  );
}

/** The quizzes whose papers held the question: as a fixed question, or drawn and answered in an attempt (the list filter `question`). */
function useQuizzesWith(record: QuestionRecord, enabled: boolean) {
  return useGetList<{ id: number; name?: string }>(
    'quizzes',
    { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'DESC' }, filter: { question: record.id } },
    { enabled },
  );
}

/**
 * A question's statistics: its calibration figures, what they mean, and the quizzes that used it with
 * a link to each one's analysis page (where the question's own statistics are, anchored at it).
 */
export function QuestionStatisticsDialog({ record, open, onClose }: { record: QuestionRecord; open: boolean; onClose: () => void }) {
  const basename = useBasename();
  const fields = fieldsOf(record);
  const flags = measuredFlags({ ...fields, difficulty: record.difficulty });
  const quizzes = useQuizzesWith(record, open);
  const figure = (n: number | null, digits = 2) => (n === null ? '—' : n.toFixed(digits));
  const rows: [string, string][] = [
    ['Declared difficulty', DIFFICULTY_LABELS[record.difficulty] ?? record.difficulty],
    ['Measured', measuredSummary(fields)],
    ['Difficulty (logits, subject mean 0)', fields.measured_difficulty === null ? '—' : signedLogits(fields.measured_difficulty)],
    ['Standard error', figure(fields.measured_se)],
    ['Responses (first attempts)', fields.measured_responses === null ? '—' : String(fields.measured_responses)],
    ['Outfit mean-square (0.5–1.5 fits)', figure(fields.measured_outfit)],
    ['Infit mean-square', figure(fields.measured_infit)],
  ];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`question-stats-${record.id}`} maxWidth="sm" fullWidth>
      <DialogTitle id={`question-stats-${record.id}`}>Statistics of question {record.id}</DialogTitle>
      <DialogContent>
        {flags.map((flag) => (
          <Typography key={flag.kind} sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }} color="warning.main">
            <FlagOutlinedIcon fontSize="small" aria-hidden /> {flag.message}
          </Typography>
        ))}
        <Table size="small" aria-label="Calibration figures">
          <TableBody>
            {rows.map(([name, value]) => (
              <TableRow key={name}>
                <TableCell component="th" scope="row">
                  {name}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Measured from students' first attempts on the Rasch model: below {signedLogits(MEASURED_EASY_BELOW, 1)} logits
          is easy, above {signedLogits(MEASURED_HARD_ABOVE, 1)} hard (the scale runs from {signedLogits(-SCALE_LOGITS, 0)} to +{SCALE_LOGITS}).
        </Typography>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          Quizzes that used it
        </Typography>
        {quizzes.isPending ? (
          <Typography variant="body2">Loading…</Typography>
        ) : (quizzes.data ?? []).length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No quiz has used this question yet.
          </Typography>
        ) : (
          <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
            {(quizzes.data ?? []).map((quiz) => (
              <li key={quiz.id}>
                <Link component={RouterLink} to={`${basename}/${QUIZ_SECTION}/analysis/${quiz.id}#question-${record.id}`}>
                  {quiz.name ?? `Quiz ${quiz.id}`}
                </Link>
                : statistics of this question
              </li>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A row's flags (icon and words, not colour alone), each opening the question's statistics. */
export function MeasuredFlags({ record }: { record: QuestionRecord }) {
  const [open, setOpen] = useState(false);
  const flags = measuredFlags({ ...fieldsOf(record), difficulty: record.difficulty });
  if (!flags.length) return null;
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      {flags.map((flag) => (
        <Button
          key={flag.kind}
          size="small"
          color="warning"
          startIcon={<FlagOutlinedIcon />}
          onClick={() => setOpen(true)}
          sx={{ textTransform: 'none', textAlign: 'left', justifyContent: 'flex-start', whiteSpace: 'normal', maxWidth: 420, py: 0 }}
        >
          {flag.message}
        </Button>
      ))}
      {open && <QuestionStatisticsDialog record={record} open onClose={() => setOpen(false)} />}
    </Box>
  );
}
