import type { z } from 'zod';
import type { Role } from './roles';

/**
 * The metadata that turns a zod schema into an entity: from one EntityDef the server
 * derives validation, REST routes and row-level access, and the front end derives
 * the react-admin list and the create/edit form. Declarations import nothing from
 * React or Node.
 */
export type Action = 'list' | 'read' | 'create' | 'update' | 'delete';

/** list and read only look; create, update and delete change rows. */
export const READ_ACTIONS: readonly Action[] = ['list', 'read'];
export const WRITE_ACTIONS: readonly Action[] = ['create', 'update', 'delete'];
export const ALL_ACTIONS: readonly Action[] = [...READ_ACTIONS, ...WRITE_ACTIONS];

/**
 * How the rows a role may see are narrowed, enforced on the server for every read and write:
 * - all: every row (admin)
 * - institute: rows whose institute is the caller's. On the institutes table itself the row
 *   is the caller's institute (its id is the caller's institute id).
 * - department: rows whose department is the caller's. On the departments table itself the
 *   row is the caller's department (its id is the caller's department id).
 * - own: rows the caller created (created_by), within the caller's department. An entity's
 *   `scopeVia` moves a scope's test to a referenced row (feedbacks: the quiz was created by the caller,
 *   is of the caller's department or institute).
 * - self: the caller's own row (a user reading their own record), or a row that belongs to the
 *   caller's account (a student's own feedback).
 * - role: rows whose `role` field equals the caller's role (guidelines written for that role).
 *
 * The server must take the scope's columns from the caller on create (institute, department,
 * created_by, the caller's account), never from the body, and must not let an update move a
 * row out of the caller's scope.
 */
export type Scope = 'all' | 'institute' | 'department' | 'own' | 'self' | 'role';

export type AccessRule = { readonly [A in Action]?: readonly Role[] };

export interface ReferenceMeta {
  /** API resource name of the referenced entity, e.g. 'departments'. */
  resource: string;
  /** Field of the referenced record shown to users, e.g. 'departmentName'. */
  display: string;
  /** The value is a list of ids (multi-select). */
  many?: boolean;
}

export interface FieldMeta {
  label: string;
  /** Shown as a column of the list. */
  list?: boolean;
  /** Offered as a filter of the list (allow-listed on the server). */
  filter?: boolean;
  /** The list may sort by it (allow-listed on the server). */
  sortable?: boolean;
  /** Matched by the list's free-text search `q`. */
  search?: boolean;
  reference?: ReferenceMeta;
  /** How a form renders it when the JSON Schema type is not enough. */
  widget?: 'textarea' | 'datetime' | 'password' | 'markdown';
  /** Set on create only; shown read-only on edit (e.g. a username). */
  createOnly?: boolean;
  /** Labels of an enum's values, in the order a select shows them. */
  choices?: { readonly [value: string]: string };
  /**
   * Only these roles set the field in a form; for every other role the form hides it and the
   * server fills it from the caller's scope (a department head's students are in their department).
   */
  editableBy?: readonly Role[];
}

/** A screen below a section with a fixed path and title ('edit/:questionId', 'Edit question'). */
export interface AreaScreen {
  path: string;
  title: string;
}

/**
 * Where an entity appears in one staff area: the menu section (its path below the area and the
 * react-admin resource name), its menu label when it differs from the entity's, and the named
 * screens below it. A create screen called 'add' is served at '{section}/add'.
 */
export interface AreaPlacement {
  section: string;
  label?: string;
  screens?: readonly AreaScreen[];
}

/** The roles with a react-admin area (the student area is hand-written and has no sections). */
export type StaffRole = Exclude<Role, 'STUDENT'>;

export interface EntityDef<S extends z.ZodObject = z.ZodObject> {
  /** REST resource name under /api, plural and lower case. */
  resource: string;
  label: string;
  singular: string;
  /** The body of a create; records carry these fields plus `id`. Its messages are the ones the form shows. */
  schema: S;
  /**
   * The body of a create for a role whose form differs from `schema`
   * (the institute head must pick a student's department; others may not).
   */
  roleSchemas?: { readonly [R in Role]?: z.ZodObject };
  /** The body of an update; defaults to the create schema without createOnly fields. */
  updateSchema?: z.ZodObject;
  fields: { readonly [K in keyof z.infer<S> & string]?: FieldMeta };
  /** Field used to name a record in references and titles. */
  recordRepresentation: string;
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  access: AccessRule;
  /** Row scope per role; a role without a scope sees nothing. */
  scope: { readonly [R in Role]?: Scope };
  /**
   * A narrower scope for create, update and delete, where a role changes fewer rows than it
   * sees: a teacher sees the department's groups but changes only their own (`{ TEACHER: 'own' }`).
   * Without an entry, `scope` applies to every action. Read it through scopeFor.
   */
  writeScope?: { readonly [R in Role]?: Scope };
  /**
   * Scopes tested on a referenced row instead of on the row itself: `{ own: 'quiz' }` means
   * "the quiz this row references (field `quiz`, see its reference) was created by the caller".
   */
  scopeVia?: { readonly [K in Scope]?: keyof z.infer<S> & string };
  /**
   * The areas that show the entity's screens, by role: a section name, or a placement with a label
   * and named screens. Menus, routes and the front end's navigation checks are generated from it;
   * what a role may do there is still `access` (the server's rule).
   */
  areas?: { readonly [R in StaffRole]?: string | AreaPlacement };
}

export const defineEntity = <S extends z.ZodObject>(def: EntityDef<S>): EntityDef<S> => def;

/** May `role` perform `action` on the entity at all (before row scoping)? */
export const can = (def: EntityDef, role: Role, action: Action): boolean =>
  def.access[action]?.includes(role) ?? false;

/** The scope that narrows `role`'s rows for `action`, or undefined when the role may not act. */
export function scopeFor(def: EntityDef, role: Role, action: Action): Scope | undefined {
  if (!can(def, role, action)) return undefined;
  if (WRITE_ACTIONS.includes(action)) return def.writeScope?.[role] ?? def.scope[role];
  return def.scope[role];
}

/** The create body for `role` (its own variant when the entity declares one). */
export const createSchemaOf = (def: EntityDef, role?: Role): z.ZodObject =>
  (role && def.roleSchemas?.[role]) || def.schema;

/** Where the entity appears in `role`'s area, or undefined when it does not. */
export function placementOf(def: EntityDef, role: Role): AreaPlacement | undefined {
  const placement = role === 'STUDENT' ? undefined : def.areas?.[role];
  return typeof placement === 'string' ? { section: placement } : placement;
}

const updateSchemas = new WeakMap<EntityDef, Map<Role | undefined, z.ZodObject>>();

/**
 * The update body, for the server and the forms alike: the declared one, else the role's create
 * body without createOnly fields. Computed once per entity and role.
 */
export function updateSchemaOf(def: EntityDef, role?: Role): z.ZodObject {
  if (def.updateSchema) return def.updateSchema;
  let byRole = updateSchemas.get(def);
  if (!byRole) updateSchemas.set(def, (byRole = new Map()));
  let schema = byRole.get(role);
  if (!schema) byRole.set(role, (schema = withoutCreateOnly(def, createSchemaOf(def, role))));
  return schema;
}

function withoutCreateOnly(def: EntityDef, schema: z.ZodObject): z.ZodObject {
  const fields: Record<string, FieldMeta | undefined> = def.fields;
  const createOnly = Object.keys(fields).filter((name) => fields[name]?.createOnly && name in schema.shape);
  if (createOnly.length === 0) return schema;
  const mask: Record<string, true> = Object.fromEntries(createOnly.map((name) => [name, true] as const));
  return schema.omit(mask as Parameters<typeof schema.omit>[0]);
}
