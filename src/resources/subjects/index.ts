import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';

/** The institute's subjects (institute head), generated from the entity declaration. */
export const subjects = resourceFromEntity(entities.subjects);
