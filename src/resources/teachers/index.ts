import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';

/** Teachers with their department and subjects (institute head), generated from the entity declaration. */
export const teachers = resourceFromEntity(entities.teachers);
