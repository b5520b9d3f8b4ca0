import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { parseCloze } from '../../../../src/schemas/cloze';
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

describe('QuestionView: the teacher sees every answer with its weight and feedback', () => {
  it('shows every option with its weight (−100% with a minus sign) and feedback, not only the right ones', () => {
    render(
      <QuestionView
        question={{ ...single, type: 'multiple', options: [...single.options, { id: 'o3', text: 'Heap' }] }}
        answerKey={{ correctOptions: ['o2'], weights: { o1: -1, o2: 1, o3: 0 }, feedback: { options: { o1: 'FIFO, not LIFO', o3: 'A tree' }, general: 'Stacks push and pop.' } }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: /Queue/ }).closest('label')).toHaveTextContent(/Queue.*Feedback: FIFO, not LIFO.*−100%/);
    expect(screen.getByRole('checkbox', { name: /Stack/ }).closest('label')).toHaveTextContent(/Stack.*100%.*Correct/);
    expect(screen.getByRole('checkbox', { name: /Heap/ }).closest('label')).toHaveTextContent(/Heap.*Feedback: A tree.*0%/);
    expect(screen.getByTestId('general-feedback')).toHaveTextContent('Stacks push and pop.');
  });

  it('lists every short answer and every numeric answer (with its tolerance) in order, with weights and feedback', () => {
    const { unmount } = render(
      <QuestionView
        question={{ type: 'short_answer', question: 'Animal?' }}
        answerKey={{ caseSensitive: false, shortAnswers: [{ text: 'frog', fraction: 1, feedback: 'Yes' }, { text: 'toad', fraction: 0.8 }, { text: '*', fraction: 0, feedback: 'No' }] }}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Answers' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['AnswerWeightFeedback', 'frog100%Yes', 'toad80%', '*0%No']);
    unmount();
    render(
      <QuestionView
        question={{ type: 'numeric', question: 'Pi?' }}
        answerKey={{ numericValue: 3.14, numericTolerance: 0.01, numericAnswers: [{ value: 3.14, tolerance: 0.01, fraction: 1 }, { value: 3, tolerance: 0.5, fraction: 0.5, feedback: 'Close' }, { value: '*', tolerance: 0, fraction: 0, feedback: 'Far' }] }}
      />,
    );
    const numeric = within(screen.getByRole('table', { name: 'Answers' })).getAllByRole('row').map((r) => r.textContent);
    expect(numeric).toEqual(['AnswerWeightFeedback', '3.14 ± 0.01100%', '3 ± 0.550%Close', 'any other number (*)0%Far']);
  });

  it("shows a student's matching and Cloze answers part by part: right or wrong, the right answer, each gap's feedback and marks", () => {
    const { unmount } = render(
      <QuestionView
        question={{ type: 'matching', question: 'Match.', marks: 2, stems: [{ id: 's1', text: 'Dog' }, { id: 's2', text: 'Frog' }], choices: [{ id: 'c1', text: 'Mammal' }, { id: 'c2', text: 'Amphibian' }] }}
        answerKey={{ matchRight: { s1: 'c1', s2: 'c2' } }}
        response={{ s1: 'c1', s2: 'c1' }}
        answerLabel="Student’s answer"
      />,
    );
    const pairs = within(screen.getByRole('table', { name: 'Item by item' })).getAllByRole('row').map((r) => r.textContent);
    expect(pairs).toEqual(['ItemStudent’s answerResultRight answer', 'DogMammalRightMammal', 'FrogMammalWrongAmphibian']);
    unmount();
    const gaps = parseCloze('The {1:SA:=Owl#Well done~*#Wrong answer} and the {1:MC:Bow-wow#A dog?~=Pussy-cat} at {2:NM:=3.14:0.01}').gaps;
    render(<QuestionView question={{ type: 'cloze', question: 'The {#1} and the {#2} at {#3}', marks: 4 }} answerKey={{ clozeGaps: gaps }} response={{ 1: 'owl', 2: '0' }} />);
    const rows = within(screen.getByRole('table', { name: 'Gap by gap' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['GapYour answerResultRight answerMarksFeedback', 'Gap 1owlRightOwl1 of 1Well done', 'Gap 2Bow-wowWrongPussy-cat0 of 1A dog?', 'Gap 3—Not answered3.14 ± 0.010 of 2']);
    expect(screen.getByText('The [gap 1] and the [gap 2] at [gap 3]')).toBeInTheDocument();
  });
});

describe("a bank question's preview key", () => {
  it('carries every option weight and feedback, every short and numeric answer, and the general feedback', async () => {
    const { previewOfRecord } = await import('../../../../src/resources/questions/questionDraft');
    const base = { id: 1, subject: 1, module: 1, topic: null, marks: 1, time_required: 1, difficulty: 'easy' as const, scoring: null, correct_bool: null, numeric_value: null, numeric_tolerance: null, accepted_answers: null, version: 1, created_by: 1, created_at: '' };
    const choice = previewOfRecord({
      ...base,
      type: 'multiple',
      scoring: 'partial',
      question: 'Q',
      general_feedback: 'General',
      options: [
        { id: 'a', text: 'A', correct: true, weight: 50, feedback: 'Half' },
        { id: 'b', text: 'B', correct: true, weight: 50 },
        { id: 'c', text: 'C', correct: false, weight: -100, feedback: 'No' },
      ],
    });
    expect(choice.key).toMatchObject({ weights: { a: 0.5, b: 0.5, c: -1 }, feedback: { general: 'General', options: { a: 'Half', c: 'No' } } });
    // An option written before weights gets the weight it is marked with.
    expect(previewOfRecord({ ...base, type: 'single', question: 'Q', options: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: false }] }).key.weights).toEqual({ a: 1, b: 0 });
    const short = previewOfRecord({ ...base, type: 'short_answer', question: 'Q', text_match: 'moodle', case_sensitive: false, options: null, short_answers: [{ text: 'frog', weight: 100, feedback: 'Yes' }, { text: 'toad', weight: 80 }] });
    expect(short.key.shortAnswers).toEqual([{ text: 'frog', fraction: 1, feedback: 'Yes' }, { text: 'toad', fraction: 0.8 }]);
    const numeric = previewOfRecord({ ...base, type: 'numeric', question: 'Q', options: null, numeric_answers: [{ value: 3.14, tolerance: 0.01, weight: 100 }, { value: '*', tolerance: 0, weight: 0, feedback: 'Far' }] });
    expect(numeric.key.numericAnswers).toEqual([{ value: 3.14, tolerance: 0.01, fraction: 1 }, { value: '*', tolerance: 0, fraction: 0, feedback: 'Far' }]);
    const tf = previewOfRecord({ ...base, type: 'true_false', question: 'Q', options: null, correct_bool: true, true_feedback: 'Yes', false_feedback: 'No' });
    expect(tf.key.feedback).toEqual({ true: 'Yes', false: 'No' });
  });
});
