import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SettingSource } from '../../../schemas/overrides';
import { formatDateTime } from '../../../ui/dates';
import type { ParticipantEffective } from '../quizTypes';

/** Where a setting comes from, in words: "own override", "group override: B.Tech A". */
export function sourceLabel(source: SettingSource, groupNames: ReadonlyMap<number, string>): string {
  if (source === 'student') return 'own override';
  if (source.startsWith('group:')) {
    const id = Number(source.slice(6));
    return `group override: ${groupNames.get(id) ?? `group ${id}`}`;
  }
  return 'quiz';
}

export const attemptsText = (allowed: number) => (allowed === 0 ? 'Unlimited attempts' : `${allowed} ${allowed === 1 ? 'attempt' : 'attempts'}`);

/**
 * One student's window where an override changes it (the participants table): each setting an
 * override sets, with its source, e.g. "Closes 12/12/26 02:00 PM (group override: B.Tech A)";
 * "As the quiz" when none does.
 */
export function EffectiveWindow({ effective, groupNames }: { effective: ParticipantEffective | undefined; groupNames: ReadonlyMap<number, string> }) {
  if (!effective) return <Typography color="text.secondary">—</Typography>;
  const lines: string[] = [];
  const from = (key: keyof ParticipantEffective['source']) => ` (${sourceLabel(effective.source[key], groupNames)})`;
  if (effective.source.valid_from !== 'quiz') lines.push(`Opens ${formatDateTime(effective.validFrom)}${from('valid_from')}`);
  if (effective.source.valid_to !== 'quiz') lines.push(`Closes ${formatDateTime(effective.validTo)}${from('valid_to')}`);
  if (effective.source.duration !== 'quiz') lines.push(`${effective.duration ?? '—'} min${from('duration')}`);
  if (effective.source.attempts_allowed !== 'quiz') lines.push(`${attemptsText(effective.attemptsAllowed)}${from('attempts_allowed')}`);
  if (!lines.length) return <Typography color="text.secondary">As the quiz</Typography>;
  return (
    <Stack spacing={0.25}>
      {lines.map((line) => (
        <Typography key={line} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {line}
        </Typography>
      ))}
    </Stack>
  );
}
