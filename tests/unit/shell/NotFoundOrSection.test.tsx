import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { NotFoundOrSection } from '../../../src/pages/NotFoundOrSection';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/teacher/quiz/*" element={<Where />} />
        <Route path="/teacher/*" element={<NotFoundOrSection base="/teacher" names={['modules', 'quiz', 'guideline']} />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the wildcard of an area', () => {
  it('sends a plural section to its route, with the rest of the address', () => {
    at('/teacher/quizzes/analysis/3?tab=1');
    expect(screen.getByTestId('where')).toHaveTextContent('/teacher/quiz/analysis/3?tab=1');
  });

  it("shows SPEC's not-found page for an unknown address", () => {
    at('/teacher/nowhere');
    expect(screen.getByRole('heading', { name: 'Sorry we could not find this page.' })).toBeInTheDocument();
    expect(screen.getByText('But dont worry, you can find plenty of other things on our homepage.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  });
});
