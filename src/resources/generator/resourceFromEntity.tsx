import { lazy, Suspense, type ComponentType } from 'react';
import { Loading, type ResourceProps } from 'react-admin';
import { can, type EntityDef, type ResourceName, type Role } from '../../schemas';
import { ENTITY_ICONS } from '../../shell/sectionIcons';
import { EntityList } from './EntityList';
import type { GeneratedResourceOptions } from './types';

const EntityCreatePage = lazy(() => import('./EntityFormPages').then((module) => ({ default: module.EntityCreatePage })));
const EntityEditPage = lazy(() => import('./EntityFormPages').then((module) => ({ default: module.EntityEditPage })));

/** The props of a react-admin <Resource> without its name (the area's section gives the name). */
export type GeneratedResource = Omit<ResourceProps, 'name'> & {
  list: ComponentType;
  create: ComponentType;
  edit: ComponentType;
  icon: ComponentType;
  recordRepresentation: string;
  options: { label: string; entity: EntityDef };
};

/**
 * A react-admin resource generated from an entity declaration: the list, create and edit screens,
 * an icon and the field that names a record, in the shape react-admin's examples export from a
 * resource folder ({ list, create, edit, icon, recordRepresentation }). Each screen adapts to the
 * signed-in role; `options.entity` lets the area drop the screens a role may not use (forRole).
 */
export function resourceFromEntity(def: EntityDef, options: GeneratedResourceOptions = {}): GeneratedResource {
  const formOptions = options.form ?? {};
  // The entity's icon in every area (sectionIcons.ts), on the menu and the empty list alike.
  const icon = ENTITY_ICONS[def.resource as ResourceName];

  const list = () => <EntityList def={def} icon={icon} actions={options.listActions} columns={options.listColumns} bulkActions={options.bulkActions} />;
  const create = () => (
    <Suspense fallback={<Loading />}>
      <EntityCreatePage def={def} options={formOptions} />
    </Suspense>
  );
  const edit = () => (
    <Suspense fallback={<Loading />}>
      <EntityEditPage def={def} options={formOptions} />
    </Suspense>
  );
  Object.assign(list, { displayName: `${def.singular}List` });
  Object.assign(create, { displayName: `${def.singular}Create` });
  Object.assign(edit, { displayName: `${def.singular}Edit` });

  return { list, create, edit, icon, recordRepresentation: def.recordRepresentation, options: { label: def.label, entity: def } };
}

/**
 * The screens a role may use: without create access there is no create route (nor button),
 * without update access no edit route (rows do not open). Resources that were not generated
 * from an entity are returned as they are.
 */
export function forRole<R extends Omit<ResourceProps, 'name'>>(resource: R, role: Role): R {
  const def = (resource.options as { entity?: EntityDef } | undefined)?.entity;
  if (!def) return resource;
  return {
    ...resource,
    create: can(def, role, 'create') ? resource.create : undefined,
    edit: can(def, role, 'update') ? resource.edit : undefined,
  };
}
