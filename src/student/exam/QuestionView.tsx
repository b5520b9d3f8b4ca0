import { forwardRef, memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FlagIcon from '@mui/icons-material/Flag';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import { Markdown } from '../../ui/Markdown';
import type { AnswerResponse, ExamQuestion } from '../api/types';
import { AnswerInput } from './AnswerInput';
import { isAnswered } from './responses';
import { questionTypeLabel } from '../../ui/questionLabels';
import type { LocalAnswer } from './saveQueue';

const QuestionText = memo(function QuestionText({ text }: { text: string }) {
  return <Markdown>{text}</Markdown>;
});

export interface QuestionViewProps {
  question: ExamQuestion;
  index: number;
  total: number;
  answer: LocalAnswer | undefined;
  disabled: boolean;
  negativeMarking: boolean;
  onResponse: (response: AnswerResponse) => void;
  onFlag: (flagged: boolean) => void;
}

/**
 * One question of the paper: heading (focused when the student moves to it), marks and type,
 * the Markdown text, the input for its type, and the flag and clear controls.
 */
export const QuestionView = forwardRef<HTMLHeadingElement, QuestionViewProps>(function QuestionView(
  { question, index, total, answer, disabled, negativeMarking, onResponse, onFlag },
  headingRef,
) {
  const headingId = `question-${question.id}-heading`;
  const textId = `question-${question.id}-text`;
  const flagged = answer?.flagged === true;
  const response = answer?.response ?? null;
  const clearable = question.type === 'single' || question.type === 'multiple' || question.type === 'true_false' || question.type === 'matching' || question.type === 'cloze';
  // A Cloze question's text is shown with its gaps, by its input.
  const textShown = question.type !== 'cloze';

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} ref={headingRef} tabIndex={-1} component="h2" variant="h6" sx={{ '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}>
          Question {index + 1} of {total}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {question.type === 'description' ? 'No marks' : `${question.marks} ${question.marks === 1 ? 'mark' : 'marks'}`} · {questionTypeLabel(question.type)}
          {negativeMarking && (question.type === 'single' || question.type === 'multiple' || question.type === 'true_false') ? ' · negative marking' : ''}
        </Typography>
      </Box>
      <Box id={textId} sx={{ my: 2, fontSize: '1.05rem' }}>
        {textShown ? <QuestionText text={question.question} /> : null}
      </Box>
      <AnswerInput question={question} response={response} onChange={onResponse} disabled={disabled} labelledBy={`${headingId} ${textId}`} textId={textId} />
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button
          variant={flagged ? 'contained' : 'outlined'}
          color="warning"
          startIcon={flagged ? <FlagIcon /> : <OutlinedFlagIcon />}
          aria-pressed={flagged}
          onClick={() => onFlag(!flagged)}
          disabled={disabled}
          sx={(theme) => {
            // A darker orange than MUI's, for 4.5:1 with white (light) or on the dark page (dark).
            const dark = theme.palette.mode === 'dark';
            if (flagged) return dark ? { bgcolor: '#ffb74d', color: 'rgba(0, 0, 0, 0.87)', '&:hover': { bgcolor: '#ffa726' } } : { bgcolor: '#8a3b00', '&:hover': { bgcolor: '#6d2f00' } };
            return dark ? { color: '#ffb74d', borderColor: '#ffb74d' } : { color: '#8a3b00', borderColor: '#8a3b00' };
          }}
        >
          Flag for review
        </Button>
        {clearable && (
          <Button variant="text" onClick={() => onResponse(null)} disabled={disabled || !isAnswered(response)}>
            Clear answer
          </Button>
        )}
      </Box>
    </Paper>
  );
});
