/**
 * The query parameter of an exam link: `/?examToken=<token>` (the front end reads the same
 * name from src/config/examToken.ts).
 */
export { EXAM_TOKEN_PARAM as EXAM_LINK_PARAM } from '../../src/config/examToken';
