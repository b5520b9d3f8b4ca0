import { createElement } from 'react';
import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';
import { StudentBulkActions } from './bulk/StudentBulkActions';
import { UploadStudentsButton } from './upload/UploadStudentsButton';

/**
 * Students (institute head, department head, teacher), generated from the entity declaration,
 * with the bulk actions (add to or remove from a group, reset passwords, delete) on the selection
 * or on everything filtered, for the heads.
 */
export const students = resourceFromEntity(entities.students, { bulkActions: createElement(StudentBulkActions) });

/** The same, with the sheet upload (mounted at `{section}/upload`) offered on the list. */
export const studentsWithUpload = resourceFromEntity(entities.students, {
  listActions: createElement(UploadStudentsButton),
  bulkActions: createElement(StudentBulkActions),
});
