/** The student sheet import: a screen of its own, mounted at `{students section}/upload` in the staff areas. */
export { StudentUploadPage } from './StudentUploadPage';
export { UploadStudentsButton } from './UploadStudentsButton';
