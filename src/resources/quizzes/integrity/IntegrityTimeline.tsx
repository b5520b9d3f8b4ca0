import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { IntegrityEventType } from '../../../schemas/integrity';
import type { Timeline } from './integrityApi';

export const EVENT_LABELS: Record<IntegrityEventType, string> = {
  'tab-hidden': 'Page hidden',
  'window-blur': 'Window left',
  'fullscreen-exit': 'Full screen left',
  copy: 'Copy',
  paste: 'Paste',
  'context-menu': 'Context menu',
  reload: 'Reload or resume',
  offline: 'Offline',
  'no-face': 'No face',
  'multiple-faces': 'More than one face',
  'camera-off': 'Camera stopped',
  'seb-refused': 'Refused: not in Safe Exam Browser',
};

const EVENT_ROWS: IntegrityEventType[][] = [
  ['tab-hidden', 'window-blur', 'fullscreen-exit'],
  ['offline', 'reload'],
  ['no-face', 'multiple-faces', 'camera-off'],
  ['copy', 'paste', 'context-menu', 'seb-refused'],
];
const ROW_NAMES = ['Away', 'Connection', 'Camera', 'Other'];
const COLORS: Partial<Record<IntegrityEventType, string>> = {
  'tab-hidden': '#d32f2f',
  'window-blur': '#ef6c00',
  'fullscreen-exit': '#6a1b9a',
  offline: '#546e7a',
  reload: '#1565c0',
  'no-face': '#c62828',
  'multiple-faces': '#ad1457',
  'camera-off': '#4e342e',
  'seb-refused': '#000000',
};

const clock = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const seconds = (ms: number | null) => (ms === null ? '' : `${Math.round(ms / 100) / 10} s`);

/**
 * One attempt drawn on a time axis from its start to its submission (or its deadline): events
 * with a duration as bars, instant ones as ticks, and the answers' save times as dots.
 */
export function IntegrityTimeline({ timeline }: { timeline: Timeline }) {
  const { attempt, events, saves } = timeline;
  const from = attempt.startedAt;
  const to = Math.max(attempt.submittedAt ?? attempt.deadline, ...events.map((e) => e.at + (e.durationMs ?? 0)), from + 1000);
  const width = 900;
  const left = 90;
  const rowHeight = 26;
  const x = (t: number) => left + ((Math.min(Math.max(t, from), to) - from) / (to - from)) * (width - left - 10);
  const height = rowHeight * (EVENT_ROWS.length + 1) + 30;
  const ticks = Array.from({ length: 6 }, (_, i) => from + ((to - from) * i) / 5);

  return (
    <Box>
      <Box sx={{ overflowX: 'auto' }}>
        <svg role="img" aria-label={`Timeline of ${attempt.fullname}'s attempt`} width={width} height={height} data-testid="integrity-timeline">
          {ROW_NAMES.map((name, row) => (
            <g key={name}>
              <text x={0} y={row * rowHeight + 17} fontSize={12}>
                {name}
              </text>
              <line x1={left} x2={width - 10} y1={row * rowHeight + 13} y2={row * rowHeight + 13} stroke="#eee" />
            </g>
          ))}
          <text x={0} y={EVENT_ROWS.length * rowHeight + 17} fontSize={12}>
            Answers saved
          </text>
          {events.map((e) => {
            const row = EVENT_ROWS.findIndex((types) => types.includes(e.type));
            const y = (row < 0 ? EVENT_ROWS.length - 1 : row) * rowHeight + 5;
            const x1 = x(e.at);
            const x2 = e.durationMs ? Math.max(x(e.at + e.durationMs), x1 + 2) : x1 + 2;
            return (
              <rect key={e.id} data-event-type={e.type} x={x1} y={y} width={x2 - x1} height={16} fill={COLORS[e.type] ?? '#424242'} opacity={0.8}>
                <title>{`${EVENT_LABELS[e.type] ?? e.type} at ${clock(e.at)}${e.durationMs ? `, ${seconds(e.durationMs)}` : ''}`}</title>
              </rect>
            );
          })}
          {saves.map((s) => (
            <circle key={`${s.questionId}-${s.savedAt}`} cx={x(s.savedAt)} cy={EVENT_ROWS.length * rowHeight + 13} r={3} fill="#2e7d32">
              <title>{`Question ${s.questionId} saved at ${clock(s.savedAt)}`}</title>
            </circle>
          ))}
          {ticks.map((t) => (
            <text key={t} x={x(t)} y={height - 4} fontSize={11} textAnchor="middle">
              {clock(t)}
            </text>
          ))}
        </svg>
      </Box>
      {events.length === 0 ? (
        <Typography color="text.secondary">No events were recorded for this attempt.</Typography>
      ) : (
        <Box component="ol" sx={{ pl: 3, maxHeight: 240, overflowY: 'auto' }} aria-label="Events">
          {events.map((e) => (
            <li key={e.id}>
              {clock(e.at)} · {EVENT_LABELS[e.type] ?? e.type}
              {e.durationMs ? ` · ${seconds(e.durationMs)}` : ''}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
