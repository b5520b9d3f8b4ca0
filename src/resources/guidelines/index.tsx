import { Route } from 'react-router';
import type { ResourceProps } from 'react-admin';
import { ENTITY_ICONS } from '../../shell/sectionIcons';
import { ROLE_LABELS, type Role } from '../../schemas/roles';
import { GuidelineCreatePage, GuidelineEditPage } from './GuidelineEditorPages';
import { GuidelineList } from './GuidelineList';

/**
 * The admin's guideline screens as one <Resource> (mounted as the admin area's `guideline`
 * section): the list at guideline, the editor at guideline/add and guideline/edit/{guidelineId}
 * (the product's paths, hence child routes rather than react-admin's create/edit).
 */
export const guidelines: Omit<ResourceProps, 'name'> = {
  list: GuidelineList,
  icon: ENTITY_ICONS.guidelines,
  recordRepresentation: (record: { role: Role }) => ROLE_LABELS[record.role] ?? record.role,
  children: [
    <Route key="add" path="add" element={<GuidelineCreatePage />} />,
    <Route key="edit" path="edit/:guidelineId" element={<GuidelineEditPage />} />,
  ],
};

export { GuidelineList } from './GuidelineList';
export { GuidelineCreatePage, GuidelineEditPage } from './GuidelineEditorPages';
export { GuidelineForm } from './GuidelineForm';
/* The viewer carries no react-admin: the student area imports it from its own file. */
export { GuidelinePage } from './GuidelinePage';
export { GuidelineViewer } from './GuidelineViewer';
