import type { z } from 'zod';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { createSchemaOf, updateSchemaOf, type EntityDef, type FieldMeta, type Role } from '../../schemas';
import { canBrowse, fieldEntries, isShownTo } from './access';
import { jsonSchemaOf, propertiesOf, valueKindOf, type JsonProperty } from './jsonSchema';

/**
 * The create or edit form of an entity for one role: the JSON Schema RJSF renders, its
 * uiSchema (labels, order, widgets) and the zod schema that validates it, all derived from the
 * entity's declaration.
 *
 * - create validates with createSchemaOf(def, role), edit with updateSchemaOf(def, role),
 *   i.e. exactly what the server checks for that role;
 * - fields the role may not set (editableBy) are left out: the server fills them;
 * - createOnly fields are shown read-only on edit and not sent.
 */

export type FormMode = 'create' | 'edit';

/** Widget names the generator registers with RJSF. */
export const WIDGETS = { reference: 'reference', dateTime: 'dateTime' } as const;

export interface FormModel {
  mode: FormMode;
  jsonSchema: RJSFSchema;
  uiSchema: UiSchema;
  /** Validates the form data and gives the body to send (unknown keys, e.g. read-only ones, dropped). */
  validation: z.ZodObject;
  /** The form's fields, in the order shown. */
  fields: string[];
}

export interface FormOptions {
  /** field -> a widget name registered by the resource (an override), instead of the generated choice. */
  fieldWidgets?: Readonly<Record<string, string>>;
}

const humanize = (name: string): string => {
  const words = name.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function omitFields(schema: z.ZodObject, names: readonly string[]): z.ZodObject {
  const present = names.filter((name) => name in schema.shape);
  if (present.length === 0) return schema;
  const mask = Object.fromEntries(present.map((name) => [name, true] as const));
  return schema.omit(mask as Parameters<typeof schema.omit>[0]);
}

function widgetOf(name: string, meta: FieldMeta | undefined, property: JsonProperty, role: Role | undefined, options: FormOptions): UiSchema {
  const override = options.fieldWidgets?.[name];
  if (override) return { 'ui:widget': override, ...(meta?.reference ? { 'ui:options': { reference: meta.reference } } : {}) };
  if (meta?.reference && canBrowse(meta.reference, role)) {
    return { 'ui:widget': WIDGETS.reference, 'ui:options': { reference: meta.reference } };
  }
  if (meta?.choices) return {};
  if (meta?.widget === 'textarea' || meta?.widget === 'markdown') return { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } };
  if (meta?.widget === 'password') return { 'ui:widget': 'password' };
  if (meta?.widget === 'datetime' || valueKindOf(property) === 'dateTime') return { 'ui:widget': WIDGETS.dateTime };
  return {};
}

/** Puts an enum in the order of its declared choices and names each value with its label. */
function withChoices(property: JsonProperty, choices: NonNullable<FieldMeta['choices']>): { property: JsonProperty; ui: UiSchema } {
  const values = (property.enum ?? []).map(String);
  const ordered = [...Object.keys(choices).filter((value) => values.includes(value)), ...values.filter((value) => !(value in choices))];
  return {
    property: { ...property, enum: ordered },
    ui: { 'ui:enumNames': ordered.map((value) => choices[value] ?? value) },
  };
}

/** A list of plain values (deployment IDs, accepted answers) rather than of references or objects. */
function isValueList(property: JsonProperty): boolean {
  const items = property.items as JsonProperty | undefined;
  return valueKindOf(property) === 'list' && !!items && !Array.isArray(items) && ['text', 'number'].includes(valueKindOf(items));
}

/**
 * Each value of a list is labelled by the item's title (the field's label without one) and its
 * place: 'Deployment ID 2'. The values are a set as far as the form knows: no reordering.
 */
function valueListUi(property: JsonProperty): UiSchema {
  const itemTitle = ((property.items as JsonProperty).title as string | undefined) ?? (property.title as string | undefined) ?? '';
  return {
    'ui:options': { orderable: false },
    items: (_item: unknown, index: number) => ({ 'ui:title': `${itemTitle} ${index + 1}` }),
  };
}

/**
 * The empty value of each list of plain values: as many blank texts as the list needs at least
 * (a required list shows its first field at once), else none; never missing, so that an emptied
 * list gets the schema's own message ('At least one …') rather than a type error.
 */
export function emptyValueLists(model: FormModel): Record<string, unknown[]> {
  const lists: Record<string, unknown[]> = {};
  for (const [name, property] of Object.entries(propertiesOf(model.jsonSchema))) {
    if (!isValueList(property) || (model.uiSchema[name] as UiSchema | undefined)?.['ui:widget']) continue;
    const needed = model.jsonSchema.required?.includes(name) ? Math.max(0, Number(property.minItems ?? 0)) : 0;
    lists[name] = valueKindOf(property.items as JsonProperty) === 'text' ? Array.from({ length: needed }, () => '') : [];
  }
  return lists;
}

export function formModelOf(def: EntityDef, role: Role | undefined, mode: FormMode, options: FormOptions = {}): FormModel {
  const metas = def.fields as Readonly<Record<string, FieldMeta | undefined>>;
  const hidden = fieldEntries(def)
    .filter(([, meta]) => !isShownTo(meta, role))
    .map(([name]) => name);
  const shownSchema = omitFields(createSchemaOf(def, role), hidden);
  const validation = mode === 'create' ? shownSchema : omitFields(updateSchemaOf(def, role), hidden);

  const json = jsonSchemaOf(shownSchema);
  const properties: Record<string, JsonProperty> = {};
  const uiSchema: UiSchema = {};
  let required = (json.required ?? []) as string[];

  for (const [name, raw] of Object.entries(propertiesOf(json))) {
    const meta = metas[name];
    let property: JsonProperty = { ...raw, title: meta?.label ?? (raw.title as string | undefined) ?? humanize(name) };
    let ui: UiSchema = widgetOf(name, meta, property, role, options);
    if (meta?.choices && !options.fieldWidgets?.[name]) {
      const chosen = withChoices(property, meta.choices);
      property = chosen.property;
      ui = { ...ui, ...chosen.ui };
    }
    if (mode === 'edit' && !(name in validation.shape)) {
      // Set once at creation (createOnly): visible for reference, never sent.
      ui = { ...ui, 'ui:readonly': true };
      required = required.filter((field) => field !== name);
    }
    if (isValueList(property) && !ui['ui:widget']) ui = { ...ui, ...valueListUi(property) };
    properties[name] = property;
    if (Object.keys(ui).length > 0) uiSchema[name] = ui;
  }

  const declared = fieldEntries(def)
    .map(([name]) => name)
    .filter((name) => name in properties);
  const fields = [...declared, ...Object.keys(properties).filter((name) => !declared.includes(name))];
  return {
    mode,
    jsonSchema: { ...json, properties, required },
    uiSchema: { ...uiSchema, 'ui:order': [...fields, '*'], 'ui:submitButtonOptions': { norender: true } },
    validation,
    fields,
  };
}

/** A stored record as the form's data: only the form's fields, and null read as empty. */
export function formDataOf(model: FormModel, record: Record<string, unknown> | undefined): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const name of model.fields) {
    const value = record?.[name];
    if (value !== null && value !== undefined) data[name] = value;
  }
  return data;
}

/** References of the form, by field (the widgets' options), e.g. for remembered choices. */
export function referencesOf(model: FormModel): Record<string, NonNullable<FieldMeta['reference']>> {
  const references: Record<string, NonNullable<FieldMeta['reference']>> = {};
  for (const name of model.fields) {
    const options = (model.uiSchema[name] as UiSchema | undefined)?.['ui:options'] as { reference?: FieldMeta['reference'] } | undefined;
    if (options?.reference) references[name] = options.reference;
  }
  return references;
}
