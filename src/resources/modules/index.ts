import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';

/** Modules (course outcomes) of subjects (teacher), generated from the entity declaration. */
export const modules = resourceFromEntity(entities.modules);
