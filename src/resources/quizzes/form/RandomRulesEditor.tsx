import { useGetList } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { Difficulty, QuestionType } from '../../../schemas/questions';
import type { ModuleRecord } from '../../../schemas/modules';
import { RANDOM_RULES_MAX } from '../../../schemas/quizzes';
import type { TopicRecord } from '../../../schemas/topics';
import type { FieldErrors } from '../../../ui/forms/fieldErrors';
import { DIFFICULTY_CHOICES, QUESTION_TYPE_CHOICES } from '../../questions';
import { newRule, type RuleDraft } from './quizDraft';
import type { RuleStats } from './usePaperStats';

interface RandomRulesEditorProps {
  subjects: readonly number[];
  rules: RuleDraft[];
  onChange: (rules: RuleDraft[]) => void;
  stats: readonly RuleStats[];
  errors: FieldErrors;
  disabled?: boolean;
}

type ModuleOption = ModuleRecord & { id: number };

function MatchChip({ stats }: { stats: RuleStats | undefined }) {
  if (!stats || stats.loading) {
    return <Chip size="small" variant="outlined" icon={<CircularProgress size={12} />} label="Counting…" />;
  }
  const short = stats.matches < stats.requested;
  const label = `${stats.matches} ${stats.matches === 1 ? 'question matches' : 'questions match'}`;
  return (
    <Tooltip describeChild title={short ? `Only ${stats.matches} can be drawn: each student gets ${stats.requested - stats.drawn} fewer` : 'Bank questions this rule draws from'}>
      <Chip size="small" color={short ? 'warning' : 'success'} variant="outlined" label={label} role="status" />
    </Tooltip>
  );
}

interface RuleRowProps {
  index: number;
  rule: RuleDraft;
  modules: readonly ModuleOption[];
  modulesLoading: boolean;
  stats: RuleStats | undefined;
  errors: FieldErrors;
  disabled?: boolean;
  onChange: (rule: RuleDraft) => void;
  onRemove: () => void;
}

function RuleRow({ index, rule, modules, modulesLoading, stats, errors, disabled, onChange, onRemove }: RuleRowProps) {
  const topics = useGetList<TopicRecord & { id: number }>(
    'topics',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, filter: { module_id: rule.module } },
    { enabled: rule.module !== null },
  );
  const path = `random_rules.${index}`;
  const error = (field: string) => errors[`${path}.${field}`];
  const common = { size: 'small' as const, fullWidth: true, disabled };
  const n = index + 1;

  return (
    // The list item stays a list item (a role on it would leave the list with no items); the group inside names the rule.
    <Box component="li">
      <Box role="group" aria-label={`Rule ${n}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Typography variant="subtitle2">Rule {n}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <MatchChip stats={stats} />
          <IconButton aria-label={`Remove rule ${n}`} onClick={onRemove} disabled={disabled} size="small">
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Stack>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6, xl: 3 }}>
          <TextField
            {...common}
            id={`quiz-rule-${index}-module`}
            select
            label="Module"
            value={rule.module ?? ''}
            onChange={(event) => onChange({ ...rule, module: event.target.value === '' ? null : Number(event.target.value), topic: null })}
            error={Boolean(error('module'))}
            helperText={error('module')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Any module</MenuItem>
            {modules.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.course_outcome_name}
              </MenuItem>
            ))}
            {modulesLoading && rule.module !== null && !modules.some((m) => m.id === rule.module) && (
              <MenuItem value={rule.module}>#{rule.module}</MenuItem>
            )}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, xl: 3 }}>
          <TextField
            {...common}
            id={`quiz-rule-${index}-topic`}
            select
            label="Topic"
            value={rule.topic ?? ''}
            onChange={(event) => onChange({ ...rule, topic: event.target.value === '' ? null : Number(event.target.value) })}
            error={Boolean(error('topic'))}
            helperText={error('topic')}
            disabled={disabled || rule.module === null}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Any topic</MenuItem>
            {(topics.data ?? []).map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
            {rule.topic !== null && !(topics.data ?? []).some((t) => t.id === rule.topic) && <MenuItem value={rule.topic}>#{rule.topic}</MenuItem>}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 4, xl: 2 }}>
          <TextField
            {...common}
            id={`quiz-rule-${index}-difficulty`}
            select
            label="Difficulty"
            value={rule.difficulty}
            onChange={(event) => onChange({ ...rule, difficulty: event.target.value as Difficulty | '' })}
            error={Boolean(error('difficulty'))}
            helperText={error('difficulty')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Any</MenuItem>
            {DIFFICULTY_CHOICES.map(({ value, label }) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 4, xl: 2 }}>
          <TextField
            {...common}
            id={`quiz-rule-${index}-type`}
            select
            label="Type"
            value={rule.type}
            onChange={(event) => onChange({ ...rule, type: event.target.value as QuestionType | '' })}
            error={Boolean(error('type'))}
            helperText={error('type')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Any</MenuItem>
            {QUESTION_TYPE_CHOICES.map(({ value, label }) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4, xl: 2 }}>
          <TextField
            {...common}
            id={`quiz-rule-${index}-count`}
            label="Questions to draw"
            required
            value={rule.count}
            onChange={(event) => onChange({ ...rule, count: event.target.value })}
            error={Boolean(error('count'))}
            helperText={error('count')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
      </Grid>
      </Box>
    </Box>
  );
}

/** Rules that draw questions at random, per student, from the bank of the quiz's subjects. */
export function RandomRulesEditor({ subjects, rules, onChange, stats, errors, disabled }: RandomRulesEditorProps) {
  const modules = useGetList<ModuleOption>(
    'modules',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'course_outcome_name', order: 'ASC' }, filter: { subject_id: [...subjects] } },
    { enabled: subjects.length > 0 },
  );
  const noSubjects = subjects.length === 0;
  const listError = errors.random_rules;

  return (
    <Box>
      <Box sx={{ mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Random questions
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Each rule draws questions at random from the bank, so every student gets a different set. Leave a filter on “Any” to
          draw from all of the quiz’s subjects.
        </Typography>
      </Box>
      {listError && (
        <FormHelperText error role="alert" sx={{ mb: 1 }}>
          {listError}
        </FormHelperText>
      )}
      {rules.length > 0 && (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }} aria-label="Random rules">
          {rules.map((rule, index) => (
            <RuleRow
              key={rule.key}
              index={index}
              rule={rule}
              modules={noSubjects ? [] : (modules.data ?? [])}
              modulesLoading={modules.isPending}
              stats={stats[index]}
              errors={errors}
              disabled={disabled}
              onChange={(next) => onChange(rules.map((r, i) => (i === index ? next : r)))}
              onRemove={() => onChange(rules.filter((_, i) => i !== index))}
            />
          ))}
        </Stack>
      )}
      <Tooltip
        describeChild
        title={noSubjects ? 'Choose the quiz’s subjects first' : rules.length >= RANDOM_RULES_MAX ? `A quiz has at most ${RANDOM_RULES_MAX} random rules` : ''}
      >
        <span>
          <Button
            startIcon={<AddIcon />}
            onClick={() => onChange([...rules, newRule()])}
            disabled={disabled || noSubjects || rules.length >= RANDOM_RULES_MAX}
          >
            Add random rule
          </Button>
        </span>
      </Tooltip>
    </Box>
  );
}
