import { ProfilePage } from '../../pages/account/ProfilePage';
import { feedbacks } from '../../resources/feedbacks';
import { guidelines } from '../../resources/guidelines';
import { institutes } from '../../resources/institutes';
import { ltiPlatforms } from '../../resources/ltiPlatforms';
import { StaffArea } from '../shared/StaffArea';

const resources = { institutes, feedbacks, guidelines, 'lti-platforms': ltiPlatforms };
const pages = { profile: ProfilePage };

/** The admin area (its own chunk). */
export default function AdminArea() {
  return <StaffArea area="admin" resources={resources} pages={pages} />;
}
