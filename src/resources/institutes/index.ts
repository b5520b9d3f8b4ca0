import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';

/** Institutes and their heads' accounts (admin), generated from the entity declaration. */
export const institutes = resourceFromEntity(entities.institutes);
