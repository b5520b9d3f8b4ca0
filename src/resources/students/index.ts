import { createElement } from 'react';
import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';
import { UploadStudentsButton } from './upload/UploadStudentsButton';

/** Students (institute head, department head, teacher), generated from the entity declaration. */
export const students = resourceFromEntity(entities.students);

/** The same, with the sheet upload (mounted at `{section}/upload`) offered on the list. */
export const studentsWithUpload = resourceFromEntity(entities.students, {
  listActions: createElement(UploadStudentsButton),
});
