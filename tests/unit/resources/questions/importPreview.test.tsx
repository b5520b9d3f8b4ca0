import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { PreviewTables, answerSummary } from '../../../../src/resources/questions/transfer/ImportDialog';

describe('import preview', () => {
  it('lists every question with what it becomes, and every refusal with its line and reason', () => {
    render(
      <PreviewTables
        preview={{
          rowsAre: 'lines',
          questions: [
            {
              line: 22,
              name: 'colours',
              category: '$course$/top',
              notes: ['hints are not kept'],
              question: { type: 'multiple', question: 'Between orange and green?', options: [{ text: 'yellow', weight: 50 }, { text: 'red', weight: -100 }] },
            },
            { line: 41, notes: [], question: { type: 'true_false', question: '42?', correct_bool: false } },
          ],
          refusals: [{ line: 31, field: 'syntax', message: 'Expected "}" but "~" found (line 31, column 43)' }],
        }}
      />,
    );
    expect(screen.getByText('2 questions can be imported; 1 cannot')).toBeInTheDocument();
    const questions = screen.getByRole('table', { name: 'Questions to import' });
    const rows = within(questions).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('22');
    expect(rows[1]).toHaveTextContent('Multiple choice');
    expect(rows[1]).toHaveTextContent('colours — $course$/top');
    expect(rows[1]).toHaveTextContent('yellow (50%) · red (-100%)');
    expect(rows[1]).toHaveTextContent('hints are not kept');
    expect(rows[2]).toHaveTextContent('False');
    const refused = screen.getByRole('table', { name: 'Questions that cannot be imported' });
    expect(within(refused).getAllByRole('row')[1]).toHaveTextContent('31syntaxExpected "}" but "~" found (line 31, column 43)');
  });

  it('words the answers of every type', () => {
    expect(answerSummary({ type: 'short_answer', question: 'Q', short_answers: [{ text: 'Frog', weight: 100 }, { text: 'Cat', weight: 50 }] })).toBe('Frog (100%) · Cat (50%)');
    expect(answerSummary({ type: 'numeric', question: 'Q', numeric_answers: [{ value: 3.14, tolerance: 0.01, weight: 100 }, { value: '*', weight: 0 }] })).toBe('3.14 ± 0.01 (100%) · * (0%)');
    expect(answerSummary({ type: 'matching', question: 'Q', match_pairs: [{ question: 'a', answer: 'b' }, { question: '', answer: 'c' }] })).toBe('a → b · (extra) c');
    expect(answerSummary({ type: 'description', question: 'Q' })).toBe('No answer, no marks');
  });
});
