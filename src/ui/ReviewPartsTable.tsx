import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Markdown } from './Markdown';
import { PART_STATE_LABELS, type PartState, type ReviewPart } from '../schemas/reviewParts';

/**
 * A matching or Cloze answer part by part: what was answered, right or wrong, the right answer, and
 * for gaps their marks and feedback. The student's review and the teacher's views of an attempt show
 * the same table; each area draws the result with its own chip (`result`).
 */
export function ReviewPartsTable({
  parts,
  cloze,
  answerLabel,
  unanswered,
  result,
}: {
  parts: readonly ReviewPart[];
  cloze: boolean;
  answerLabel: string;
  /** What an empty answer shows. */
  unanswered: ReactNode;
  /** The result cell of a part, from its state and label. */
  result: (state: PartState, label: string) => ReactNode;
}) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        aria-label={cloze ? 'Gap by gap' : 'Item by item'}
        sx={{
          borderCollapse: 'collapse',
          '& th, & td': { textAlign: 'left', verticalAlign: 'top', py: 0.5, pr: 2, borderBottom: 1, borderColor: 'divider' },
          '& thead th': { color: 'text.secondary', fontWeight: 500, typography: 'body2' },
        }}
      >
        <thead>
          <tr>
            <th scope="col">{cloze ? 'Gap' : 'Item'}</th>
            <th scope="col">{answerLabel}</th>
            <th scope="col">Result</th>
            <th scope="col">Right answer</th>
            {cloze && <th scope="col">Marks</th>}
            {cloze && <th scope="col">Feedback</th>}
          </tr>
        </thead>
        <tbody>
          {parts.map((part, i) => (
            <tr key={i}>
              <th scope="row">
                <Markdown inline>{part.label}</Markdown>
              </th>
              <td>{part.response || unanswered}</td>
              <td>{result(part.state, PART_STATE_LABELS[part.state])}</td>
              <td>{part.correct}</td>
              {cloze && <td>{part.max !== undefined ? `${part.mark} of ${part.max}` : ''}</td>}
              {cloze && (
                <td>
                  {part.feedback.map((text, k) => (
                    <Box key={k} data-testid="part-feedback">
                      <Markdown inline>{text}</Markdown>
                    </Box>
                  ))}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
