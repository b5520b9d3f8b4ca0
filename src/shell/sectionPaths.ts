import { useBasename, useResourceContext } from 'react-admin';

/**
 * A section's screen addresses inside the area: the list, `add` and `edit/{id}`. The resource is
 * the <Resource> the screens are mounted under, or the section name when they are mounted as
 * custom routes.
 */
export function useSectionPaths(section: string) {
  const basename = useBasename();
  const resource = useResourceContext() ?? section;
  const list = `${basename}/${resource}`;
  return {
    resource,
    list,
    add: `${list}/add`,
    edit: (id: number | string) => `${list}/edit/${encodeURIComponent(id)}`,
  };
}
