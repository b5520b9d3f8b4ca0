import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Title } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { getStoredRole } from '../../../auth/session';
import { BATCH_MAX, SEMESTER_MAX } from '../../../schemas/fields';
import { FILE_TOO_LARGE_MESSAGE } from '../../../schemas/studentUpload';
import { serverFieldErrors } from '../../../ui/forms/fieldErrors';
import { useSchemaForm } from '../../../ui/forms/useSchemaForm';
import { ExcelFilePicker } from './ExcelFilePicker';
import { saveBlob } from '../../../ui/saveBlob';
import { base64ToBlob, fileNamePart } from './saveFile';
import {
  downloadTemplate,
  fetchDepartments,
  uploadStudents,
  type DepartmentOption,
  type ImportResult,
  type RowError,
} from './studentUploadApi';
import { emptyUploadForm, uploadSchemaFor } from './uploadForm';
import { ImportedAccounts, RejectedRows } from './UploadResults';

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' };
type Outcome =
  | { kind: 'none' }
  | { kind: 'imported'; message: string; result: ImportResult; sheetName: string }
  | { kind: 'rejected'; message: string; rows: RowError[] }
  | { kind: 'failed'; message: string };

type Departments = { kind: 'loading' } | { kind: 'ready'; list: DepartmentOption[] } | { kind: 'failed'; message: string };

/** The institute head's departments; nothing is loaded for the other roles. */
function useDepartments(enabled: boolean): Departments {
  const [state, setState] = useState<Departments>({ kind: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    fetchDepartments().then((result) => {
      if (!active) return;
      setState(result.success ? { kind: 'ready', list: result.data ?? [] } : { kind: 'failed', message: result.message });
    });
    return () => {
      active = false;
    };
  }, [enabled]);
  return state;
}

function TemplateCard() {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await downloadTemplate();
    setDownloading(false);
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography component="h2" variant="h6" gutterBottom>
        The sheet
      </Typography>
      <Typography variant="body2" color="text.secondary" component="div">
        <Box component="ul" sx={{ pl: 2.5, my: 1, '& li': { mb: 0.5 } }}>
          <li>One student per row, below a header row.</li>
          <li>
            Columns: <strong>fullname</strong>, <strong>username</strong>, <strong>email</strong>, <strong>phone</strong>.
          </li>
          <li>Phone numbers have 10 digits; usernames and emails must be new.</li>
          <li>If one row is wrong, nothing is imported: the rows to correct are listed.</li>
        </Box>
      </Typography>
      <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void download()} loading={downloading} sx={{ mt: 1 }}>
        Download template
      </Button>
    </Paper>
  );
}

function UploadProgress({ phase }: { phase: Phase }) {
  if (phase.kind === 'idle') return null;
  const uploading = phase.kind === 'uploading';
  const label = uploading ? `Uploading… ${phase.percent}%` : 'Importing students…';
  return (
    <Box role="status" aria-live="polite">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress
        variant={uploading ? 'determinate' : 'indeterminate'}
        value={uploading ? phase.percent : undefined}
        aria-label={label}
      />
    </Box>
  );
}

/**
 * Students from an Excel sheet (institute head, department head, teacher): semester, batch,
 * the institute head's department, and the file. All rows are imported or none: a refused
 * sheet lists its bad rows; an imported one gives each student's initial password.
 */
export function StudentUploadPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const chooseDepartment = getStoredRole() === 'INSTITUTE-HEAD';
  const [schema] = useState(() => uploadSchemaFor(chooseDepartment));
  const form = useSchemaForm(schema, emptyUploadForm());
  const departments = useDepartments(chooseDepartment);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const { values, errors, setField } = form;
  const busy = phase.kind !== 'idle';
  const listPath = location.pathname.replace(/\/upload\/?$/, '');
  const resultRef = useRef<HTMLDivElement>(null);

  // The outcome appears below the form: bring it into view.
  useEffect(() => {
    if (outcome.kind !== 'none') resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [outcome]);

  const submit = form.handleSubmit(async (data) => {
    const { semester, batch, file } = data as { semester: string; batch: string; file: File };
    const departmentId = (data as { departmentId?: number }).departmentId;
    setOutcome({ kind: 'none' });
    setPhase({ kind: 'uploading', percent: 0 });
    const response = await uploadStudents({ semester, batch, file, departmentId }, ({ loaded, total }) => {
      if (!total) return;
      const percent = Math.min(100, Math.round((loaded / total) * 100));
      setPhase(percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent });
    });
    setPhase({ kind: 'idle' });

    const { result, status } = response;
    if (result.success) {
      const imported = result.data as ImportResult;
      const sheetName = ['initial-passwords', fileNamePart(semester), fileNamePart(batch)].filter(Boolean).join('-') + '.xlsx';
      // Ready for the next class: same semester and batch, no file, no messages.
      form.reset({ ...form.values, file: null });
      return setOutcome({ kind: 'imported', message: result.message, result: imported, sheetName });
    }
    if (result.internet || status === 405) return;
    const rows = (result.data as { rows?: RowError[] } | undefined)?.rows;
    if (Array.isArray(rows) && rows.length) return setOutcome({ kind: 'rejected', message: result.message, rows });
    if (status === 413) return form.showServerErrors({ file: result.message || FILE_TOO_LARGE_MESSAGE });
    const fieldErrors = serverFieldErrors(result.data);
    if (Object.keys(fieldErrors).length) return form.showServerErrors(fieldErrors);
    setOutcome({ kind: 'failed', message: result.message || 'The sheet could not be uploaded.' });
  });

  const textField = (name: 'semester' | 'batch', label: string, max: number) => (
    <TextField
      id={name}
      name={name}
      label={label}
      fullWidth
      disabled={busy}
      value={values[name]}
      onChange={(event) => setField(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? `Up to ${max} characters`}
    />
  );

  return (
    <Box component="section" sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="Upload students" />
      <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(listPath)} sx={{ mb: 1 }}>
        Students
      </Button>
      <Typography component="h1" variant="h5">
        Upload students
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Import a class from an Excel sheet. Every student gets an account with an initial password.
      </Typography>

      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack component="form" ref={form.formRef} spacing={2.5} noValidate onSubmit={submit} aria-label="Upload students">
              {chooseDepartment && (
                <TextField
                  id="departmentId"
                  name="departmentId"
                  select
                  label="Department"
                  fullWidth
                  disabled={busy || departments.kind !== 'ready'}
                  value={values.departmentId}
                  onChange={(event) => setField('departmentId', event.target.value)}
                  error={Boolean(errors.departmentId) || departments.kind === 'failed'}
                  helperText={
                    errors.departmentId ??
                    (departments.kind === 'failed'
                      ? departments.message
                      : departments.kind === 'ready' && !departments.list.length
                        ? 'Create a department first'
                        : undefined)
                  }
                >
                  {departments.kind === 'ready'
                    ? departments.list.map((department) => (
                        <MenuItem key={department.id} value={String(department.id)}>
                          {department.departmentName}
                        </MenuItem>
                      ))
                    : [
                        <MenuItem key="" value="" disabled>
                          Loading departments…
                        </MenuItem>,
                      ]}
                </TextField>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {textField('semester', 'Semester', SEMESTER_MAX)}
                {textField('batch', 'Batch', BATCH_MAX)}
              </Stack>
              <ExcelFilePicker id="file" file={values.file} error={errors.file} disabled={busy} onChange={(file) => setField('file', file)} />
              <UploadProgress phase={phase} />
              <Button
                type="submit"
                variant="contained"
                size="large"
                startIcon={<CloudUploadOutlinedIcon />}
                loading={busy}
                loadingPosition="start"
                sx={{ alignSelf: 'flex-start' }}
              >
                Upload
              </Button>
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TemplateCard />
        </Grid>
      </Grid>

      <Box ref={resultRef} sx={{ scrollMarginTop: 64 }}>
        {outcome.kind === 'failed' && <Alert severity="error">{outcome.message}</Alert>}
        {outcome.kind === 'rejected' && <RejectedRows message={outcome.message} rows={outcome.rows} />}
        {outcome.kind === 'imported' && (
          <ImportedAccounts
            message={outcome.message}
            accounts={outcome.result.accounts}
            onDownload={() => saveBlob(base64ToBlob(outcome.result.passwordSheet), outcome.sheetName)}
          />
        )}
      </Box>
    </Box>
  );
}

export default StudentUploadPage;
