/** The generator of react-admin resources from entity declarations (see docs/frontend.md). */
export { resourceFromEntity, forRole, type GeneratedResource } from './resourceFromEntity';
export type { GeneratedFormOptions, GeneratedResourceOptions } from './types';
export { listModelOf, declaredColumn, declaredColumns, declaredFilterLabel, SEARCH_SOURCE, type DeclaredColumn, type ListColumn, type ListFilter, type ListModel } from './listModel';
export { formModelOf, formDataOf, WIDGETS, type FormModel, type FormMode } from './formModel';
export { zodValidator } from './zodValidator';
export { errorSchemaOf, serverFieldErrors, placeErrors, type FieldErrorMap } from './fieldErrors';
export { InitialPasswordDialog } from './initialPassword/InitialPasswordDialog';
export { initialPasswordStore, initialPasswordOf } from './initialPassword/initialPasswordStore';
export { ListExportButtons, ResetFiltersButton, LIST_EXPORT_FORMATS, listExportPath, shownColumns, type ListExportFormat } from './listTools';
