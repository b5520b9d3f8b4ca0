import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import ClassOutlinedIcon from '@mui/icons-material/ClassOutlined';
import CoPresentOutlinedIcon from '@mui/icons-material/CoPresentOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LanOutlinedIcon from '@mui/icons-material/LanOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import MeetingRoomOutlinedIcon from '@mui/icons-material/MeetingRoomOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import TopicOutlinedIcon from '@mui/icons-material/TopicOutlined';
import ViewModuleOutlinedIcon from '@mui/icons-material/ViewModuleOutlined';
import type { ResourceName } from '../schemas';
import type { AreaSection } from './areaSections';

type SvgIconComponent = typeof LabelOutlinedIcon;

/**
 * The icon of every menu entry, in one place. An entity has the same icon in every area (whatever
 * its section is called there: the institute head's `teacher`, the teacher's `students`); an
 * area's own pages have theirs by section name, so a page that another area gains later (a
 * `profile`) shows the same icon there too.
 */
export const ENTITY_ICONS: Readonly<Record<ResourceName, SvgIconComponent>> = {
  institutes: AccountBalanceOutlinedIcon,
  departments: ApartmentOutlinedIcon,
  teachers: CoPresentOutlinedIcon,
  subjects: ClassOutlinedIcon,
  modules: ViewModuleOutlinedIcon,
  topics: TopicOutlinedIcon,
  students: SchoolOutlinedIcon,
  groups: GroupsOutlinedIcon,
  questions: QuizOutlinedIcon,
  quizzes: AssignmentOutlinedIcon,
  rooms: MeetingRoomOutlinedIcon,
  feedbacks: RateReviewOutlinedIcon,
  guidelines: MenuBookOutlinedIcon,
  'lti-platforms': LanOutlinedIcon,
};

/** The areas' own pages (AREA_PAGES), by section name. */
export const PAGE_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  profile: AccountCircleOutlinedIcon,
  guideline: ENTITY_ICONS.guidelines,
};

/** What a menu entry would show without an icon of its own: the tests check that none does. */
export const FALLBACK_SECTION_ICON: SvgIconComponent = LabelOutlinedIcon;

/** The menu icon of an area's section: its entity's, else its page's. */
export function sectionIcon(section: Pick<AreaSection, 'name' | 'entity'>): SvgIconComponent {
  const entityIcon = section.entity && ENTITY_ICONS[section.entity.resource as ResourceName];
  return entityIcon ?? (Object.hasOwn(PAGE_ICONS, section.name) ? PAGE_ICONS[section.name]! : FALLBACK_SECTION_ICON);
}
