import { defaultExporter, type Exporter, type RaRecord } from 'react-admin';
import type { EntityDef } from '../../schemas';
import type { ListColumn } from './listModel';

/**
 * CSV export of what the list shows: one column per list column, headed by its label, with
 * references and choices written as their names rather than ids. react-admin's ExportButton
 * asks for up to 1000 rows, the most the server answers in one page.
 */
export const EXPORT_MAX_ROWS = 1000;

export function exporterOf(def: EntityDef, columns: readonly ListColumn[]): Exporter {
  return async (records, fetchRelatedRecords, dataProvider) => {
    const related: Record<string, Record<string, RaRecord>> = {};
    for (const column of columns) {
      if ((column.kind === 'reference' || column.kind === 'referenceMany') && column.reference) {
        related[column.source] = await fetchRelatedRecords<RaRecord>(records, column.source, column.reference.resource);
      }
    }
    const nameOf = (column: ListColumn, id: unknown): string => {
      const record = related[column.source]?.[String(id)];
      return record ? String(record[column.reference!.display] ?? id) : String(id);
    };
    const rows = records.map((record) =>
      Object.fromEntries(
        columns.map((column) => {
          const value = record[column.source];
          if (value === null || value === undefined) return [column.label, ''];
          switch (column.kind) {
            case 'reference':
              return [column.label, nameOf(column, value)];
            case 'referenceMany':
              return [column.label, (Array.isArray(value) ? value : [value]).map((id) => nameOf(column, id)).join('; ')];
            case 'choice':
              return [column.label, column.choices?.[String(value)] ?? String(value)];
            default:
              return [column.label, value];
          }
        }),
      ),
    );
    return defaultExporter(rows, fetchRelatedRecords, dataProvider, def.resource);
  };
}
