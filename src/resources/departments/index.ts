import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';

/** Departments and their heads' accounts (institute head), generated from the entity declaration. */
export const departments = resourceFromEntity(entities.departments);
