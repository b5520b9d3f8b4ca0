import { createElement } from 'react';
import { Route } from 'react-router';
import type { ResourceProps } from 'react-admin';
import { ENTITY_ICONS } from '../../shell/sectionIcons';
import { QuizAnalysisPage } from './analysis/QuizAnalysisPage';
import { QuizCreatePage, QuizEditPage } from './form/QuizEditorPages';
import { QuizList } from './list/QuizList';
import { HeadQuizList } from './list/HeadQuizList';
import { QuizManagePage } from './manage/QuizManagePage';
import { QuizPreviewPage } from './preview/QuizPreviewPage';

const route = (path: string, page: () => ReturnType<typeof createElement> | null) =>
  createElement(Route, { key: path, path, element: createElement(page) });

/**
 * The teacher's quizzes as one <Resource> (the teacher area's `quiz` section; the area maps it
 * to the API's `quizzes`): the list at quiz, and the other screens as child routes: quiz/create,
 * quiz/edit/{quizId}, quiz/preview/{quizId}, quiz/manage/{quizId} and quiz/analysis/{quizId}.
 * `create` and `edit` are also given so react-admin knows the resource can be created and
 * edited; the pages read `:quizId` or react-admin's `:id`.
 */
export const quizzes: Omit<ResourceProps, 'name'> = {
  list: QuizList,
  create: QuizCreatePage,
  edit: QuizEditPage,
  icon: ENTITY_ICONS.quizzes,
  recordRepresentation: 'name',
  children: [
    route('edit/:quizId', QuizEditPage),
    route('preview/:quizId', QuizPreviewPage),
    route('manage/:quizId', QuizManagePage),
    route('analysis/:quizId', QuizAnalysisPage),
  ],
};

/**
 * The heads' quizzes (the department head's and the institute head's `quiz` section): their
 * department's or institute's quizzes, read only, and each one's analysis at quiz/analysis/{quizId}.
 */
export const headQuizzes: Omit<ResourceProps, 'name'> = {
  list: HeadQuizList,
  icon: ENTITY_ICONS.quizzes,
  recordRepresentation: 'name',
  children: [route('analysis/:quizId', QuizAnalysisPage)],
};

export { QuizList } from './list/QuizList';
export { QuizCreatePage, QuizEditPage } from './form/QuizEditorPages';
export { QuizForm } from './form/QuizForm';
export { QuizPreviewPage } from './preview/QuizPreviewPage';
export { QuizManagePage } from './manage/QuizManagePage';
export { QuizAnalysisPage } from './analysis/QuizAnalysisPage';
export { QuizStateChip } from './QuizStateChip';
export { quizStateOf, QUIZ_STATES, QUIZ_STATE_LABELS, type QuizState } from './quizState';
export { QUIZ_SECTION, useQuizPaths } from './quizPaths';
