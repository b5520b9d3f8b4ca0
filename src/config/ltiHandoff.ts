/** Query parameter of an instructor's LMS launch: `/?ltiHandoff=<code>` signs a teacher in on the quiz's manage page. */
export const LTI_HANDOFF_PARAM = 'ltiHandoff';
