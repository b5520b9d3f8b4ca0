import { useMemo, useState, type ReactNode } from 'react';
import { useGetList } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import {
  COMBINED_FEEDBACK_FIELDS,
  COMBINED_FEEDBACK_LABELS,
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  hasCombinedFeedback,
  QUESTION_TEXT_MAX,
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
  SCORING_LABELS,
  SCORING_MODES,
  type CombinedFeedbackField,
  type Question,
  type QuestionType,
} from '../../../schemas/questions';
import type { TopicRecord } from '../../../schemas/topics';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { useSchemaForm } from '../../../ui/forms/useSchemaForm';
import { usePreselectOnlySubject, useRememberedChoices, useRememberedModules, useRememberedSubjects } from '../../memory/useRememberedLists';
import { QuestionView } from '../QuestionView';
import { answerErrorsOf, newQuestionDraft, previewOfDraft, questionDraftSchema, withType, type QuestionDraft } from '../questionDraft';
import { AcceptedAnswersEditor } from './AcceptedAnswersEditor';
import { NumericAnswersEditor } from './NumericAnswersEditor';
import { IdAutocomplete } from '../../../ui/forms/IdAutocomplete';
import { OptionsEditor } from './OptionsEditor';
import { MatchPairsEditor } from './MatchPairsEditor';
import { FormActions } from '../../../ui/forms/FormActions';
import { FormAside } from '../../../ui/forms/FormAside';
import { FormSection } from '../../../ui/forms/FormSection';
import { RadioField } from '../../../ui/forms/RadioField';
import { textFieldBinder } from '../../../ui/forms/textFieldBinder';
import { imagePasteHandlers } from './imagePaste';

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


/** Which responses see each of Moodle's combined feedback (full, some or no marks). */
const COMBINED_FEEDBACK_SEEN_BY: Record<CombinedFeedbackField, string> = {
  correct_feedback: 'a response with full marks',
  partially_correct_feedback: 'a response with some but not all marks',
  incorrect_feedback: 'a response with no marks',
};

const ANSWER_DESCRIPTIONS: Record<QuestionType, string> = {
  single: 'Students choose one option.',
  multiple: 'Students choose every option they think is correct.',
  true_false: 'Students answer true or false.',
  numeric: 'Students type a number; a number within an answer\'s tolerance earns that answer\'s weight.',
  short_answer: 'Students type a word or a short phrase.',
  descriptive: 'Students write a longer answer.',
  matching: 'Students choose, for each subquestion, its answer from one shuffled list; each right pair earns its share of the marks.',
  description: 'A text without an answer or marks (a passage or case study the next questions refer to).',
  cloze: 'Students fill in gaps written in the text in Moodle\'s syntax, e.g. {1:SHORTANSWER:=Paris} or {2:MULTICHOICE:London~=Paris}; each gap is marked on its own.',
};

const SCORING_CHOICES = SCORING_MODES.map((mode) => ({ value: mode, label: SCORING_LABELS[mode] }));
const DIFFICULTY_CHOICES = DIFFICULTIES.map((d) => ({ value: d, label: DIFFICULTY_LABELS[d] }));
const TRUE_FALSE_CHOICES = [
  { value: 'true', label: 'True' },
  { value: 'false', label: 'False' },
] as const;

/**
 * The question editor (questions/add, questions/edit/{questionId}): classification, the text in
 * Markdown with a live preview, marks, time and difficulty, and the answer each type needs.
 * Validated with questionSchema (its messages under the fields), then by the server.
 */
export function QuestionForm({ heading, initial, version, allowAnother = false, onSave, onCancel }: QuestionFormProps) {
  const form = useSchemaForm<typeof questionDraftSchema, QuestionDraft>(questionDraftSchema, initial);
  const { values, update, setField, handleSubmit, showServerErrors, reset, formRef, submitted } = form;
  // The answer's messages show with the others, even while e.g. the text is still empty.
  const errors = useMemo(() => (submitted ? { ...answerErrorsOf(values), ...form.errors } : form.errors), [submitted, values, form.errors]);
  const [saving, setSaving] = useState(false);
  // The old matching rule is offered only to questions written under it.
  const [offerLegacyMatch] = useState(initial.type === 'short_answer' && initial.text_match === 'legacy');
  const choices = useRememberedChoices();
  const subjects = useRememberedSubjects();
  const modules = useRememberedModules(values.subject);
  const topics = useModuleTopics(values.module);
  const preview = previewOfDraft(values);
  const bind = textFieldBinder(values, errors, setField);
  // A Markdown text besides the question's (feedback, model answer), images pasted or dropped in as in the text.
  const markdownField = (field: 'general_feedback' | 'model_answer' | CombinedFeedbackField, label: string, hint: string, props: TextFieldProps) => (
    <TextField
      key={field}
      id={`question-${field.replace(/_/g, '-')}`}
      label={label}
      {...bind(field, hint)}
      {...imagePasteHandlers((text) => setField(field, text), saving)}
      multiline
      disabled={saving}
      fullWidth
      {...props}
    />
  );

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
  usePreselectOnlySubject(subjects, values.subject, setSubject);
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
          scoring={values.scoring}
          options={values.options}
          onChange={(options) => update((current) => ({ ...current, options }), 'options')}
          errors={errors}
          disabled={saving}
        />
        {type === 'multiple' && (
          <RadioField
            labelId="question-scoring-label"
            label="Scoring"
            choices={SCORING_CHOICES.filter((c) => c.value !== 'legacy-partial' || values.scoring === 'legacy-partial')}
            value={values.scoring}
            onChange={(scoring) => setField('scoring', scoring)}
            helperText={
              values.scoring === 'partial'
                ? 'A response earns the sum of the chosen options\' weights, between 0 and the full marks (as Moodle marks).'
                : values.scoring === 'legacy-partial'
                  ? 'The rule of questions written before weights: (right chosen - wrong chosen) / right options, never below 0.'
                  : 'The marks are given only when exactly the options with a positive weight are chosen.'
            }
            disabled={saving}
          />
        )}
      </Stack>
    );
  } else if (type === 'true_false') {
    answer = (
      <Stack spacing={2}>
        <RadioField
          labelId="question-correct-bool-label"
          label="Correct answer"
          required
          choices={TRUE_FALSE_CHOICES}
          value={values.correct_bool === null ? '' : values.correct_bool ? 'true' : 'false'}
          onChange={(value) => setField('correct_bool', value === 'true')}
          error={errors.correct_bool}
          disabled={saving}
        />
        <TextField
          id="question-true-feedback"
          label="Feedback for the answer True"
          {...bind('true_feedback', 'Optional: shown in the review to students who answered True')}
          multiline
          maxRows={4}
          disabled={saving}
          fullWidth
        />
        <TextField
          id="question-false-feedback"
          label="Feedback for the answer False"
          {...bind('false_feedback', 'Optional: shown in the review to students who answered False')}
          multiline
          maxRows={4}
          disabled={saving}
          fullWidth
        />
      </Stack>
    );
  } else if (type === 'numeric') {
    answer = (
      <NumericAnswersEditor
        answers={values.numeric_answers}
        onChange={(numeric_answers) => update((current) => ({ ...current, numeric_answers }), 'numeric_answers')}
        errors={errors}
        disabled={saving}
      />
    );
  } else if (type === 'short_answer') {
    answer = (
      <AcceptedAnswersEditor
        answers={values.accepted_answers}
        onChange={(accepted_answers) => update((current) => ({ ...current, accepted_answers }), 'short_answers')}
        caseSensitive={values.case_sensitive}
        onCaseSensitiveChange={(caseSensitive) => setField('case_sensitive', caseSensitive)}
        textMatch={values.text_match}
        offerLegacy={offerLegacyMatch}
        onTextMatchChange={(textMatch) => setField('text_match', textMatch)}
        errors={errors}
        disabled={saving}
      />
    );
  } else if (type === 'matching') {
    answer = (
      <MatchPairsEditor
        pairs={values.match_pairs}
        onChange={(match_pairs) => update((current) => ({ ...current, match_pairs }), 'match_pairs')}
        errors={errors}
        disabled={saving}
      />
    );
  } else if (type === 'description') {
    answer = (
      <Alert severity="info" variant="outlined">
        A description has no answer and no marks (marks 0). Put it before the questions that refer to it; with shuffled questions it may move.
      </Alert>
    );
  } else if (type === 'cloze') {
    answer = (
      <Alert severity="info" variant="outlined">
        Write the gaps in the question text as Moodle does, e.g. {'{1:SHORTANSWER:=Paris#Right~*#Wrong}'}, {'{2:NUMERICAL:=3.14:0.01}'} or{' '}
        {'{1:MULTICHOICE:London~=Paris~Rome}'} (MC, MCV, MCH, MCS; SA, SAC for case-sensitive; NM). The number before the first colon is the gap&apos;s
        weight; = marks a right answer, %50% a partly right one, # starts its feedback.
      </Alert>
    );
  } else if (type === 'descriptive') {
    answer = (
      <Stack spacing={2}>
        <Alert severity="info" variant="outlined">
          You grade descriptive answers yourself from the quiz&apos;s Manage or Analysis screen once students submit.
        </Alert>
        {markdownField('model_answer', 'Model answer or rubric', 'Optional: shown beside each answer to whoever grades it, never to students. Markdown and $math$.', { minRows: 3, maxRows: 14 })}
      </Stack>
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
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    id="question-tags"
                    label="Tags"
                    {...bind('tags', 'Optional, separated by commas')}
                    disabled={saving}
                    fullWidth
                  />
                </Grid>
                <Grid size={12}>
                  <TextField
                    id="question-category"
                    label="Moodle category"
                    {...bind('category', 'Optional: the category path the question had in Moodle, kept for export')}
                    disabled={saving}
                    fullWidth
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
                  id="question-name"
                  label="Question name"
                  {...bind('name', 'Optional: a short title (Moodle\'s question name), shown in the question list')}
                  disabled={saving}
                  fullWidth
                />
                <TextField
                  id="question-text"
                  label="Question text"
                  required
                  multiline
                  minRows={5}
                  maxRows={20}
                  {...bind(
                    'question',
                    `Markdown: **bold**, *italic*, lists, \`code\`. Math: $x^2$ inline, $$…$$ on its own line. Paste or drop an image (PNG, JPEG, GIF, WebP, at most 1 MB). ${values.question.length}/${QUESTION_TEXT_MAX}`,
                  )}
                  slotProps={{ htmlInput: { maxLength: QUESTION_TEXT_MAX, spellCheck: true } }}
                  {...imagePasteHandlers((text) => setField('question', text), saving)}
                  disabled={saving}
                  fullWidth
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    id="question-marks"
                    label="Marks"
                    required
                    {...bind('marks')}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    disabled={saving}
                    fullWidth
                  />
                  <TextField
                    id="question-time"
                    label="Time required (minutes)"
                    required
                    {...bind('time_required', 'How long a student needs for it')}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    disabled={saving}
                    fullWidth
                  />
                </Stack>
                <RadioField
                  labelId="question-difficulty-label"
                  label="Difficulty"
                  required
                  choices={DIFFICULTY_CHOICES}
                  value={values.difficulty}
                  onChange={(difficulty) => setField('difficulty', difficulty)}
                  error={errors.difficulty}
                  disabled={saving}
                />
              </Stack>
            </FormSection>

            {type !== '' && (
              <FormSection title="Answer" description={ANSWER_DESCRIPTIONS[type]}>
                {answer}
              </FormSection>
            )}

            <FormSection title="General feedback">
              {markdownField('general_feedback', 'General feedback', 'Optional: shown in the review to every student once the correct answers are shown. Markdown and $math$.', { minRows: 2, maxRows: 10 })}
              {hasCombinedFeedback(type) &&
                COMBINED_FEEDBACK_FIELDS.map((field) =>
                  markdownField(field, COMBINED_FEEDBACK_LABELS[field], `Optional: shown in the review to ${COMBINED_FEEDBACK_SEEN_BY[field]}, once the correct answers are shown. Markdown and $math$.`, {
                    maxRows: 6,
                    size: 'small',
                    sx: { mt: 2 },
                  }),
                )}
            </FormSection>

            <FormActions submitLabel="Save question" onCancel={onCancel} saving={saving}>
              {allowAnother && (
                <Button variant="outlined" onClick={submit(true)} disabled={saving}>
                  Save and add another
                </Button>
              )}
            </FormActions>
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, lg: 5 }}>
          <FormAside label="Preview" sx={{ bgcolor: 'background.default' }}>
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
          </FormAside>
        </Grid>
      </Grid>
    </Box>
  );
}
