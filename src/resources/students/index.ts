import { createElement } from 'react';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';
import { UploadStudentsButton } from './upload/UploadStudentsButton';

/** Students (institute head, department head, teacher), generated from the entity declaration. */
export const students = resourceFromEntity(entities.students, { icon: SchoolOutlinedIcon });

/** The same, with the sheet upload (mounted at `{section}/upload`) offered on the list. */
export const studentsWithUpload = resourceFromEntity(entities.students, {
  icon: SchoolOutlinedIcon,
  listActions: createElement(UploadStudentsButton),
});
