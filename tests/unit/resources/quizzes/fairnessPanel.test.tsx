import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FairnessReport } from '../../../../src/schemas/fairness';

const send = vi.fn();
vi.mock('../../../../src/api/httpClient', async (original) => ({ ...(await original<object>()), send: (...args: unknown[]) => send(...args) }));

const { FairnessPanel, fairnessBodyOf, spreadSentence } = await import('../../../../src/resources/quizzes/form/FairnessPanel');
const { newQuizDraft, newRule } = await import('../../../../src/resources/quizzes/form/quizDraft');

const spread = (min: number, p5: number, p95: number, max: number, within: number) => ({
  meanDifficulty: { min: -1, p5: -0.5, median: 0, p95: 0.5, max: 1 },
  expectedScore: { min, p5, median: (p5 + p95) / 2, p95, max },
  withinTolerance: within,
});
const REPORT: FairnessReport = {
  draws: 1000,
  target: 0.1,
  tolerance: 0.25,
  calibratedShare: 0.8,
  averageAbility: 0.4,
  off: spread(54.2, 58.4, 73.1, 78.3, 0.61),
  on: spread(62, 63, 68, 69, 1),
  feasible: false,
  message: 'Papers cannot be balanced within 0.25 logits: widen the tolerance or the pools',
};

afterEach(() => {
  cleanup();
  send.mockReset();
});

const draftWithRule = () => {
  const draft = newQuizDraft(new Date('2026-01-01T00:00:00Z'));
  return { ...draft, subjects: [4], questions: [9], random_rules: [{ ...newRule(), module: 3, count: '5' }], balance_papers: true, balance_tolerance: '0.25' };
};

describe('the fairness of the random paper', () => {
  it('words a spread as the expected score range of an average student', () => {
    expect(spreadSentence('Without balancing', REPORT.off)).toBe('Without balancing: 54 % to 78 % (90 % of papers 58–73 %)');
  });

  it("asks with the form's values under the quiz entity's names", () => {
    const body = fairnessBodyOf(draftWithRule(), 12);
    expect(body).toMatchObject({ id: 12, subjects: ['4'], questions: [9], balance_papers: true, balance_tolerance: '0.25' });
    expect(body.random_rules).toEqual([expect.objectContaining({ module: 3, count: '5' })]);
    expect(fairnessBodyOf(draftWithRule())).not.toHaveProperty('id');
  });

  it('is not shown without random rules', () => {
    const { container } = render(<FairnessPanel draft={newQuizDraft()} errors={{}} onBalance={() => {}} onTolerance={() => {}} />);
    expect(container.textContent).toBe('');
  });

  it('checks on demand and shows both spreads, the share within tolerance and why it cannot be met', async () => {
    send.mockResolvedValue({ success: true, message: '', data: REPORT });
    render(<FairnessPanel draft={draftWithRule()} quizId={12} errors={{}} onBalance={() => {}} onTolerance={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check fairness' }));
    expect(await screen.findByText('Without balancing: 54 % to 78 % (90 % of papers 58–73 %)')).toBeTruthy();
    expect(screen.getByText('With balancing: 62 % to 69 % (90 % of papers 63–68 %)')).toBeTruthy();
    expect(screen.getByText(/Within 0.25 logits of the target: 61 % of papers without balancing, 100 % with it/)).toBeTruthy();
    expect(screen.getByText(REPORT.message!)).toBeTruthy();
    expect(send).toHaveBeenCalledWith('/quizzes/fairness', expect.objectContaining({ id: 12, balance_papers: true }), expect.objectContaining({ method: 'POST' }));
  });

  it('turns balancing on and edits the tolerance through the form', () => {
    const onBalance = vi.fn();
    const onTolerance = vi.fn();
    render(<FairnessPanel draft={{ ...draftWithRule(), balance_papers: false }} errors={{}} onBalance={onBalance} onTolerance={onTolerance} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Balance paper difficulty' }));
    expect(onBalance).toHaveBeenCalledWith(true);
    expect((screen.getByLabelText('Tolerance (logits)') as HTMLInputElement).disabled).toBe(true);
  });
});
