import { entities, placementOf, type AreaScreen, type EntityDef } from '../schemas';
import type { RolePath } from '../schemas/roles';
import { roleOfArea } from './areaRole';

export type { AreaScreen };

/**
 * The screens of the four react-admin areas, as plain data so the auth provider can check access
 * without loading any area. Each section is one menu entry; its `name` is the path under the area
 * and the react-admin resource name. The sections of entities come from each entity's `areas`
 * (in the order of the entity registry); an area's own pages follow.
 */
export interface AreaSection {
  name: string;
  label: string;
  /** The API resource behind the section, when it has one. */
  apiResource?: string;
  /** The entity whose generated screens the section shows. */
  entity?: EntityDef;
  screens?: readonly AreaScreen[];
}

export type StaffAreaPath = Exclude<RolePath, 'student'>;

const PROFILE: AreaSection = { name: 'profile', label: 'Profile' };
const GUIDELINE: AreaSection = { name: 'guideline', label: 'Guideline', apiResource: 'guidelines' };

/**
 * Hand-written pages of an area that are not an entity's screens, shown after the entities: every
 * staff member's own profile (phone and password), and the guideline written for the role (the
 * admin writes the guidelines: its section is the guidelines entity's).
 */
const AREA_PAGES: Record<StaffAreaPath, readonly AreaSection[]> = {
  admin: [PROFILE],
  'institute-head': [PROFILE, GUIDELINE],
  'department-head': [PROFILE, GUIDELINE],
  teacher: [PROFILE, GUIDELINE],
};

function entitySections(area: StaffAreaPath): AreaSection[] {
  const role = roleOfArea(area);
  return Object.values(entities as Record<string, EntityDef>).flatMap((def) => {
    const placement = placementOf(def, role);
    if (!placement) return [];
    const { section, label = def.label, screens } = placement;
    return [{ name: section, label, apiResource: def.resource, entity: def, ...(screens ? { screens } : {}) }];
  });
}

const sectionsOfArea = (area: StaffAreaPath): readonly AreaSection[] => [...entitySections(area), ...AREA_PAGES[area]];

export const AREA_SECTIONS: Record<StaffAreaPath, readonly AreaSection[]> = {
  admin: sectionsOfArea('admin'),
  'institute-head': sectionsOfArea('institute-head'),
  'department-head': sectionsOfArea('department-head'),
  teacher: sectionsOfArea('teacher'),
};

const isStaffArea = (area: RolePath): area is StaffAreaPath => area in AREA_SECTIONS;

/** The student area is not react-admin: it has no sections. */
export const sectionsOf = (area: RolePath): readonly AreaSection[] => (isStaffArea(area) ? AREA_SECTIONS[area] : []);

/** UI resource name -> API resource, for createDataProvider. */
export const apiResourceMap = (area: RolePath): Record<string, string> =>
  Object.fromEntries(
    sectionsOf(area).flatMap((section) => (section.apiResource ? [[section.name, section.apiResource]] : [])),
  );
