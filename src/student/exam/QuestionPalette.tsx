import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import FlagIcon from '@mui/icons-material/Flag';
import type { ExamQuestion } from '../api/types';
import { VisuallyHidden } from '../common/VisuallyHidden';
import { isAnswered } from './responses';
import type { LocalAnswer } from './saveQueue';

export interface PaletteCounts {
  answered: number;
  unanswered: number;
  flagged: number;
}

export function paletteCounts(questions: readonly ExamQuestion[], answers: Readonly<Record<number, LocalAnswer>>): PaletteCounts {
  let answered = 0;
  let flagged = 0;
  let info = 0;
  for (const q of questions) {
    // A description has nothing to answer: it is neither answered nor unanswered.
    if (q.type === 'description') info += 1;
    else if (isAnswered(answers[q.id]?.response)) answered += 1;
    if (answers[q.id]?.flagged) flagged += 1;
  }
  return { answered, unanswered: questions.length - info - answered, flagged };
}

/**
 * Every question as a button: its number and, in words, whether it is answered and flagged
 * (shape and colour only repeat what the words say). The current one is marked aria-current.
 */
export function QuestionPalette({
  questions,
  answers,
  current,
  onSelect,
}: {
  questions: readonly ExamQuestion[];
  answers: Readonly<Record<number, LocalAnswer>>;
  current: number;
  onSelect: (index: number) => void;
}) {
  const counts = paletteCounts(questions, answers);
  return (
    <Box component="nav" aria-labelledby="palette-heading">
      <Typography id="palette-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Questions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {counts.answered} answered, {counts.unanswered} unanswered, {counts.flagged} flagged
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }}>
        {questions.map((question, index) => {
          const answer = answers[question.id];
          const answered = isAnswered(answer?.response);
          const flagged = answer?.flagged === true;
          const isCurrent = index === current;
          return (
            <li key={question.id}>
              <ButtonBase
                onClick={() => onSelect(index)}
                aria-current={isCurrent ? 'step' : undefined}
                sx={{
                  width: '100%',
                  minHeight: 64,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  px: 1,
                  py: 0.75,
                  borderRadius: 1,
                  border: 2,
                  borderStyle: answered ? 'solid' : 'dashed',
                  borderColor: isCurrent ? 'primary.main' : answered ? 'success.dark' : 'grey.600',
                  // Light tints of blue and green behind the text; on the dark page, the same tints of the dark theme's colours.
                  bgcolor: (theme) =>
                    isCurrent
                      ? theme.palette.mode === 'dark' ? 'rgba(144, 202, 249, 0.16)' : '#e3f2fd'
                      : answered
                        ? theme.palette.mode === 'dark' ? 'rgba(102, 187, 106, 0.16)' : '#edf7ed'
                        : theme.palette.background.paper,
                  boxShadow: isCurrent ? (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none',
                  outlineOffset: 2,
                  textAlign: 'left',
                  '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.dark' },
                }}
              >
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  <VisuallyHidden>Question </VisuallyHidden>
                  {index + 1}
                  {isCurrent && <VisuallyHidden> (current)</VisuallyHidden>}
                </Typography>
                <Typography component="span" variant="caption" sx={{ color: 'text.primary' }}>
                  {question.type === 'description' ? 'Information' : answered ? 'Answered' : 'Unanswered'}
                </Typography>
                {flagged && (
                  <Typography component="span" variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.25, color: (theme) => (theme.palette.mode === 'dark' ? '#ffb74d' : '#8a3b00'), fontWeight: 600 }}>
                    <FlagIcon sx={{ fontSize: 14 }} aria-hidden />
                    Flagged
                  </Typography>
                )}
              </ButtonBase>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
