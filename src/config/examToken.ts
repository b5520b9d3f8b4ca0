/** Query parameter of an exam link: `/?examToken=<token>` signs a student straight into an exam. */
export const EXAM_TOKEN_PARAM = 'examToken';
