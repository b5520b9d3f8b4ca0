import { useEffect, useRef, useState } from 'react';
import { useGetList } from 'react-admin';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { DIFFICULTIES, DIFFICULTY_LABELS } from '../../../schemas/questions';
import type { TopicRecord } from '../../../schemas/topics';
import { FilePicker } from '../../../ui/FilePicker';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { useRememberedChoices, useRememberedModules, useRememberedSubjects } from '../../memory/useRememberedLists';
import { IdAutocomplete } from '../../../ui/forms/IdAutocomplete';
import {
  IMPORT_ACCEPT,
  IMPORT_MAX_BYTES,
  TRANSFER_FORMATS,
  TRANSFER_FORMAT_HINTS,
  TRANSFER_FORMAT_LABELS,
  downloadImportTemplate,
  importQuestions,
  previewImport,
  type PreviewQuestion,
  type PreviewRefusal,
  type RowProblem,
  type TransferFormat,
} from './questionTransferApi';

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after a successful import (the list refreshes). */
  onImported: (ids: number[]) => void;
}

interface ImportState {
  format: TransferFormat;
  subject: number | null;
  module: number | null;
  topic: number | null;
  marks: string;
  time_required: string;
  difficulty: string;
  file: File | null;
}

const positiveOrEmpty = (text: string) => text.trim() === '' || (Number.isFinite(Number(text)) && Number(text) >= 1);

/** Client-side checks, with the same messages as the question form and the server. */
export function checkImport(state: ImportState): FieldErrors {
  const errors: Record<string, string> = {};
  if (state.subject === null) errors.subject = 'Select the subject';
  if (state.module === null && state.format !== 'xlsx') errors.module = 'Select the module';
  if (!positiveOrEmpty(state.marks)) errors.marks = 'Enter valid marks';
  if (!positiveOrEmpty(state.time_required)) errors.time_required = 'Enter valid time';
  if (!state.file) errors.file = 'Choose a file to import';
  else if (state.file.size > IMPORT_MAX_BYTES) errors.file = 'File size should be less than 2 MB';
  else if (state.format === 'xlsx' && !/\.xlsx?$/i.test(state.file.name)) errors.file = 'Only Excel files are allowed';
  return errors;
}

const TYPE_NAMES: Record<string, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True / false',
  numeric: 'Numeric',
  short_answer: 'Short answer',
  descriptive: 'Descriptive',
  matching: 'Matching',
  description: 'Description',
  cloze: 'Embedded answers (Cloze)',
};

const percent = (w: unknown) => (typeof w === 'number' ? `${Number(w.toFixed(5))}%` : '');

/** What a previewed question becomes, in a line: its answers with their weights. */
export function answerSummary(q: PreviewQuestion['question']): string {
  const list = (items: string[]) => items.join(' · ');
  switch (q.type) {
    case 'single':
    case 'multiple':
      return list((q.options ?? []).map((o) => `${o.text} (${percent(o.weight)})`));
    case 'true_false':
      return q.correct_bool ? 'True' : 'False';
    case 'short_answer':
      return list(((q.short_answers as { text: string; weight: number }[] | undefined) ?? []).map((a) => `${a.text} (${percent(a.weight)})`));
    case 'numeric':
      return list(
        ((q.numeric_answers as { value: number | string; tolerance?: number; weight: number }[] | undefined) ?? []).map(
          (a) => `${a.value}${a.tolerance ? ` ± ${a.tolerance}` : ''} (${percent(a.weight)})`,
        ),
      );
    case 'matching':
      return list(((q.match_pairs as { question?: string; answer: string }[] | undefined) ?? []).map((p) => (p.question ? `${p.question} → ${p.answer}` : `(extra) ${p.answer}`)));
    case 'cloze':
      return 'Gaps in the text, each marked on its own';
    case 'description':
      return 'No answer, no marks';
    default:
      return 'Marked by the teacher';
  }
}

export interface Preview {
  questions: PreviewQuestion[];
  refusals: PreviewRefusal[];
  rowsAre: 'rows' | 'lines';
}

/** An image of a file's question, not stored yet, as its alt text. */
const withImageNames = (text: string) => text.replace(/!\[([^\]]*)\]\(@@IMAGE:\d+@@\)/g, (_m, alt: string) => `[image${alt ? `: ${alt}` : ''}]`);
const clipped = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/** The preview step: every question the file gives and what it becomes, and what cannot be imported with its line and reason. */
export function PreviewTables({ preview }: { preview: Preview }) {
  const where = preview.rowsAre === 'lines' ? 'Line' : 'Row';
  const images = preview.questions.reduce((n, q) => n + (q.images ?? 0), 0);
  return (
    <Stack spacing={2}>
      <Alert severity={preview.refusals.length ? 'warning' : 'info'} variant="outlined">
        <AlertTitle>
          {preview.questions.length} {preview.questions.length === 1 ? 'question' : 'questions'}
          {images > 0 ? ` (${images} ${images === 1 ? 'image' : 'images'})` : ''} can be imported
          {preview.refusals.length ? `; ${preview.refusals.length} cannot` : ''}
        </AlertTitle>
        Nothing is stored yet. {preview.refusals.length ? 'Import the good questions and leave the others out, or cancel and fix the file.' : 'Check the questions, then import them.'}
      </Alert>
      {preview.questions.length > 0 && (
        <TableContainer sx={{ maxHeight: 340, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label="Questions to import">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 64 }}>{where}</TableCell>
                <TableCell sx={{ width: 130 }}>Type</TableCell>
                <TableCell>Question</TableCell>
                <TableCell>Answers (weights)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.questions.map((q, index) => (
                <TableRow key={`${q.line}-${index}`}>
                  <TableCell>{q.line}</TableCell>
                  <TableCell>{TYPE_NAMES[q.question.type] ?? q.question.type}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 320 }}>
                    {q.name && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {q.name}
                        {q.category ? ` — ${q.category}` : ''}
                      </Typography>
                    )}
                    {q.place?.moduleName && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        Goes to {q.place.moduleName}
                        {q.place.topicName ? ` / ${q.place.topicName}` : ''}
                      </Typography>
                    )}
                    {clipped(withImageNames(q.question.question))}
                    {(q.images ?? 0) > 0 && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {q.images} {q.images === 1 ? 'image' : 'images'}
                      </Typography>
                    )}
                    {q.notes.length > 0 && (
                      <Typography variant="caption" component="div" color="warning.main">
                        {q.notes.join('; ')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{answerSummary(q.question)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {preview.refusals.length > 0 && (
        <ProblemTable
          label="Questions that cannot be imported"
          whereHeader={where}
          messageHeader="Why it cannot be imported"
          rows={preview.refusals.map((r) => ({ where: r.line, field: r.field, message: r.message }))}
          maxHeight={240}
        />
      )}
    </Stack>
  );
}

/**
 * Imports a spreadsheet, an Aiken, a GIFT or a Moodle XML file into the bank, in two steps: the
 * preview reads the file and stores nothing, listing every question with what it becomes and every
 * question that cannot be imported with its line (row) and the reason; then "Import N questions"
 * stores the good ones in one go (or nothing), and Cancel goes back to the form.
 */
export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const choices = useRememberedChoices();
  const [state, setState] = useState<ImportState>(() => ({
    format: 'xlsx',
    subject: choices.subjectId,
    module: choices.subjectId ? choices.moduleId : null,
    topic: null,
    marks: '',
    time_required: '',
    difficulty: '',
    file: null,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number>();
  const [rejected, setRejected] = useState<{ message: string; rows: RowProblem[]; rowsAre: 'rows' | 'lines' }>();
  const [imported, setImported] = useState<number>();
  const [preview, setPreview] = useState<Preview>();
  const rejectionRef = useRef<HTMLDivElement>(null);
  // The problems show below the form: bring them into view.
  useEffect(() => {
    if (rejected) rejectionRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [rejected]);
  const subjects = useRememberedSubjects(open);
  const modules = useRememberedModules(state.subject);
  const topics = useGetList<TopicRecord & { id: number }>(
    'topics',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, filter: { module_id: state.module } },
    { enabled: state.module !== null },
  );

  const change = (patch: Partial<ImportState>) => {
    const next = { ...state, ...patch };
    setState(next);
    setRejected(undefined);
    setPreview(undefined);
    setErrors(checked ? checkImport(next) : {});
  };

  const close = () => {
    if (busy) return;
    onClose();
    // Ready for the next file, with the same classification.
    setState((current) => ({ ...current, file: null }));
    setErrors({});
    setChecked(false);
    setRejected(undefined);
    setImported(undefined);
    setPreview(undefined);
  };

  const onProgress = ({ loaded, total }: { loaded: number; total?: number }) => setProgress(total ? Math.round((loaded / total) * 100) : undefined);

  /** Checks the form, then sends the file with `call`, showing its progress; undefined when the form is not complete. */
  const send = async <T,>(call: (form: Parameters<typeof previewImport>[0]) => Promise<T>): Promise<T | undefined> => {
    setChecked(true);
    const found = checkImport(state);
    setErrors(found);
    if (Object.keys(found).length || !state.file || state.subject === null) return undefined;
    setBusy(true);
    setProgress(0);
    setRejected(undefined);
    const outcome = await call({ ...state, subject: state.subject, file: state.file });
    setBusy(false);
    setProgress(undefined);
    return outcome;
  };

  /** Step 1: the server reads the file and answers what it would import; nothing is stored. */
  const check = async () => {
    const outcome = await send((form) => previewImport(form, onProgress));
    if (!outcome) return;
    if (outcome.ok) {
      setPreview({ questions: outcome.questions, refusals: outcome.refusals, rowsAre: outcome.rowsAre });
      return;
    }
    setErrors(outcome.fieldErrors);
    if (outcome.message) setRejected({ message: outcome.message, rows: [], rowsAre: 'lines' });
  };

  /** Step 2: store the questions the preview listed, all of them or none. */
  const submit = async () => {
    const outcome = await send((form) => importQuestions({ ...form, skipRefused: true }, onProgress));
    if (!outcome) return;
    if (outcome.ok) {
      setImported(outcome.imported);
      setPreview(undefined);
      onImported(outcome.ids);
      return;
    }
    setPreview(undefined);
    setErrors(outcome.fieldErrors);
    if (outcome.message) setRejected({ message: outcome.message, rows: outcome.rows, rowsAre: outcome.rowsAre });
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="question-import-title" scroll="paper">
      <DialogTitle id="question-import-title">Import questions</DialogTitle>
      <DialogContent dividers>
        {imported !== undefined ? (
          <Alert severity="success" variant="outlined">
            <AlertTitle>
              {imported} {imported === 1 ? 'question' : 'questions'} imported
            </AlertTitle>
            {imported === 1 ? 'It is' : 'They are'} in the bank now, listed with your other questions.
          </Alert>
        ) : preview ? (
          <Stack spacing={2}>
            <PreviewTables preview={preview} />
            {busy && <LinearProgress aria-label="Importing" />}
          </Stack>
        ) : (
          <Stack spacing={3}>
            <FormControl disabled={busy} error={Boolean(errors.format)}>
              <FormLabel id="question-import-format-label">File format</FormLabel>
              <RadioGroup
                row
                aria-labelledby="question-import-format-label"
                value={state.format}
                onChange={(event) => change({ format: event.target.value as TransferFormat, file: null })}
              >
                {TRANSFER_FORMATS.map((format) => (
                  <FormControlLabel key={format} value={format} control={<Radio />} label={TRANSFER_FORMAT_LABELS[format]} />
                ))}
              </RadioGroup>
              <FormHelperText>{errors.format ?? TRANSFER_FORMAT_HINTS[state.format]}</FormHelperText>
            </FormControl>

            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
                Where the questions go
              </Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <IdAutocomplete
                    id="question-import-subject"
                    label="Subject"
                    required
                    choices={subjects.data.map((s) => ({ id: (s as { id: number }).id, label: `${s.subjectname} (${s.code})` }))}
                    value={state.subject}
                    onChange={(subject) => change({ subject, module: null, topic: null })}
                    loading={subjects.isLoading}
                    error={errors.subject}
                    disabled={busy}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <IdAutocomplete
                    id="question-import-module"
                    label="Module"
                    required={state.format !== 'xlsx'}
                    choices={modules.data.map((m) => ({ id: (m as { id: number }).id, label: m.course_outcome_name }))}
                    value={state.module}
                    onChange={(module) => change({ module, topic: null })}
                    loading={modules.isLoading}
                    error={errors.module}
                    helperText={state.format === 'xlsx' ? 'For rows that name no module' : undefined}
                    disabled={busy}
                    noOptionsText={state.subject === null ? 'Choose a subject first' : 'This subject has no modules yet'}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <IdAutocomplete
                    id="question-import-topic"
                    label="Topic"
                    choices={(topics.data ?? []).map((t) => ({ id: t.id, label: t.name }))}
                    value={state.topic}
                    onChange={(topic) => change({ topic })}
                    loading={state.module !== null && topics.isPending}
                    error={errors.topic}
                    helperText="Optional"
                    disabled={busy || state.module === null}
                  />
                </Grid>
              </Grid>
            </Box>

            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                Defaults
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                For questions whose file does not say.
              </Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    id="question-import-marks"
                    label="Marks"
                    placeholder="1"
                    value={state.marks}
                    onChange={(event) => change({ marks: event.target.value })}
                    error={Boolean(errors.marks)}
                    helperText={errors.marks}
                    slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
                    disabled={busy}
                    fullWidth
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    id="question-import-time"
                    label="Time required (minutes)"
                    placeholder="1"
                    value={state.time_required}
                    onChange={(event) => change({ time_required: event.target.value })}
                    error={Boolean(errors.time_required)}
                    helperText={errors.time_required}
                    slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
                    disabled={busy}
                    fullWidth
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    id="question-import-difficulty"
                    select
                    label="Difficulty"
                    value={state.difficulty}
                    onChange={(event) => change({ difficulty: event.target.value })}
                    error={Boolean(errors.difficulty)}
                    helperText={errors.difficulty}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                    disabled={busy}
                    fullWidth
                  >
                    <MenuItem value="">Medium (default)</MenuItem>
                    {DIFFICULTIES.map((d) => (
                      <MenuItem key={d} value={d}>
                        {DIFFICULTY_LABELS[d]}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
              </Grid>
            </Box>

            <Box>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
                <Typography variant="subtitle2" component="h3">
                  File
                </Typography>
                {state.format === 'xlsx' && (
                  <Button size="small" startIcon={<DownloadOutlinedIcon />} onClick={() => void downloadImportTemplate()}>
                    Download the template
                  </Button>
                )}
              </Stack>
              <FilePicker
                id="question-import-file"
                file={state.file}
                accept={IMPORT_ACCEPT[state.format]}
                label="File to import"
                dropText="Drag the file here, or"
                hint={`${state.format === 'xlsx' ? '.xlsx or .xls' : state.format === 'xml' ? '.xml' : '.txt'}, at most 2 MB`}
                error={errors.file}
                disabled={busy}
                onChange={(file) => change({ file })}
              />
            </Box>

            {busy && (
              <Box>
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {progress === 100 ? 'Reading the questions…' : 'Uploading…'}
                </Typography>
                <LinearProgress variant={progress === undefined || progress === 100 ? 'indeterminate' : 'determinate'} value={progress} />
              </Box>
            )}

            {rejected && (
              <Alert severity="error" role="alert" ref={rejectionRef}>
                <AlertTitle>Nothing was imported</AlertTitle>
                {rejected.rows.length > 0
                  ? `Fix ${rejected.rows.length === 1 ? 'this problem' : `these ${rejected.rows.length} problems`} in the file, then import it again.`
                  : rejected.message}
              </Alert>
            )}
            {rejected && rejected.rows.length > 0 && (
              <ProblemTable
                label="Problems found in the file"
                whereHeader={rejected.rowsAre === 'lines' ? 'Line' : 'Row'}
                messageHeader="Problem"
                rows={rejected.rows.map((p) => ({ where: p.row, field: p.field, message: p.message }))}
                maxHeight={280}
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3 }}>
        {imported !== undefined ? (
          <>
            <Button
              onClick={() => {
                setImported(undefined);
                setState((current) => ({ ...current, file: null }));
                setChecked(false);
              }}
            >
              Import another file
            </Button>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </>
        ) : preview ? (
          <>
            <Button onClick={() => setPreview(undefined)} disabled={busy}>
              Cancel
            </Button>
            {preview.questions.length > 0 && (
              <Button variant="contained" onClick={() => void submit()} disabled={busy} startIcon={<UploadFileIcon />}>
                Import {preview.questions.length} {preview.questions.length === 1 ? 'question' : 'questions'}
              </Button>
            )}
          </>
        ) : (
          <>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void check()} disabled={busy} startIcon={<UploadFileIcon />}>
              Preview
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Where in the file (line or row), which field, and why: the problems of an import, as a scrollable table. */
function ProblemTable(props: {
  label: string;
  whereHeader: string;
  messageHeader: string;
  rows: { where: number | string; field: string; message: string }[];
  maxHeight: number;
}) {
  return (
    <TableContainer sx={{ maxHeight: props.maxHeight, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={props.label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 80 }}>{props.whereHeader}</TableCell>
            <TableCell sx={{ width: 150 }}>Field</TableCell>
            <TableCell>{props.messageHeader}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row, index) => (
            <TableRow key={`${row.where}-${row.field}-${index}`}>
              <TableCell>{row.where}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{row.field}</TableCell>
              <TableCell>{row.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
