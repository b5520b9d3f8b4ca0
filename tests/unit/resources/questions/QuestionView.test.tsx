import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QuestionView, keySummary } from '../../../../src/resources/questions/QuestionView';

const single = {
  type: 'single' as const,
  question: 'Which structure is **LIFO**?',
  marks: 2,
  options: [
    { id: 'o1', text: 'Queue' },
    { id: 'o2', text: 'Stack' },
  ],
};

describe('QuestionView', () => {
  it('shows the text in Markdown and the options, read-only without a handler', () => {
    render(<QuestionView question={single} number={3} />);
    expect(screen.getByRole('heading', { name: 'Question 3' })).toBeInTheDocument();
    expect(screen.getByText('LIFO').tagName).toBe('STRONG');
    expect(screen.getByText('2 marks')).toBeInTheDocument();
    const stack = screen.getByRole('radio', { name: /Stack/ });
    fireEvent.click(stack);
    expect(stack).not.toBeChecked();
    expect(screen.queryByText('Correct')).toBeNull();
  });

  it('marks the correct answers when given the key', () => {
    render(<QuestionView question={single} answerKey={{ correctOptions: ['o2'] }} />);
    const correct = screen.getAllByText('Correct');
    expect(correct).toHaveLength(1);
    expect(correct[0].closest('label')).toHaveTextContent('Stack');
  });

  it("shows a student's chosen options, and a click changes nothing", () => {
    render(<QuestionView question={{ ...single, type: 'multiple' }} response={['o1']} />);
    expect(screen.getByRole('checkbox', { name: /Queue/ })).toBeChecked();
    const stack = screen.getByRole('checkbox', { name: /Stack/ });
    fireEvent.click(stack);
    expect(stack).not.toBeChecked();
  });

  it('renders the options and the matching answers in Markdown too', () => {
    render(
      <QuestionView
        question={{ type: 'matching', question: 'Match', pairs: [{ question: 'A **stack**', answer: '*LIFO*' }] }}
      />,
    );
    expect(screen.getByText('stack').tagName).toBe('STRONG');
    expect(screen.getByText('LIFO').tagName).toBe('EM');
  });

  it('renders the input of each typed answer, with the given response', () => {
    render(<QuestionView question={{ type: 'descriptive', question: 'Explain.' }} response="Because." answerLabel="Student’s answer" />);
    expect(screen.getByRole('textbox', { name: 'Student’s answer' })).toHaveValue('Because.');
    expect(screen.getByRole('textbox', { name: 'Student’s answer' })).toHaveAttribute('readonly');
  });

  it('words the answer key of the typed questions', () => {
    expect(keySummary('numeric', { numericValue: 10, numericTolerance: 0.5 })).toBe('Correct answer: 10 (accepted within ± 0.5)');
    expect(keySummary('true_false', { correctBool: false })).toBe('Correct answer: False');
    expect(keySummary('short_answer', { acceptedAnswers: ['queue', 'a queue'] })).toMatch(/^Accepted answers: queue · a queue/);
  });
});
