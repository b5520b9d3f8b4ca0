import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { QuestionList } from '../../../src/resources/questions/list/QuestionList';
import { QuizList } from '../../../src/resources/quizzes/list/QuizList';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function renderList(resource: string, Screen: React.ComponentType, dataProvider: Partial<DataProvider>) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('role', 'TEACHER');
  localStorage.setItem('username', 'someone');
  return render(
    <MemoryRouter initialEntries={[`/${resource}`]}>
      <AdminContext dataProvider={testDataProvider({ getMany: async () => ({ data: [] }), ...dataProvider })}>
        <ResourceContextProvider value={resource}>
          <Screen />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim()).filter(Boolean);

describe('the hand-written lists on the shared parts', () => {
  it("shows the question bank's columns, the declared ones sorting only where declared sortable", async () => {
    const question = { id: 4, question: 'What is 2 + 2?', type: 'mcq', difficulty: 'easy', marks: 2, module: 1, created_by: 9, version: 1 };
    renderList('questions', QuestionList, { getList: async () => ({ data: [question], total: 1 }) as never });

    expect(await screen.findByText('What is 2 + 2?')).toBeInTheDocument();
    expect(headers()).toEqual(expect.arrayContaining(['Question', 'Type', 'Difficulty', 'Marks', 'Module', 'Created by', 'Version', 'Actions']));
    const sorts = (name: string) => screen.getByRole('columnheader', { name }).querySelector('.MuiTableSortLabel-root') !== null;
    expect(['Question', 'Type', 'Difficulty', 'Marks', 'Module'].map(sorts)).toEqual([false, true, true, true, false]);
  });

  it('invites the first question when the bank is empty', async () => {
    renderList('questions', QuestionList, { getList: async () => ({ data: [], total: 0 }) });
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
    expect(screen.getByText('Write the first question, or import a spreadsheet, Aiken or GIFT file.')).toBeInTheDocument();
  });

  it('invites the first quiz when there are none', async () => {
    renderList('quiz', QuizList, { getList: async () => ({ data: [], total: 0 }) });
    expect(await screen.findByText('No quizzes yet')).toBeInTheDocument();
  });
});
