import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGetList } from 'react-admin';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { Quiz, QuizOptions } from '../../../schemas/quizzes';
import { isPaperEmpty, QUIZ_NAME_MAX } from '../../../schemas/quizzes';
import type { RoomRecord } from '../../../schemas/rooms';
import type { SubjectRecord } from '../../../schemas/subjects';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { useSchemaForm } from '../../../ui/forms/useSchemaForm';
import { useRememberedChoices, useRememberedGroups, useRememberedSubjects } from '../../memory/useRememberedLists';
import { formatMinutes, minutesBetween } from '../../../ui/dates';
import { IdAutocomplete } from '../../../ui/forms/IdAutocomplete';
import { QuizStateChip } from '../QuizStateChip';
import { DateTimeField } from './DateTimeField';
import { FixedQuestionsEditor } from './FixedQuestionsEditor';
import { LOCKED_MESSAGE, LOCKED_WHEN_ATTEMPTED, quizDraftSchema, windowErrorsOf, type LockedField, type QuizDraft } from './quizDraft';
import { RandomRulesEditor } from './RandomRulesEditor';
import { FairnessPanel } from './FairnessPanel';
import { AttemptsReviewSection } from './AttemptsReviewSection';
import { usePaperStats, type PaperStats, type Range } from './usePaperStats';
import { ConfirmDialog } from '../../../ui/dialogs/ConfirmDialog';
import { FormActions } from '../../../ui/forms/FormActions';
import { FormAside } from '../../../ui/forms/FormAside';
import { FormSection } from '../../../ui/forms/FormSection';
import { textFieldBinder } from '../../../ui/forms/textFieldBinder';

type Subject = SubjectRecord & { id: number };

export interface QuizFormProps {
  heading: string;
  initial: QuizDraft;
  /** Fields students' attempts have locked (empty when nobody has started). */
  locked: ReadonlySet<LockedField>;
  /** Links shown beside the heading when editing. */
  links?: { preview: string; manage: string };
  /** The quiz being edited (none while creating): the fairness check names it. */
  quizId?: number;
  onSave: (quiz: Quiz) => Promise<FieldErrors | undefined>;
  onCancel: () => void;
}

interface DescribedSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  mb?: number;
}

/** A switch labelled with a name and a line on what it does. */
function DescribedSwitch({ label, description, checked, onChange, disabled, mb }: DescribedSwitchProps) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} />}
      label={
        <Box>
          <Typography>{label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        </Box>
      }
      sx={{ alignItems: 'flex-start', mb, '& .MuiSwitch-root': { mt: -0.5 } }}
    />
  );
}

function OptionSwitch({ children, ...props }: Omit<DescribedSwitchProps, 'mb'> & { children?: ReactNode }) {
  return (
    <Box sx={{ py: 1 }}>
      <DescribedSwitch {...props} />
      {children}
    </Box>
  );
}

interface SwitchChoice<K> {
  name: K;
  label: string;
  description: string;
  /** Set when students' attempts lock the field. */
  lock?: LockedField;
}

const MARKING_OPTIONS: SwitchChoice<keyof QuizOptions>[] = [
  { name: 'face_detection', label: 'Face detection', description: 'The exam watches through the student’s camera.' },
  { name: 'safe_exam_browser', label: 'Safe exam browser', description: 'Only Safe Exam Browser can open the exam.' },
  {
    name: 'guest_flag',
    label: 'Guest access',
    description: 'People without an account can take it through a guest link (issued on the Manage screen).',
  },
  {
    name: 'negative_marking',
    label: 'Negative marking',
    description: 'A wrong answer loses part of the question’s marks; an empty one loses nothing.',
  },
];

const THRESHOLD_LABELS = {
  away_seconds: 'Flag when away longer than (s)',
  events: 'Flag when more events than',
  no_face_seconds: 'Record no face after (s)',
  multiple_faces_seconds: 'Record several faces after (s)',
} as const;

const DELIVERY_OPTIONS: SwitchChoice<'shuffle_questions' | 'shuffle_options'>[] = [
  {
    name: 'shuffle_questions',
    label: 'Shuffle questions',
    description: 'Each student gets the questions in a different order.',
    lock: 'shuffle_questions',
  },
  {
    name: 'shuffle_options',
    label: 'Shuffle options',
    description: 'Each student gets a choice question’s options in a different order.',
    lock: 'shuffle_options',
  },
];


interface WindowField {
  name: 'visible_from' | 'valid_from' | 'valid_to';
  id: string;
  label: string;
  lock?: LockedField;
}

const WINDOW_FIELDS: WindowField[] = [
  { name: 'visible_from', id: 'quiz-visible-from', label: 'Visible from' },
  { name: 'valid_from', id: 'quiz-valid-from', label: 'Valid from', lock: 'valid_from' },
  { name: 'valid_to', id: 'quiz-valid-to', label: 'Valid to', lock: 'valid_to' },
];

const showRange = (range: Range, format: (n: number) => string = String): string =>
  range.min === range.max ? format(range.min) : `${format(range.min)} – ${format(range.max)}`;

function SummaryRow({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ textAlign: 'right' }}>
        <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/** The paper's totals against the duration, with what needs attention. */
function PaperSummary({ stats, duration }: { stats: PaperStats; duration: number }) {
  const randomised = stats.rules.length > 0 && stats.marks.min !== stats.marks.max;
  const over = Number.isFinite(duration) && duration > 0 && stats.time.max > duration;
  const share = Number.isFinite(duration) && duration > 0 ? Math.min(100, (stats.time.max / duration) * 100) : 0;
  return (
    <Stack spacing={1.25}>
      <SummaryRow label="Questions" value={showRange(stats.questions)} />
      <SummaryRow label="Total marks" value={showRange(stats.marks)} hint={randomised ? 'depends on the random draw' : undefined} />
      <SummaryRow
        label="Time the questions need"
        value={showRange(stats.time, formatMinutes)}
        hint={Number.isFinite(duration) && duration > 0 ? `of a ${formatMinutes(duration)} duration` : undefined}
      />
      {Number.isFinite(duration) && duration > 0 && (
        // A gauge of a measure (WAI-ARIA's meter), not a task's progress: nothing is loading.
        <LinearProgress
          variant="determinate"
          value={share}
          role="meter"
          color={over ? 'warning' : 'primary'}
          aria-label="Time the questions need, against the duration"
          sx={{ height: 6, borderRadius: 3 }}
        />
      )}
      {stats.loading && (
        <Typography variant="caption" color="text.secondary">
          Counting the bank…
        </Typography>
      )}
      {over && (
        <Alert severity="warning" variant="outlined">
          The questions need up to {formatMinutes(stats.time.max)}, more than the {formatMinutes(duration)} duration.
        </Alert>
      )}
      {stats.shortfall > 0 && (
        <Alert severity="warning" variant="outlined">
          The bank has {stats.shortfall} {stats.shortfall === 1 ? 'question' : 'questions'} too few for the random rules: each student gets
          fewer.
        </Alert>
      )}
    </Stack>
  );
}

/** The rooms of the teacher's department (the server lists only those), by name. */
function useDepartmentRooms(): { data: RoomRecord[]; isPending: boolean } {
  const { data, isPending } = useGetList<RoomRecord>('rooms', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } });
  return { data: data ?? [], isPending };
}

/**
 * The quiz form (quiz/create, quiz/edit/{quizId}): details, the window in mm/dd/yy with the
 * duration, the options, and the paper (fixed questions and random rules) with its totals.
 * Validated with quizSchema (its messages under the fields), then by the server. Fields that
 * students' attempts have locked are disabled, with the reason.
 */
export function QuizForm({ heading, initial, locked, links, quizId, onSave, onCancel }: QuizFormProps) {
  const form = useSchemaForm<typeof quizDraftSchema, QuizDraft>(quizDraftSchema, initial);
  const { values, update, setField, handleSubmit, showServerErrors, formRef, submitted } = form;
  // The window's messages show with the others, even while e.g. the name is still empty.
  const errors = useMemo(() => (submitted ? { ...windowErrorsOf(values), ...form.errors } : form.errors), [submitted, values, form.errors]);
  const [saving, setSaving] = useState(false);
  const subjects = useRememberedSubjects();
  const groups = useRememberedGroups();
  const rooms = useDepartmentRooms();
  const choices = useRememberedChoices();
  const stats = usePaperStats(values);
  const allSubjects = subjects.data as Subject[];
  const selectedSubjects = values.subjects.map(
    (id) => allSubjects.find((s) => s.id === id) ?? ({ id, subjectname: subjects.isLoading ? '…' : `#${id}`, code: '', semester: '' } as Subject),
  );
  const isLocked = (field: LockedField) => locked.has(field) || saving;
  const lockedOrSaving = (lock: LockedField | undefined) => (lock ? isLocked(lock) : saving);
  const bind = textFieldBinder(values, errors, setField);
  const windowMinutes = minutesBetween(values.valid_from, values.valid_to);
  const duration = Number(values.duration);

  const setOption = (name: keyof QuizOptions, checked: boolean) =>
    update((current) => ({ ...current, options: { ...current.options, [name]: checked } }), `options.${name}`);

  // A quiz without questions can only be a draft (the schema refuses publishing it): saving one asks first.
  const [emptyDraft, setEmptyDraft] = useState<Quiz>();
  const submit = handleSubmit(async (quiz: Quiz) => {
    if (isPaperEmpty(quiz)) setEmptyDraft(quiz);
    else await save(quiz);
  });
  const save = async (quiz: Quiz) => {
    setSaving(true);
    try {
      const refused = await onSave(quiz);
      if (refused) {
        // Students started meanwhile: what they depend on goes back to its saved value.
        const lockedNow = LOCKED_WHEN_ATTEMPTED.filter((field) => field in refused);
        if (lockedNow.length) update((current) => ({ ...current, ...Object.fromEntries(lockedNow.map((field) => [field, initial[field]])) }));
        showServerErrors(refused);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-labelledby="quiz-form-heading" sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1400 }}>
        <Stack useFlexGap direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id="quiz-form-heading" component="h1" variant="h5" sx={{ flex: 1 }}>
            {heading}
          </Typography>
          {links && (
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to={links.preview} size="small">
                Preview
              </Button>
              <Button component={RouterLink} to={links.manage} size="small">
                Manage
              </Button>
            </Stack>
          )}
        </Stack>

        {locked.size > 0 && (
          <Alert severity="warning" icon={<LockOutlinedIcon />} sx={{ mb: 3 }}>
            <AlertTitle>{LOCKED_MESSAGE}</AlertTitle>
            You can still change the name, when students see it, the instructions, whether they may review answers, and publishing.
          </Alert>
        )}

        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 8 }}>
            <Stack spacing={3}>
              <FormSection title="Details">
                <Grid container spacing={2}>
                  <Grid size={12}>
                    <TextField
                      id="quiz-name"
                      label="Name"
                      required
                      {...bind('name')}
                      slotProps={{ htmlInput: { maxLength: QUIZ_NAME_MAX + 20 } }}
                      disabled={saving}
                      fullWidth
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 7 }}>
                    <Autocomplete<Subject, true>
                      multiple
                      id="quiz-subjects"
                      options={allSubjects}
                      value={selectedSubjects}
                      onChange={(_event, chosen) => update((current) => ({ ...current, subjects: chosen.map((s) => s.id) }), 'subjects')}
                      getOptionLabel={(option) => (option.code ? `${option.subjectname} (${option.code})` : option.subjectname)}
                      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
                      loading={subjects.isLoading}
                      disabled={isLocked('subjects')}
                      disableCloseOnSelect
                      noOptionsText="No subjects"
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          label="Subjects"
                          required
                          error={Boolean(errors.subjects)}
                          helperText={errors.subjects ?? 'The paper’s questions come from these subjects'}
                        />
                      )}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 5 }}>
                    <IdAutocomplete
                      id="quiz-group"
                      label="Group"
                      required
                      choices={groups.data.map((g) => ({ id: (g as { id: number }).id, label: g.groupName }))}
                      value={values.group_id}
                      onChange={(group) => {
                        choices.rememberGroup(group);
                        setField('group_id', group);
                      }}
                      loading={groups.isLoading}
                      error={errors.group_id}
                      helperText="The students who take it"
                      disabled={isLocked('group_id')}
                      noOptionsText="No groups"
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 5 }}>
                    <IdAutocomplete
                      id="quiz-room"
                      label="Room"
                      choices={rooms.data.map((room) => ({ id: room.id, label: `${room.name} (${room.building}, ${room.capacity} seats)` }))}
                      value={values.room}
                      onChange={(room) => setField('room', room)}
                      loading={rooms.isPending}
                      error={errors.room}
                      helperText="Where the exam is sat (optional)"
                      disabled={saving}
                      noOptionsText="No rooms in your department"
                    />
                  </Grid>
                  <Grid size={12}>
                    <TextField
                      id="quiz-instructions"
                      label="Instructions"
                      multiline
                      minRows={3}
                      maxRows={12}
                      {...bind('instructions', 'Shown to students before they start')}
                      disabled={saving}
                      fullWidth
                    />
                  </Grid>
                </Grid>
              </FormSection>

              <FormSection title="Schedule" description="Students see the quiz from “Visible from”, and may start it between “Valid from” and “Valid to”.">
                <Grid container spacing={2}>
                  {WINDOW_FIELDS.map(({ name, id, label, lock }) => (
                    <Grid key={name} size={{ xs: 12, md: 4 }}>
                      <DateTimeField
                        id={id}
                        label={label}
                        required
                        value={values[name]}
                        onChange={(value) => setField(name, value)}
                        error={errors[name]}
                        disabled={lockedOrSaving(lock)}
                      />
                    </Grid>
                  ))}
                  <Grid size={{ xs: 12, md: 4 }}>
                    <TextField
                      id="quiz-duration"
                      label="Duration (minutes)"
                      required
                      {...bind(
                        'duration',
                        Number.isFinite(windowMinutes) && windowMinutes > 0
                          ? `The window is ${formatMinutes(windowMinutes)}; the duration must be shorter`
                          : 'How long each student has',
                      )}
                      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                      disabled={isLocked('duration')}
                      fullWidth
                    />
                  </Grid>
                </Grid>
              </FormSection>

              <FormSection title="Options">
                {errors.options && (
                  <FormHelperText error role="alert" sx={{ mb: 1 }}>
                    {errors.options}
                  </FormHelperText>
                )}
                <Grid container columnSpacing={3}>
                  <Grid size={{ xs: 12, md: 6 }}>
                    {MARKING_OPTIONS.map(({ name, label, description }) => (
                      <OptionSwitch
                        key={name}
                        label={label}
                        description={description}
                        checked={values.options[name]}
                        onChange={(checked) => setOption(name, checked)}
                        disabled={isLocked('options')}
                      >
                        {name === 'negative_marking' && values.options.negative_marking && (
                          <TextField
                            id="quiz-negative-penalty"
                            label="Penalty per wrong answer"
                            required
                            size="small"
                            {...bind('negative_penalty', 'A fraction of the question’s marks: 0.25 is a quarter')}
                            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                            disabled={isLocked('negative_penalty')}
                            sx={{ mt: 1.5, ml: 6, maxWidth: 300 }}
                          />
                        )}
                      </OptionSwitch>
                    ))}
                  </Grid>
                  <Grid size={{ xs: 12, md: 6 }}>
                    {DELIVERY_OPTIONS.map(({ name, label, description, lock }) => (
                      <OptionSwitch
                        key={name}
                        label={label}
                        description={description}
                        checked={values[name]}
                        onChange={(checked) => setField(name, checked)}
                        disabled={lockedOrSaving(lock)}
                      />
                    ))}
                  </Grid>
                </Grid>
              </FormSection>

              <AttemptsReviewSection values={values} errors={errors} disabled={saving} setField={setField} />

              <FormSection title="Course-outcome attainment">
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  A student reaches a module at the target percent of its marks; the module's level is 3, 2 or 1 when at least that percent of the students reach it.
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField id="quiz-attainment-target" label="Target (%)" size="small" {...bind('attainment_target')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} disabled={saving} />
                  {(['level3', 'level2', 'level1'] as const).map((level) => {
                    const name = `attainment_${level}` as const;
                    const error = errors[`attainment_levels.${level}`] ?? errors.attainment_levels;
                    return (
                      <TextField
                        key={level}
                        id={`quiz-attainment-${level}`}
                        label={`Level ${level.slice(-1)} at (% of students)`}
                        size="small"
                        value={values[name]}
                        onChange={(event) => setField(name, event.target.value)}
                        error={Boolean(error)}
                        helperText={error}
                        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                        disabled={saving}
                      />
                    );
                  })}
                </Stack>
              </FormSection>

              <FormSection title="Exam integrity" description="What the exam watches and enforces; the manage page shows every attempt’s record.">
                <Grid container columnSpacing={3}>
                  <Grid size={{ xs: 12, md: 6 }}>
                    <OptionSwitch
                      label="Require full screen"
                      description="The exam asks for full screen and covers the questions until it is restored; leaving it is recorded."
                      checked={values.require_fullscreen}
                      onChange={(checked) => setField('require_fullscreen', checked)}
                      disabled={saving}
                    />
                    <OptionSwitch
                      label="Block copy and paste"
                      description="Copy, paste and the context menu do nothing during the exam (they are recorded either way)."
                      checked={values.block_clipboard}
                      onChange={(checked) => setField('block_clipboard', checked)}
                      disabled={saving}
                    />
                    {(['away_seconds', 'events', 'no_face_seconds', 'multiple_faces_seconds'] as const).map((key) => (
                      <TextField
                        key={key}
                        id={`quiz-threshold-${key}`}
                        size="small"
                        label={THRESHOLD_LABELS[key]}
                        value={values.integrity_thresholds[key]}
                        onChange={(event) => update((current) => ({ ...current, integrity_thresholds: { ...current.integrity_thresholds, [key]: event.target.value } }), `integrity_thresholds.${key}`)}
                        error={Boolean(errors[`integrity_thresholds.${key}`])}
                        helperText={errors[`integrity_thresholds.${key}`]}
                        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                        disabled={saving}
                        sx={{ mt: 1.5, mr: 1, maxWidth: 260 }}
                      />
                    ))}
                  </Grid>
                  <Grid size={{ xs: 12, md: 6 }}>
                    {values.options.safe_exam_browser && (
                      <>
                        <TextField
                          id="quiz-seb-quit-password"
                          type="password"
                          autoComplete="new-password"
                          label="Safe Exam Browser quit password"
                          fullWidth
                          size="small"
                          {...bind('seb_quit_password', 'Optional. Stored only as its SHA-256; leave empty to keep the current one')}
                          disabled={saving}
                          sx={{ mb: 2 }}
                        />
                        <TextField
                          id="quiz-seb-beks"
                          label="Allowed Browser Exam Keys"
                          fullWidth
                          multiline
                          minRows={2}
                          size="small"
                          value={values.seb_browser_exam_keys}
                          onChange={(event) => setField('seb_browser_exam_keys', event.target.value)}
                          error={Object.keys(errors).some((k) => k.startsWith('seb_browser_exam_keys'))}
                          helperText={
                            Object.entries(errors).find(([k]) => k.startsWith('seb_browser_exam_keys'))?.[1] ??
                            'Optional, one a line: only these Safe Exam Browser builds may open the exam'
                          }
                          disabled={saving}
                        />
                      </>
                    )}
                  </Grid>
                </Grid>
              </FormSection>

              <FormSection title="Paper">
                <Stack spacing={3} divider={<Divider flexItem />}>
                  <FixedQuestionsEditor
                    subjects={values.subjects}
                    questions={values.questions}
                    onChange={(questions) => update((current) => ({ ...current, questions }), 'questions')}
                    records={stats.fixedRecords}
                    outsideSubjects={stats.outsideSubjects}
                    loading={stats.loading}
                    error={errors.questions}
                    disabled={isLocked('questions')}
                  />
                  <RandomRulesEditor
                    subjects={values.subjects}
                    rules={values.random_rules}
                    onChange={(random_rules) => update((current) => ({ ...current, random_rules }), 'random_rules')}
                    stats={stats.rules}
                    errors={errors}
                    disabled={isLocked('random_rules')}
                  />
                  {values.random_rules.length > 0 && (
                    <FairnessPanel
                      draft={values}
                      quizId={quizId}
                      errors={errors}
                      disabled={isLocked('random_rules')}
                      onBalance={(on) => update((current) => ({ ...current, balance_papers: on }), 'balance_papers')}
                      onTolerance={(text) => update((current) => ({ ...current, balance_tolerance: text }), 'balance_tolerance')}
                    />
                  )}
                </Stack>
              </FormSection>
            </Stack>
          </Grid>

          <Grid size={{ xs: 12, lg: 4 }}>
            <FormAside label="Summary">
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
                <Typography component="h2" variant="h6">
                  Summary
                </Typography>
                <QuizStateChip quiz={{ published: values.published, valid_from: values.valid_from, valid_to: values.valid_to }} />
              </Stack>
              <PaperSummary stats={stats} duration={duration} />
              <Divider sx={{ my: 2 }} />
              <DescribedSwitch
                label="Published"
                description={values.published ? 'The group’s students see it from “Visible from”.' : 'A draft: no student sees it yet.'}
                checked={values.published}
                onChange={(checked) => setField('published', checked)}
                disabled={saving}
                mb={2}
              />
              <FormActions submitLabel="Save quiz" onCancel={onCancel} saving={saving} />
            </FormAside>
          </Grid>
        </Grid>
        <ConfirmDialog
          open={emptyDraft !== undefined}
          title="This quiz has no questions yet"
          confirmLabel="Save as draft"
          onConfirm={() => (emptyDraft ? save(emptyDraft) : undefined)}
          onClose={() => setEmptyDraft(undefined)}
        >
          It will be saved as a draft that no student sees. Add fixed questions or random rules to its paper before publishing it.
        </ConfirmDialog>
      </Box>
    </LocalizationProvider>
  );
}
