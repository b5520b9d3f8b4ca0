import Chip from '@mui/material/Chip';
import { QUIZ_STATE_COLORS, QUIZ_STATE_LABELS, quizStateOf, type QuizTiming } from './quizState';

/** The quiz's state (draft, upcoming, open, closed) as a chip. */
export function QuizStateChip({ quiz, now, size = 'small' }: { quiz: QuizTiming; now?: number; size?: 'small' | 'medium' }) {
  const state = quizStateOf(quiz, now);
  return (
    <Chip
      size={size}
      label={QUIZ_STATE_LABELS[state]}
      color={QUIZ_STATE_COLORS[state]}
      variant={state === 'draft' ? 'outlined' : 'filled'}
    />
  );
}
