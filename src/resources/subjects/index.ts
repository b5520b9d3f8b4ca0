import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { entities } from '../../schemas';
import { resourceFromEntity } from '../generator';

/** The institute's subjects (institute head), generated from the entity declaration. */
export const subjects = resourceFromEntity(entities.subjects, { icon: MenuBookOutlinedIcon });
