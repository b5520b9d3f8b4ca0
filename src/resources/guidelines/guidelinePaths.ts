import { useSectionPaths } from '../../shell/sectionPaths';

/** The admin area's section name for guidelines (its screens: guideline, guideline/add, guideline/edit/{id}). */
export const GUIDELINE_SECTION = 'guideline';

/** The guideline screens' addresses inside the area. */
export function useGuidelinePaths() {
  return useSectionPaths(GUIDELINE_SECTION);
}
