import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { GuidelinePage } from '../../../../src/resources/guidelines/GuidelinePage';
import { useMswServer } from '../../helpers/mswServer';

const server = useMswServer();

const TEACHER_GUIDELINE = {
  id: 7,
  role: 'TEACHER',
  content: [
    {
      title: 'Question bank',
      description: 'Add questions to a module.\nEach question has marks.',
      faqs: [{ question: 'Can I reuse a question?', answer: 'Yes, in any quiz of the subject.' }],
    },
    { title: 'Quizzes', description: 'Create a quiz from the bank.', faqs: [] },
  ],
};

/** Answers the guideline list for the role in the filter, and records the filters asked for. */
function serveGuidelines(records: unknown[]) {
  const filters: unknown[] = [];
  server.use(
    http.get('/api/guidelines', ({ request }) => {
      filters.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? 'null'));
      return HttpResponse.json({ success: true, message: 'OK', data: records });
    }),
  );
  return filters;
}

describe('GuidelinePage', () => {
  it("asks for the stored role's guideline and shows its items as tabs", async () => {
    localStorage.setItem('role', 'TEACHER');
    const filters = serveGuidelines([TEACHER_GUIDELINE]);
    render(<GuidelinePage />);

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Question bank', 'Quizzes']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(filters).toEqual([{ role: 'TEACHER' }]);

    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Add questions to a module.');
    expect(panel).toHaveTextContent('Each question has marks.');
  });

  it('shows the FAQs as accordions that open on click', async () => {
    serveGuidelines([TEACHER_GUIDELINE]);
    render(<GuidelinePage role="TEACHER" />);

    const question = await screen.findByRole('button', { name: 'Can I reuse a question?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(question);

    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Yes, in any quiz of the subject.')).toBeVisible();
  });

  it('switches the panel with the tabs', async () => {
    serveGuidelines([TEACHER_GUIDELINE]);
    render(<GuidelinePage role="TEACHER" />);

    fireEvent.click(await screen.findByRole('tab', { name: 'Quizzes' }));

    expect(screen.getByRole('tab', { name: 'Quizzes' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Create a quiz from the bank.');
    expect(screen.queryByText('Frequently asked questions')).not.toBeInTheDocument();
  });

  it('says so when no guideline is written for the role yet', async () => {
    serveGuidelines([]);
    render(<GuidelinePage role="STUDENT" />);

    expect(await screen.findByRole('heading', { name: 'No guideline yet' })).toBeInTheDocument();
    expect(screen.getByText(/The guideline for the student role has not been written yet/)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('offers to try again when the guideline cannot be loaded', async () => {
    server.use(http.get('/api/guidelines', () => HttpResponse.json({ success: false, message: 'Something went wrong' }, { status: 500 })));
    render(<GuidelinePage role="STUDENT" />);

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();

    serveGuidelines([{ ...TEACHER_GUIDELINE, role: 'STUDENT' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('tab', { name: 'Question bank' })).toBeInTheDocument();
  });

  it("renders the student's guideline as Markdown with math, keeping its line breaks", async () => {
    serveGuidelines([
      {
        id: 8,
        role: 'STUDENT',
        content: [
          {
            title: 'Exams',
            description: 'Keep your **camera** on.\nA mark is worth $\\frac{1}{2}$ point.',
            faqs: [{ question: 'May I leave early?', answer: 'Yes, *after* submitting.' }],
          },
        ],
      },
    ]);
    render(<GuidelinePage role="STUDENT" />);

    const panel = await screen.findByRole('tabpanel');
    // The renderer is fetched with the first guideline shown; the text is plain until then.
    expect((await screen.findByText('camera')).tagName).toBe('STRONG');
    expect(screen.getByText('after').tagName).toBe('EM');
    expect(screen.getByText(/Keep your/).closest('p')).toHaveStyle({ whiteSpace: 'pre-line' });
    await waitFor(() => expect(panel.querySelector('math mfrac')).not.toBeNull());
    expect(panel).not.toHaveTextContent('$');
    expect(panel).not.toHaveTextContent('**');
  });
});
