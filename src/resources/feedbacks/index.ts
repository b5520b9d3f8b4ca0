import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';

/** Students' feedback on quizzes: read and removed by the admin; generated from the entity declaration. */
export const feedbacks = resourceFromEntity(entities.feedbacks);
