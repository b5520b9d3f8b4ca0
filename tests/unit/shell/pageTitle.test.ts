import { describe, expect, it } from 'vitest';
import { pageTitleOf } from '../../../src/shell/pageTitle';
import { feedbackQuery } from '../../../src/resources/feedbacks/FeedbackListPage';

describe('page titles', () => {
  it.each([
    ['teacher', '/teacher', 'Dashboard'],
    ['teacher', '/teacher/', 'Dashboard'],
    ['teacher', '/teacher/quiz', 'Quizzes'],
    ['teacher', '/teacher/quiz/analysis/12', 'Quiz analysis'],
    ['teacher', '/teacher/quiz/manage/12', 'Manage quiz'],
    ['teacher', '/teacher/questions/edit/3', 'Edit question'],
    ['teacher', '/teacher/topics/add', 'Add topic'],
    ['teacher', '/teacher/modules/create', 'New: Modules'],
    ['teacher', '/teacher/modules/7', 'Modules: edit'],
    ['admin', '/admin/feedbacks', 'Feedbacks'],
    ['admin', '/admin/guideline/edit/2', 'Edit guideline'],
    ['institute-head', '/institute-head/department', 'Departments'],
    ['department-head', '/department-head/nowhere', 'Page not found'],
    ['student', '/student', 'Dashboard'],
    ['student', '/student/history', 'History'],
    ['student', '/student/history/analysis/5', 'Attempt analysis'],
    ['student', '/student/availableQuiz/instruction/4', 'Quiz instructions'],
    ['student', '/student/feedback/4', 'Quiz feedback'],
  ] as const)('%s %s is "%s"', (area, path, title) => {
    expect(pageTitleOf(area, path)).toBe(title);
  });
});

describe('the feedback filters', () => {
  it('leave empty filters out of the query', () => {
    expect(feedbackQuery({ quizId: '', from: '', to: '' })).toBe('');
    expect(feedbackQuery({ quizId: '3', from: '2026-11-01', to: '' })).toBe('?quizId=3&from=2026-11-01');
  });
});
