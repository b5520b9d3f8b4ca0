import type { RolePath } from '../schemas/roles';

/**
 * The screens of the four react-admin areas (SPEC.md section 2), as plain data so the auth
 * provider can check access without loading any area. Each section is one menu entry; its
 * `name` is the path under the area and the react-admin resource name once a <Resource>
 * replaces the placeholder (see StaffArea's `resources`).
 */
export interface AreaScreen {
  /** Path below the section, e.g. 'edit/:questionId'. */
  path: string;
  title: string;
}

export interface AreaSection {
  name: string;
  label: string;
  /** The API resource behind the section (DESIGN.md's names), when it has one. */
  apiResource?: string;
  screens?: readonly AreaScreen[];
}

export type StaffAreaPath = Exclude<RolePath, 'student'>;

export const AREA_SECTIONS: Record<StaffAreaPath, readonly AreaSection[]> = {
  admin: [
    { name: 'institutes', label: 'Institutes', apiResource: 'institutes' },
    { name: 'feedbacks', label: 'Feedbacks', apiResource: 'feedbacks' },
    {
      name: 'guideline',
      label: 'Guidelines',
      apiResource: 'guidelines',
      screens: [
        { path: 'add', title: 'Add guideline' },
        { path: 'edit/:guidelineId', title: 'Edit guideline' },
      ],
    },
  ],
  'institute-head': [
    { name: 'department', label: 'Departments', apiResource: 'departments' },
    { name: 'teacher', label: 'Teachers', apiResource: 'teachers' },
    { name: 'subject', label: 'Subjects', apiResource: 'subjects' },
    { name: 'student', label: 'Students', apiResource: 'students' },
    { name: 'guideline', label: 'Guideline', apiResource: 'guidelines' },
  ],
  'department-head': [
    { name: 'students', label: 'Students', apiResource: 'students' },
    { name: 'groups', label: 'Groups', apiResource: 'groups' },
    { name: 'guideline', label: 'Guideline', apiResource: 'guidelines' },
  ],
  teacher: [
    { name: 'modules', label: 'Modules', apiResource: 'modules' },
    { name: 'topics', label: 'Topics', apiResource: 'topics', screens: [{ path: 'add', title: 'Add topic' }] },
    { name: 'students', label: 'Students', apiResource: 'students' },
    { name: 'groups', label: 'Groups', apiResource: 'groups' },
    {
      name: 'questions',
      label: 'Questions',
      apiResource: 'questions',
      screens: [
        { path: 'add', title: 'Add question' },
        { path: 'edit/:questionId', title: 'Edit question' },
      ],
    },
    {
      name: 'quiz',
      label: 'Quizzes',
      apiResource: 'quizzes',
      screens: [
        { path: 'create', title: 'Create quiz' },
        { path: 'edit/:quizId', title: 'Edit quiz' },
        { path: 'preview/:quizId', title: 'Quiz preview' },
        { path: 'analysis/:quizId', title: 'Quiz analysis' },
        { path: 'manage/:quizId', title: 'Manage quiz' },
      ],
    },
    { name: 'profile', label: 'Profile' },
    { name: 'guideline', label: 'Guideline', apiResource: 'guidelines' },
  ],
};

const isStaffArea = (area: RolePath): area is StaffAreaPath => area in AREA_SECTIONS;

/** The student area is not react-admin: it has no sections. */
export const sectionsOf = (area: RolePath): readonly AreaSection[] => (isStaffArea(area) ? AREA_SECTIONS[area] : []);

/** UI resource name -> API resource, for createDataProvider. */
export const apiResourceMap = (area: RolePath): Record<string, string> =>
  Object.fromEntries(
    sectionsOf(area).flatMap((section) => (section.apiResource ? [[section.name, section.apiResource]] : [])),
  );
