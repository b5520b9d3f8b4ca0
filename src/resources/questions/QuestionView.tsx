import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { alpha } from '@mui/material/styles';
import type { QuestionType, ScoringMode } from '../../schemas/questions';
import { SCORING_LABELS } from '../../schemas/questions';
import type { AnswerResponse } from '../../schemas/answers';
import { Markdown } from '../../ui/Markdown';
import { answersOf, parseCloze, type ClozeGap } from '../../schemas/cloze';
import { clozeParts, matchingParts, type PartState, type ReviewPart } from '../../schemas/reviewParts';
import { ReviewPartsTable } from '../../ui/ReviewPartsTable';

/**
 * One question, read-only, as a student sees it: its text (Markdown with math), then the options
 * or the field its type asks for. It serves the teacher's previews (optionally with the answer key
 * marked) and the reviews and grading of an attempt (with the student's response). The exam page
 * has its own view, with inputs (src/student/exam/QuestionView.tsx); both show every text through
 * the one Markdown renderer. It uses no react-admin, so any area may import it.
 */

export interface QuestionViewOption {
  id: string;
  text: string;
}

export interface QuestionViewData {
  type: QuestionType;
  /** The text, in Markdown with $math$. */
  question: string;
  marks?: number;
  /** Choice questions, in the order the student sees them. */
  options?: readonly QuestionViewOption[];
  /** Matching: the pairs as the teacher wrote them (the student picks each answer from all of them). */
  pairs?: readonly { question?: string; answer: string }[];
  /** Matching in a paper: the stems and the choices (the key's matchRight pairs them). */
  stems?: readonly QuestionViewOption[];
  choices?: readonly QuestionViewOption[];
}

/** The correct answers, in the preview API's shape (GET /api/quizzes/{id}/preview: `key`). */
export interface QuestionAnswerKey {
  correctOptions?: readonly string[];
  correctBool?: boolean;
  numericValue?: number;
  numericTolerance?: number;
  acceptedAnswers?: readonly string[];
  /** Short answer compared as Moodle compares (`*` a wildcard): whether case matters. Absent: the old rule. */
  caseSensitive?: boolean;
  scoring?: ScoringMode;
  /** Matching in a paper: the right choice of each stem. */
  matchRight?: Readonly<Record<string, string>>;
  /** Cloze in a paper (whose text holds {#n}): the gaps with their answers. */
  clozeGaps?: readonly ClozeGap[];
  /** Choice questions: every option's weight as a fraction (-1..1), as Moodle's grade of the answer. */
  weights?: Readonly<Record<string, number>>;
  /** Short answers in order, each with its fraction and feedback. */
  shortAnswers?: readonly { text: string; fraction: number; feedback?: string }[];
  /** Numeric answers in order ('*' is any other number), each with its tolerance, fraction and feedback. */
  numericAnswers?: readonly { value: number | '*'; tolerance: number; fraction: number; feedback?: string }[];
  /** Feedback: general, per option id, and for True and False. */
  feedback?: { general?: string; options?: Readonly<Record<string, string>>; true?: string; false?: string };
}

/** A fraction as Moodle shows a grade: "100%", "33.33333%", "−100%" (a true minus sign). */
export function percentOf(fraction: number): string {
  const value = Math.round(Math.abs(fraction) * 100 * 1e5) / 1e5;
  return `${fraction < 0 && value !== 0 ? '−' : ''}${value}%`;
}

/** A student's answer (the exam API's encoding, declared with the schemas), or none yet. */
export type QuestionResponse = Readonly<AnswerResponse> | undefined;

const partOfResponse = (response: QuestionResponse, part: string): string | undefined =>
  response !== null && typeof response === 'object' && !Array.isArray(response) ? (response as Record<string, string>)[part] : undefined;

export interface QuestionViewProps {
  question: QuestionViewData;
  /** Shown as 'Question {number}'. */
  number?: number;
  /** Marks the correct answers (teacher's preview). */
  answerKey?: QuestionAnswerKey;
  /** The student's answer, shown in place (reviews and grading). */
  response?: QuestionResponse;
  /** The heading level of 'Question {number}' (h2 by default). */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** Extra content at the right of the heading row (e.g. a badge). */
  aside?: ReactNode;
  /** The label of a typed answer's field ('Your answer'; a teacher grading sees 'Student’s answer'). */
  answerLabel?: string;
}

export const TRUE_FALSE_OPTIONS: readonly { value: boolean; label: string }[] = [
  { value: true, label: 'True' },
  { value: false, label: 'False' },
];

const HINTS: Record<QuestionType, string> = {
  single: 'Choose one answer.',
  multiple: 'Choose all the answers that apply.',
  true_false: 'Choose true or false.',
  numeric: 'Enter a number.',
  short_answer: 'Type a short answer.',
  descriptive: 'Write your answer.',
  matching: 'Choose the matching answer for each item.',
  description: '',
  cloze: 'Fill in the gaps.',
};

export const optionLetter = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : `${String.fromCharCode(65 + Math.floor(index / 26) - 1)}${String.fromCharCode(65 + (index % 26))}`;

export const marksLabel = (marks: number): string => `${marks} ${marks === 1 ? 'mark' : 'marks'}`;

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e6) / 1e6);
}

/** The answer key of a numeric, short-answer, true/false or descriptive question, as a sentence. */
export function keySummary(type: QuestionType, key: QuestionAnswerKey): string | undefined {
  switch (type) {
    case 'true_false':
      return key.correctBool === undefined ? undefined : `Correct answer: ${key.correctBool ? 'True' : 'False'}`;
    case 'numeric': {
      // The weighted answers are listed in full with their tolerances.
      if (key.numericAnswers) return undefined;
      if (key.numericValue === undefined) return undefined;
      const tolerance = key.numericTolerance ?? 0;
      return `Correct answer: ${formatNumber(key.numericValue)}${tolerance > 0 ? ` (accepted within ± ${formatNumber(tolerance)})` : ''}`;
    }
    case 'short_answer':
      if (key.shortAnswers) {
        if (key.caseSensitive === undefined) return 'The first answer that matches gives its weight; case and extra spaces are ignored.';
        return `The first answer that matches gives its weight; ${key.caseSensitive ? 'case matters' : 'case is ignored'}; * matches any text.`;
      }
      return key.acceptedAnswers?.length
        ? `Accepted answers: ${key.acceptedAnswers.join(' · ')} (${
            key.caseSensitive === undefined ? 'case and extra spaces are ignored' : `${key.caseSensitive ? 'case matters' : 'case is ignored'}; * matches any text`
          })`
        : undefined;
    case 'descriptive':
      return 'Graded by the teacher after the exam.';
    case 'multiple':
      return key.scoring ? `Scoring: ${SCORING_LABELS[key.scoring].toLowerCase()}` : undefined;
    default:
      return undefined;
  }
}

function clozeShown(gap: ClozeGap, value: string | undefined): string {
  if (value === undefined || value.trim() === '') return '—';
  if (gap.kind === 'multiresponse') return answersOf(gap, value).map((a) => a.text).join(', ');
  return gap.kind === 'choice' ? (gap.answers[Number(value)]?.text ?? value) : value;
}

interface ChoiceRowProps {
  name: string;
  control: 'radio' | 'checkbox';
  letter?: string;
  label: ReactNode;
  checked: boolean;
  correct?: boolean;
  /** The teacher's view: the option's weight (a fraction) and feedback. */
  weight?: number;
  feedback?: string;
}

/** One option, with its read-only control: the row is the control's label (its accessible name). */
function ChoiceRow({ name, control, letter, label, checked, correct, weight, feedback }: ChoiceRowProps) {
  const id = useId();
  const Control = control === 'radio' ? Radio : Checkbox;
  return (
    <Box
      component="label"
      htmlFor={id}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.5,
        border: 1,
        borderRadius: 1.5,
        borderColor: correct ? 'success.main' : checked ? 'primary.main' : 'divider',
        bgcolor: correct
          ? alpha(theme.palette.success.main, 0.08)
          : checked
            ? alpha(theme.palette.primary.main, 0.06)
            : 'background.paper',
      })}
    >
      <Control
        id={id}
        name={name}
        checked={checked}
        readOnly
        size="small"
      />
      {letter && (
        <Typography component="span" sx={{ fontWeight: 600, color: 'text.secondary', minWidth: 20 }} aria-hidden>
          {letter}.
        </Typography>
      )}
      <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
        {feedback && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }} data-testid="option-feedback">
            Feedback: <Markdown inline>{feedback}</Markdown>
          </Typography>
        )}
      </Box>
      {weight !== undefined && <Chip label={percentOf(weight)} size="small" variant="outlined" aria-label={`Weight ${percentOf(weight)}`} sx={{ flexShrink: 0 }} />}
      {correct && (
        <Chip
          icon={<CheckCircleIcon />}
          label="Correct"
          color="success"
          size="small"
          variant="outlined"
          sx={{ flexShrink: 0 }}
        />
      )}
    </Box>
  );
}

const asList = (response: QuestionResponse): readonly string[] => (Array.isArray(response) ? response : []);

const tableSx = {
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'left', verticalAlign: 'top', py: 0.5, pr: 2, borderBottom: 1, borderColor: 'divider' },
  '& thead th': { color: 'text.secondary', fontWeight: 500, typography: 'body2' },
} as const;

/** Every answer of a short, numeric or Cloze answer list with its weight and feedback (the teacher's view of the key). */
function AnswerTable({ label, rows }: { label: string; rows: readonly { text: string; fraction: number; feedback?: string }[] }) {
  return (
    <Box component="table" aria-label={label} sx={{ ...tableSx, mt: 1 }}>
      <thead>
        <tr>
          <th scope="col">Answer</th>
          <th scope="col">Weight</th>
          <th scope="col">Feedback</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <td style={{ overflowWrap: 'anywhere' }}>{row.text}</td>
            <td>{percentOf(row.fraction)}</td>
            <td>{row.feedback ? <Markdown inline>{row.feedback}</Markdown> : ''}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

const numericText = (a: { value: number | '*'; tolerance: number }) =>
  a.value === '*' ? 'any other number (*)' : `${formatNumber(a.value)}${a.tolerance ? ` ± ${formatNumber(a.tolerance)}` : ''}`;
const gapAnswerText = (gap: ClozeGap, a: ClozeGap['answers'][number]) =>
  gap.kind === 'numeric' && a.text.trim() === '*' ? 'any other number (*)' : `${a.text}${a.tolerance ? ` ± ${a.tolerance}` : ''}`;

const STATE_COLORS: Record<PartState, 'success' | 'warning' | 'error' | 'default'> = { right: 'success', partial: 'warning', wrong: 'error', unanswered: 'default' };

/** A matching or Cloze answer part by part (the teacher's view of an attempt): answered, right or wrong, the right answer, feedback and marks. */
function PartsTable({ parts, cloze, answerLabel }: { parts: readonly ReviewPart[]; cloze: boolean; answerLabel: string }) {
  return (
    <ReviewPartsTable
      parts={parts}
      cloze={cloze}
      answerLabel={answerLabel}
      unanswered="—"
      result={(state, label) => <Chip size="small" variant="outlined" color={STATE_COLORS[state]} label={label} />}
    />
  );
}

export function QuestionView({
  question,
  number,
  answerKey,
  response,
  headingLevel = 'h2',
  aside,
  answerLabel = 'Your answer',
}: QuestionViewProps) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const hintId = `${baseId}-hint`;
  const correctOptions = new Set(answerKey?.correctOptions ?? []);
  // True / false marks its correct choice like an option; the others say it in words.
  const summary = answerKey && question.type !== 'true_false' ? keySummary(question.type, answerKey) : undefined;
  // How it is marked, rather than what is correct.
  const isNote = question.type === 'descriptive' || question.type === 'multiple';
  const options = question.options ?? [];

  let body: ReactNode;
  switch (question.type) {
    case 'single':
    case 'multiple': {
      const multiple = question.type === 'multiple';
      const chosen = multiple ? asList(response) : [];
      body = (
        <Stack spacing={1} role={multiple ? 'group' : 'radiogroup'} aria-labelledby={headingId} aria-describedby={hintId}>
          {options.map((option, index) => (
            <ChoiceRow
              key={option.id}
              name={`${baseId}-answer`}
              control={multiple ? 'checkbox' : 'radio'}
              letter={optionLetter(index)}
              label={<Markdown inline>{option.text}</Markdown>}
              checked={multiple ? chosen.includes(option.id) : response === option.id}
              correct={answerKey ? correctOptions.has(option.id) : undefined}
              weight={answerKey?.weights?.[option.id]}
              feedback={answerKey?.feedback?.options?.[option.id]}
            />
          ))}
        </Stack>
      );
      break;
    }
    case 'true_false':
      body = (
        <Stack spacing={1} role="radiogroup" aria-labelledby={headingId} aria-describedby={hintId}>
          {TRUE_FALSE_OPTIONS.map((option) => (
            <ChoiceRow
              key={option.label}
              name={`${baseId}-answer`}
              control="radio"
              label={<Typography>{option.label}</Typography>}
              checked={response === option.value}
              correct={answerKey?.correctBool === undefined ? undefined : answerKey.correctBool === option.value}
              feedback={option.value ? answerKey?.feedback?.true : answerKey?.feedback?.false}
            />
          ))}
        </Stack>
      );
      break;
    case 'numeric':
      body = (
        <TextField
          label={answerLabel}
          value={typeof response === 'number' || typeof response === 'string' ? String(response) : ''}
          slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-describedby': hintId } }}
          sx={{ maxWidth: 280 }}
          fullWidth
        />
      );
      break;
    case 'short_answer':
      body = (
        <TextField
          label={answerLabel}
          value={typeof response === 'string' ? response : ''}
          slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-describedby': hintId } }}
          sx={{ maxWidth: 480 }}
          fullWidth
        />
      );
      break;
    case 'descriptive':
      body = (
        <TextField
          label={answerLabel}
          value={typeof response === 'string' ? response : ''}
          slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-describedby': hintId } }}
          multiline
          minRows={3}
          fullWidth
        />
      );
      break;
    case 'matching': {
      // A paper's question has stems and choices; a bank question its pairs.
      const choiceText = (id: string | undefined) => question.choices?.find((c) => c.id === id)?.text;
      if (answerKey?.matchRight && question.stems && response !== undefined) {
        body = <PartsTable parts={matchingParts(question.stems, question.choices ?? [], answerKey.matchRight, response)} cloze={false} answerLabel={answerLabel} />;
        break;
      }
      const rows =
        question.pairs ??
        (question.stems ?? []).map((s) => ({ question: s.text, answer: choiceText(answerKey?.matchRight?.[s.id]) ?? '', stem: s.id }));
      body = (
        <Box component="table" sx={{ borderCollapse: 'collapse', '& td': { py: 0.5, pr: 2 } }}>
          <tbody>
            {rows.map((p, i) => (
              <tr key={i}>
                <td>{p.question ? <Markdown inline>{p.question}</Markdown> : <em>(extra wrong answer)</em>}</td>
                <td>{answerKey || question.pairs ? <>→ <Markdown inline>{p.answer}</Markdown></> : ''}</td>
                {'stem' in p && response ? <td>{answerLabel}: {choiceText(partOfResponse(response, p.stem as string)) ?? '—'}</td> : null}
              </tr>
            ))}
          </tbody>
        </Box>
      );
      break;
    }
    case 'cloze': {
      // A paper's text holds {#n} and its key the gaps; a bank question's text holds the gaps.
      const inPaper = /\{#[0-9]+\}/.test(question.question);
      const parsed: { gaps: readonly ClozeGap[]; problems: readonly string[] } = answerKey?.clozeGaps
        ? { gaps: answerKey.clozeGaps, problems: [] }
        : inPaper
          ? { gaps: [], problems: [] }
          : parseCloze(question.question);
      body = (
        <Box>
          {answerKey?.clozeGaps && response !== undefined && (
            <PartsTable parts={clozeParts(answerKey.clozeGaps, response, question.marks ?? parsed.gaps.reduce((sum, g) => sum + g.weight, 0))} cloze answerLabel={answerLabel} />
          )}
          {parsed.gaps.map((g) => (
            <Box key={g.n} sx={{ mt: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Gap {g.n} ({g.code}, weight {g.weight}){response && !answerKey?.clozeGaps ? ` — ${answerLabel}: ${clozeShown(g, partOfResponse(response, String(g.n)))}` : ''}
              </Typography>
              {answerKey || !inPaper ? <AnswerTable label={`Answers of gap ${g.n}`} rows={g.answers.map((a) => ({ ...a, text: gapAnswerText(g, a) }))} /> : null}
            </Box>
          ))}
          {parsed.problems.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {parsed.problems.map((p) => (
                <li key={p} style={{ color: '#b71c1c' }}>
                  {p}
                </li>
              ))}
            </Box>
          )}
        </Box>
      );
      break;
    }
    default:
      body = null;
  }

  const Heading = headingLevel;
  return (
    <Box component="article" aria-labelledby={headingId}>
      <Stack useFlexGap direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography id={headingId} component={Heading} variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {number === undefined ? 'Question' : `Question ${number}`}
        </Typography>
        {aside}
        {question.marks !== undefined && <Chip label={marksLabel(question.marks)} size="small" variant="outlined" />}
      </Stack>
      <Box sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
        <Markdown>{question.type === 'cloze' ? question.question.replace(/\{#([0-9]+)\}/g, '[gap $1]') : question.question}</Markdown>
      </Box>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {HINTS[question.type]}
      </Typography>
      {body}
      {answerKey && question.type === 'short_answer' && answerKey.shortAnswers && (
        <AnswerTable label="Answers" rows={answerKey.shortAnswers} />
      )}
      {answerKey && question.type === 'numeric' && answerKey.numericAnswers && (
        <AnswerTable label="Answers" rows={answerKey.numericAnswers.map((a) => ({ ...a, text: numericText(a) }))} />
      )}
      {summary && (
        <Box
          sx={{
            mt: 1.5,
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            color: isNote ? 'text.secondary' : 'success.dark',
            typography: 'body2',
            fontWeight: 500,
          }}
        >
          {isNote ? <InfoOutlinedIcon fontSize="small" aria-hidden /> : <CheckCircleIcon fontSize="small" aria-hidden />}
          <span>{summary}</span>
        </Box>
      )}
      {answerKey?.feedback?.general && (
        <Box sx={{ mt: 1.5, p: 1, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="general-feedback">
          <Typography variant="body2" color="text.secondary">
            General feedback
          </Typography>
          <Markdown>{answerKey.feedback.general}</Markdown>
        </Box>
      )}
    </Box>
  );
}
