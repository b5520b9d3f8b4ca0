import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';
import { ModuleBySubjectWidget } from './ModuleBySubjectWidget';

/** Topics of modules (teacher). The module is picked through its subject. */
export const topics = resourceFromEntity(entities.topics, {
  form: {
    fieldWidgets: { module_id: 'moduleBySubject' },
    widgets: { moduleBySubject: ModuleBySubjectWidget },
  },
});
