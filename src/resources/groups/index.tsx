import { DataTable } from 'react-admin';
import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';
import { GroupMembersWidget } from './GroupMembersWidget';

/**
 * Groups of students (department head, teacher). The list adds how many students each group
 * has: the member list itself is a form field, too long for a column. The form edits the members
 * with GroupMembersWidget: a paged table of the members and a picker by batch, semester and name.
 */
export const groups = resourceFromEntity(entities.groups, {
  listColumns: (
    <DataTable.Col
      label="Students"
      align="right"
      disableSort
      render={(record) => (Array.isArray(record.students) ? record.students.length : 0)}
    />
  ),
  form: {
    fieldWidgets: { students: 'groupMembers' },
    widgets: { groupMembers: GroupMembersWidget },
  },
});
