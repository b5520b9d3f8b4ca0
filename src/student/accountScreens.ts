import type { ComponentType } from 'react';
import { ProfilePage } from '../pages/account/ProfilePage';
import { GuidelinePage } from '../resources/guidelines/GuidelinePage';

/**
 * The student screens shared with the staff areas, by their path in STUDENT_SCREENS. The
 * guideline page is imported from its own file: the guidelines resource's index brings
 * react-admin, which the student area does not use.
 */
export const SHARED_STUDENT_SCREENS: Readonly<Record<string, ComponentType>> = {
  profile: ProfilePage,
  guideline: GuidelinePage,
};
