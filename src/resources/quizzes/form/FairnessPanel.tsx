import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { send } from '../../../api/httpClient';
import { FAIRNESS_DRAWS, type FairnessReport, type FairnessSpread } from '../../../schemas/fairness';
import { quizEntity } from '../../../schemas/quizzes';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { quizInputOf, type QuizDraft } from './quizDraft';

const LABEL = {
  balance: quizEntity.fields.balance_papers?.label ?? 'Balance paper difficulty',
  tolerance: quizEntity.fields.balance_tolerance?.label ?? 'Tolerance (logits)',
};

const pct = (n: number) => Math.round(n);
const share = (n: number) => `${Math.round(n * 100)} %`;

/** "Without balancing: 54 % to 78 % (90 % of papers 58–73 %)" */
export function spreadSentence(label: string, spread: FairnessSpread): string {
  const s = spread.expectedScore;
  return `${label}: ${pct(s.min)} % to ${pct(s.max)} % (90 % of papers ${pct(s.p5)}–${pct(s.p95)} %)`;
}

/** The fairness request of the form's current values (the quiz entity's field names). */
export function fairnessBodyOf(draft: QuizDraft, quizId?: number): Record<string, unknown> {
  const input = quizInputOf(draft);
  return {
    ...(quizId ? { id: quizId } : {}),
    subjects: input.subjects,
    questions: input.questions,
    random_rules: input.random_rules,
    balance_papers: input.balance_papers,
    balance_tolerance: input.balance_tolerance,
  };
}

interface FairnessPanelProps {
  draft: QuizDraft;
  quizId?: number;
  errors: FieldErrors;
  disabled?: boolean;
  onBalance: (on: boolean) => void;
  onTolerance: (text: string) => void;
}

/**
 * Balanced papers and the "Fairness of the random paper" panel (quiz form, below the random rules;
 * only when there are random rules): POST /api/quizzes/fairness with the form's values on "Check
 * fairness", answering the expected score range of an average student over the simulated draws with
 * balancing off and on, the share within the tolerance, and why the tolerance cannot be met.
 */
export function FairnessPanel({ draft, quizId, errors, disabled, onBalance, onTolerance }: FairnessPanelProps) {
  const [report, setReport] = useState<FairnessReport>();
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string>();
  if (draft.random_rules.length === 0) return null;

  const check = async () => {
    setChecking(true);
    setFailure(undefined);
    try {
      const answer = await send<FairnessReport>('/quizzes/fairness', fairnessBodyOf(draft, quizId), { method: 'POST', toast: false });
      if (answer.success && answer.data) setReport(answer.data);
      else {
        setReport(undefined);
        setFailure(answer.message || 'The fairness could not be checked');
      }
    } finally {
      setChecking(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="fairness-heading">
      <Typography id="fairness-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Fairness of the random paper
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
        <FormControlLabel
          control={<Switch checked={draft.balance_papers} onChange={(event) => onBalance(event.target.checked)} disabled={disabled} />}
          label={LABEL.balance}
        />
        <TextField
          id="quiz-balance-tolerance"
          size="small"
          type="number"
          label={LABEL.tolerance}
          value={draft.balance_tolerance}
          onChange={(event) => onTolerance(event.target.value)}
          error={Boolean(errors.balance_tolerance)}
          helperText={errors.balance_tolerance ?? 'Each paper’s mean difficulty stays this close to the quiz’s target'}
          disabled={disabled || !draft.balance_papers}
          slotProps={{ htmlInput: { min: 0.05, max: 2, step: 0.05 } }}
          sx={{ width: 220 }}
        />
        <Button variant="outlined" onClick={check} disabled={checking} startIcon={checking ? <CircularProgress size={16} /> : undefined}>
          Check fairness
        </Button>
      </Stack>
      <Box role="status" aria-live="polite">
        {failure && <Alert severity="error">{failure}</Alert>}
        {report && (
          <Stack spacing={0.5}>
            <Typography variant="body2">
              Expected score of an average student over {report.draws.toLocaleString('en')} simulated papers
              {report.calibratedShare < 1 ? ` (${share(report.calibratedShare)} of the questions calibrated; the others count at their declared level)` : ''}:
            </Typography>
            <Typography variant="body2">{spreadSentence('Without balancing', report.off)}</Typography>
            {report.on && <Typography variant="body2">{spreadSentence('With balancing', report.on)}</Typography>}
            <Typography variant="body2">
              Within {report.tolerance} logits of the target: {share(report.off.withinTolerance)} of papers without balancing
              {report.on ? `, ${share(report.on.withinTolerance)} with it` : ''}.
            </Typography>
            {!report.feasible && report.message && <Alert severity="warning">{report.message}</Alert>}
          </Stack>
        )}
        {!report && !failure && (
          <Typography variant="body2" color="text.secondary">
            Simulates {FAIRNESS_DRAWS.toLocaleString('en')} papers from these rules before you publish.
          </Typography>
        )}
      </Box>
    </Box>
  );
}
