import { createElement } from 'react';
import { Route } from 'react-router';
import type { ResourceProps } from 'react-admin';
import { ENTITY_ICONS } from '../../shell/sectionIcons';
import { QuestionCreatePage, QuestionEditPage } from './editor/QuestionEditorPages';
import { QuestionList } from './list/QuestionList';
import type { QuestionRecord } from './questionDraft';

/** A question's name in react-admin (breadcrumbs, reference fields): its text, shortened. */
export const questionRepresentation = (record: QuestionRecord): string => {
  const text = (record.question ?? '').replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/**
 * The teacher's question bank as one <Resource> (the teacher area's `questions` section):
 * the list at questions, the editor at questions/add and questions/edit/{questionId}
 * (the product's paths, served by the child routes). `create` and `edit` are also given so
 * react-admin knows the resource can be created and edited; the pages read the id from
 * either `:questionId` or react-admin's `:id`.
 */
export const questions: Omit<ResourceProps, 'name'> = {
  list: QuestionList,
  create: QuestionCreatePage,
  edit: QuestionEditPage,
  icon: ENTITY_ICONS.questions,
  recordRepresentation: questionRepresentation,
  children: [
    createElement(Route, { key: 'add', path: 'add', element: createElement(QuestionCreatePage) }),
    createElement(Route, { key: 'edit', path: 'edit/:questionId', element: createElement(QuestionEditPage) }),
  ],
};

export { QuestionList } from './list/QuestionList';
export { QuestionCreatePage, QuestionEditPage } from './editor/QuestionEditorPages';
export { QuestionForm } from './editor/QuestionForm';
export { QuestionPreviewDialog } from './list/QuestionPreviewDialog';
export { QUESTION_SECTION, useQuestionPaths } from './questionPaths';
export { DIFFICULTY_CHOICES, QUESTION_TYPE_CHOICES } from './questionChoices';
export type { QuestionRecord } from './questionDraft';
/* The exam's renderer carries no react-admin: the student area may import it from its own file. */
export {
  QuestionView,
  type QuestionViewProps,
  type QuestionViewData,
  type QuestionViewOption,
  type QuestionAnswerKey,
  type QuestionResponse,
} from './QuestionView';
