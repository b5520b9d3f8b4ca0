import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnswerResponse, ExamQuestion } from '../../../src/student/api/types';
import { AnswerInput } from '../../../src/student/exam/AnswerInput';

const options = [
  { id: 'o1', text: 'AVL tree' },
  { id: 'o2', text: 'Red-black **tree**' },
  { id: 'o3', text: 'Binary heap' },
];

/** The input as the exam page uses it: controlled by the saved response. */
function Harness({ question, initial = null, onChange }: { question: ExamQuestion; initial?: AnswerResponse; onChange: (r: AnswerResponse) => void }) {
  const [response, setResponse] = useState<AnswerResponse>(initial);
  return (
    <>
      <h2 id="h">Question 1 of 1</h2>
      <div id="t">The question</div>
      <AnswerInput
        question={question}
        response={response}
        disabled={false}
        labelledBy="h t"
        textId="t"
        onChange={(next) => {
          setResponse(next);
          onChange(next);
        }}
      />
    </>
  );
}

const q = (type: ExamQuestion['type']): ExamQuestion => ({ id: 1, type, question: 'Q', marks: 1, ...(type === 'single' || type === 'multiple' ? { options } : {}) });

describe('AnswerInput sends the response of its type', () => {
  it('single choice: a radio group named by the question, sending the option id', () => {
    const onChange = vi.fn();
    render(<Harness question={q('single')} onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'Question 1 of 1 The question' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Red-black tree' }));
    expect(onChange).toHaveBeenLastCalledWith('o2');
  });

  it('multiple choice: checkboxes sending the chosen ids in option order, null when none', () => {
    const onChange = vi.fn();
    render(<Harness question={q('multiple')} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Binary heap' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'AVL tree' }));
    expect(onChange).toHaveBeenLastCalledWith(['o1', 'o3']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'AVL tree' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Binary heap' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('true/false: sends booleans', () => {
    const onChange = vi.fn();
    render(<Harness question={q('true_false')} onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: 'False' }));
    expect(onChange).toHaveBeenLastCalledWith(false);
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('numeric: sends numbers, keeps what is being typed, and never sends what is not a number', () => {
    const onChange = vi.fn();
    render(<Harness question={q('numeric')} initial={10} onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    expect(field).toHaveValue('10');
    expect(field).toHaveAccessibleDescription(/The question/);
    fireEvent.change(field, { target: { value: '2,5' } });
    expect(onChange).toHaveBeenLastCalledWith(2.5);
    expect(field).toHaveValue('2,5');
    onChange.mockClear();
    fireEvent.change(field, { target: { value: '2.5x' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText(/This value is not saved/)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('short answer: sends the text, blanks clear it, and counts characters', () => {
    const onChange = vi.fn();
    render(<Harness question={q('short_answer')} onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Your answer' });
    fireEvent.change(field, { target: { value: 'queue' } });
    expect(onChange).toHaveBeenLastCalledWith('queue');
    expect(screen.getByText('5 of 500 characters')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '   ' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(field).toHaveValue('   ');
  });

  it('descriptive: a multiline field up to 20 000 characters', () => {
    const onChange = vi.fn();
    render(<Harness question={q('descriptive')} onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Your answer' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('maxlength', '20000');
    fireEvent.change(field, { target: { value: 'Line one\nLine two' } });
    expect(onChange).toHaveBeenLastCalledWith('Line one\nLine two');
  });

  it('follows a newer answer that arrives from the server', () => {
    const question = q('short_answer');
    const { rerender } = render(<AnswerInput question={question} response="mine" disabled={false} labelledBy="h t" textId="t" onChange={() => undefined} />);
    rerender(<AnswerInput question={question} response="from another tab" disabled={false} labelledBy="h t" textId="t" onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('from another tab');
  });
});
