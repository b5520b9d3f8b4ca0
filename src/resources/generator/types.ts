import type { ReactNode } from 'react';
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { FormOptions } from './formModel';

/** What a resource's override may add to the generated forms. */
export interface GeneratedFormOptions extends FormOptions {
  /** Widgets named by fieldWidgets. */
  widgets?: RegistryWidgetsType;
}

/** What a resource's override may add to the generated screens. */
export interface GeneratedResourceOptions {
  form?: GeneratedFormOptions;
  /** Extra buttons in the list's toolbar (before Add and Export). */
  listActions?: ReactNode;
  /** Extra list columns (DataTable.Col elements) after the generated ones. */
  listColumns?: ReactNode;
  /**
   * The buttons shown for the list's selection instead of the generated bulk delete (for the roles
   * that may update or delete the entity); they read the selection from react-admin's list context.
   */
  bulkActions?: ReactNode;
}
