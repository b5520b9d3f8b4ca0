import { useBasename, useResourceContext } from 'react-admin';

/** The admin area's section name for guidelines (SPEC.md section 2: guideline, guideline/add, guideline/edit/{id}). */
export const GUIDELINE_SECTION = 'guideline';

/**
 * The screens' addresses inside the area. The resource is the <Resource> the screens are
 * mounted under, or the section name when they are mounted as custom routes.
 */
export function useGuidelinePaths() {
  const basename = useBasename();
  const resource = useResourceContext() ?? GUIDELINE_SECTION;
  const list = `${basename}/${resource}`;
  return {
    resource,
    list,
    add: `${list}/add`,
    edit: (id: number | string) => `${list}/edit/${encodeURIComponent(id)}`,
  };
}
