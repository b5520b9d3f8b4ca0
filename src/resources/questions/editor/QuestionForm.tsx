import { useMemo, useState, type ReactNode } from 'react';
import { useGetList } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import {
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  QUESTION_TEXT_MAX,
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
  SCORING_LABELS,
  SCORING_MODES,
  type Difficulty,
  type Question,
  type QuestionType,
  type ScoringMode,
} from '../../../schemas/questions';
import type { TopicRecord } from '../../../schemas/topics';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { useSchemaForm } from '../../../ui/forms/useSchemaForm';
import { useRememberedChoices, useRememberedModules, useRememberedSubjects } from '../../memory/useRememberedLists';
import { QuestionView } from '../QuestionView';
import { answerErrorsOf, newQuestionDraft, previewOfDraft, questionDraftSchema, withType, type QuestionDraft } from '../questionDraft';
import { AcceptedAnswersEditor } from './AcceptedAnswersEditor';
import { IdAutocomplete } from './IdAutocomplete';
import { OptionsEditor } from './OptionsEditor';
import { FormSection } from '../../../ui/forms/FormSection';

export interface QuestionFormProps {
  heading: string;
  initial: QuestionDraft;
  /** Shown when editing: answers already given keep the version they saw. */
  version?: number;
  /** Offers 'Save and add another' (the create screen). */
  allowAnother?: boolean;
  /** Saves; answers the server's field errors when it refused. */
  onSave: (question: Question, options: { another: boolean }) => Promise<FieldErrors | undefined>;
  onCancel: () => void;
}

/** The topics of one module (none while no module is chosen). */
function useModuleTopics(moduleId: number | null) {
  const { data, isPending } = useGetList<TopicRecord & { id: number }>(
    'topics',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, filter: { module_id: moduleId } },
    { enabled: moduleId !== null },
  );
  return { topics: moduleId === null ? [] : (data ?? []), isLoading: moduleId !== null && isPending };
}


const ANSWER_DESCRIPTIONS: Record<QuestionType, string> = {
  single: 'Students choose one option.',
  multiple: 'Students choose every option they think is correct.',
  true_false: 'Students answer true or false.',
  numeric: 'Students type a number; answers within the tolerance count as correct.',
  short_answer: 'Students type a word or a short phrase.',
  descriptive: 'Students write a longer answer.',
};

/**
 * The question editor (questions/add, questions/edit/{questionId}): classification, the text in
 * Markdown with a live preview, marks, time and difficulty, and the answer each type needs.
 * Validated with questionSchema (SPEC.md's messages under the fields), then by the server.
 */
export function QuestionForm({ heading, initial, version, allowAnother = false, onSave, onCancel }: QuestionFormProps) {
  const form = useSchemaForm<typeof questionDraftSchema, QuestionDraft>(questionDraftSchema, initial);
  const { values, update, setField, handleSubmit, showServerErrors, reset, formRef, submitted } = form;
  // The answer's messages show with the others, even while e.g. the text is still empty.
  const errors = useMemo(() => (submitted ? { ...answerErrorsOf(values), ...form.errors } : form.errors), [submitted, values, form.errors]);
  const [saving, setSaving] = useState(false);
  const choices = useRememberedChoices();
  const subjects = useRememberedSubjects();
  const modules = useRememberedModules(values.subject);
  const topics = useModuleTopics(values.module);
  const preview = previewOfDraft(values);

  const submit = (another: boolean) =>
    handleSubmit(async (question: Question) => {
      setSaving(true);
      try {
        const refused = await onSave(question, { another });
        if (refused) showServerErrors(refused);
        else if (another) {
          // The next question starts where this one was filed, with the same kind of answer.
          reset(
            newQuestionDraft({
              subject: values.subject,
              module: values.module,
              topic: values.topic,
              type: values.type,
              marks: values.marks,
              time_required: values.time_required,
              difficulty: values.difficulty,
            }),
          );
          requestAnimationFrame(() => document.getElementById('question-text')?.focus());
        }
      } finally {
        setSaving(false);
      }
    });

  const setSubject = (subject: number | null) => {
    choices.rememberSubject(subject);
    update((current) => (current.subject === subject ? current : { ...current, subject, module: null, topic: null }), 'subject');
  };
  const setModule = (module: number | null) => {
    choices.rememberModule(module);
    update((current) => (current.module === module ? current : { ...current, module, topic: null }), 'module');
  };

  const type = values.type;
  let answer: ReactNode = null;
  if (type === 'single' || type === 'multiple') {
    answer = (
      <Stack spacing={3}>
        <OptionsEditor
          mode={type}
          options={values.options}
          onChange={(options) => update((current) => ({ ...current, options }), 'options')}
          errors={errors}
          disabled={saving}
        />
        {type === 'multiple' && (
          <FormControl disabled={saving}>
            <FormLabel id="question-scoring-label">Scoring</FormLabel>
            <RadioGroup
              row
              aria-labelledby="question-scoring-label"
              value={values.scoring}
              onChange={(event) => setField('scoring', event.target.value as ScoringMode)}
            >
              {SCORING_MODES.map((mode) => (
                <FormControlLabel key={mode} value={mode} control={<Radio />} label={SCORING_LABELS[mode]} />
              ))}
            </RadioGroup>
            <FormHelperText>
              {values.scoring === 'partial'
                ? 'Each correct option earns its share of the marks; a wrong choice cancels one share.'
                : 'The marks are given only when exactly the correct options are chosen.'}
            </FormHelperText>
          </FormControl>
        )}
      </Stack>
    );
  } else if (type === 'true_false') {
    answer = (
      <FormControl error={Boolean(errors.correct_bool)} disabled={saving} required>
        <FormLabel id="question-correct-bool-label">Correct answer</FormLabel>
        <RadioGroup
          row
          aria-labelledby="question-correct-bool-label"
          value={values.correct_bool === null ? '' : String(values.correct_bool)}
          onChange={(event) => setField('correct_bool', event.target.value === 'true')}
        >
          <FormControlLabel value="true" control={<Radio slotProps={{ input: { 'aria-invalid': Boolean(errors.correct_bool) } }} />} label="True" />
          <FormControlLabel value="false" control={<Radio />} label="False" />
        </RadioGroup>
        {errors.correct_bool && <FormHelperText>{errors.correct_bool}</FormHelperText>}
      </FormControl>
    );
  } else if (type === 'numeric') {
    answer = (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id="question-numeric-value"
          label="Correct value"
          value={values.numeric_value}
          onChange={(event) => setField('numeric_value', event.target.value)}
          error={Boolean(errors.numeric_value)}
          helperText={errors.numeric_value ?? 'The exact answer, e.g. 3.14'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          disabled={saving}
          required
          fullWidth
        />
        <TextField
          id="question-numeric-tolerance"
          label="Tolerance (±)"
          value={values.numeric_tolerance}
          onChange={(event) => setField('numeric_tolerance', event.target.value)}
          error={Boolean(errors.numeric_tolerance)}
          helperText={errors.numeric_tolerance ?? 'Answers this close to the value are correct; 0 for exact'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          disabled={saving}
          fullWidth
        />
      </Stack>
    );
  } else if (type === 'short_answer') {
    answer = (
      <AcceptedAnswersEditor
        answers={values.accepted_answers}
        onChange={(accepted_answers) => update((current) => ({ ...current, accepted_answers }), 'accepted_answers')}
        errors={errors}
        disabled={saving}
      />
    );
  } else if (type === 'descriptive') {
    answer = (
      <Alert severity="info" variant="outlined">
        Nothing to set here: you grade descriptive answers yourself from the quiz&apos;s Manage screen once students submit.
      </Alert>
    );
  }

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={submit(false)}
      aria-labelledby="question-form-heading"
      sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1400 }}
    >
      <Stack useFlexGap direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 2, flexWrap: 'wrap' }}>
        <Typography id="question-form-heading" component="h1" variant="h5">
          {heading}
        </Typography>
        {version !== undefined && (
          <Typography variant="body2" color="text.secondary">
            Version {version} · saving makes version {version + 1}; attempts already taken keep the version they saw.
          </Typography>
        )}
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            <FormSection title="Where it belongs">
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <IdAutocomplete
                    id="question-subject"
                    label="Subject"
                    required
                    choices={subjects.data.map((s) => ({ id: (s as { id: number }).id, label: `${s.subjectname} (${s.code})` }))}
                    value={values.subject}
                    onChange={setSubject}
                    loading={subjects.isLoading}
                    error={errors.subject}
                    disabled={saving}
                    noOptionsText="No subjects"
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <IdAutocomplete
                    id="question-module"
                    label="Module"
                    required
                    choices={modules.data.map((m) => ({ id: (m as { id: number }).id, label: m.course_outcome_name }))}
                    value={values.module}
                    onChange={setModule}
                    loading={modules.isLoading}
                    error={errors.module}
                    disabled={saving}
                    noOptionsText={values.subject === null ? 'Choose a subject first' : 'This subject has no modules yet'}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <IdAutocomplete
                    id="question-topic"
                    label="Topic"
                    choices={topics.topics.map((t) => ({ id: t.id, label: t.name }))}
                    value={values.topic}
                    onChange={(topic) => setField('topic', topic)}
                    loading={topics.isLoading}
                    error={errors.topic}
                    helperText="Optional"
                    disabled={saving}
                    noOptionsText={values.module === null ? 'Choose a module first' : 'This module has no topics'}
                  />
                </Grid>
              </Grid>
            </FormSection>

            <FormSection title="Question">
              <Stack spacing={2.5}>
                <TextField
                  id="question-type"
                  select
                  label="Question type"
                  required
                  value={values.type}
                  onChange={(event) => update((current) => withType(current, event.target.value as QuestionType), 'type')}
                  error={Boolean(errors.type)}
                  helperText={errors.type ?? (type ? ANSWER_DESCRIPTIONS[type] : undefined)}
                  disabled={saving}
                  sx={{ maxWidth: { sm: 360 } }}
                >
                  {QUESTION_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      {QUESTION_TYPE_LABELS[t]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  id="question-text"
                  label="Question text"
                  required
                  multiline
                  minRows={5}
                  maxRows={20}
                  value={values.question}
                  onChange={(event) => setField('question', event.target.value)}
                  error={Boolean(errors.question)}
                  helperText={
                    errors.question ??
                    `Markdown: **bold**, *italic*, lists, \`code\`. Math: $x^2$ inline, $$…$$ on its own line. ${values.question.length}/${QUESTION_TEXT_MAX}`
                  }
                  slotProps={{ htmlInput: { maxLength: QUESTION_TEXT_MAX, spellCheck: true } }}
                  disabled={saving}
                  fullWidth
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    id="question-marks"
                    label="Marks"
                    required
                    value={values.marks}
                    onChange={(event) => setField('marks', event.target.value)}
                    error={Boolean(errors.marks)}
                    helperText={errors.marks}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    disabled={saving}
                    fullWidth
                  />
                  <TextField
                    id="question-time"
                    label="Time required (minutes)"
                    required
                    value={values.time_required}
                    onChange={(event) => setField('time_required', event.target.value)}
                    error={Boolean(errors.time_required)}
                    helperText={errors.time_required ?? 'How long a student needs for it'}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    disabled={saving}
                    fullWidth
                  />
                </Stack>
                <FormControl error={Boolean(errors.difficulty)} disabled={saving} required>
                  <FormLabel id="question-difficulty-label">Difficulty</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="question-difficulty-label"
                    value={values.difficulty}
                    onChange={(event) => setField('difficulty', event.target.value as Difficulty)}
                  >
                    {DIFFICULTIES.map((d, index) => (
                      <FormControlLabel
                        key={d}
                        value={d}
                        control={<Radio slotProps={index === 0 ? { input: { 'aria-invalid': Boolean(errors.difficulty) } } : undefined} />}
                        label={DIFFICULTY_LABELS[d]}
                      />
                    ))}
                  </RadioGroup>
                  {errors.difficulty && <FormHelperText>{errors.difficulty}</FormHelperText>}
                </FormControl>
              </Stack>
            </FormSection>

            {type !== '' && (
              <FormSection title="Answer" description={ANSWER_DESCRIPTIONS[type]}>
                {answer}
              </FormSection>
            )}

            <Stack useFlexGap direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
              <Button onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
              {allowAnother && (
                <Button variant="outlined" onClick={submit(true)} disabled={saving}>
                  Save and add another
                </Button>
              )}
              <Button
                type="submit"
                variant="contained"
                disabled={saving}
                startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                Save question
              </Button>
            </Stack>
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, lg: 5 }}>
          <Paper
            variant="outlined"
            component="aside"
            aria-label="Preview"
            sx={{ p: { xs: 2, sm: 3 }, position: { lg: 'sticky' }, top: { lg: 72 }, bgcolor: 'background.default' }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, color: 'text.secondary' }}>
              <VisibilityOutlinedIcon fontSize="small" aria-hidden />
              <Typography variant="overline" component="h2" sx={{ lineHeight: 1.5 }}>
                Preview: what students see
              </Typography>
            </Stack>
            {preview ? (
              <Paper sx={{ p: 2 }} elevation={0}>
                <QuestionView question={preview.question} answerKey={preview.key} headingLevel="h3" />
              </Paper>
            ) : (
              <Typography color="text.secondary">Choose a question type to see the question as students will.</Typography>
            )}
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}
