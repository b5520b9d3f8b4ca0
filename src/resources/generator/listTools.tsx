import { useContext, useState } from 'react';
import { useListContext, useStore, type SortPayload } from 'react-admin';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { downloadFile, isDownloadedFile } from '../../api/fileTransfer';
import { saveBlob } from '../../ui/saveBlob';
import { apiResourceMap } from '../../shell/areaSections';
import { AreaContext } from '../../shell/AreaContext';

/**
 * The tools every list has beside its own actions: "Reset filters" and the export of what is
 * filtered ("Export CSV", "Export XLSX"). A list's filters, sort, page size and shown columns are
 * kept by react-admin's store, which is the signed-in user's (src/shell/userStore.ts).
 */

/** The export formats, and the words of their buttons. */
export const LIST_EXPORT_FORMATS = { csv: 'Export CSV', xlsx: 'Export XLSX' } as const;
export type ListExportFormat = keyof typeof LIST_EXPORT_FORMATS;

/** The store key of a list's hidden columns (react-admin's DataTable and ColumnsButton). */
export const hiddenColumnsKey = (resource: string): string => `${resource}.datatable`;

/**
 * The columns a DataTable shows: `sources` in the table's order, reordered as the user arranged
 * them (`_columnRanks`, indexes into that order) and without the hidden ones.
 */
export function shownColumns(sources: readonly string[], hidden: readonly string[], ranks?: readonly number[]): string[] {
  const ordered = ranks?.length ? ranks.filter((index) => index >= 0 && index < sources.length).map((index) => sources[index]) : [...sources];
  // Columns the ranks do not name (the table gained one since) keep their place at the end.
  for (const source of sources) if (!ordered.includes(source)) ordered.push(source);
  return ordered.filter((source) => !hidden.includes(source));
}

/** The export route's address for a list's state: everything filtered, in the list's order, with its shown columns. */
export function listExportPath(
  apiResource: string,
  format: ListExportFormat,
  state: { filter: Record<string, unknown>; sort?: SortPayload; columns?: readonly string[] },
): string {
  const params = new URLSearchParams({ format, filter: JSON.stringify(state.filter) });
  if (state.sort?.field) params.set('sort', JSON.stringify([state.sort.field, state.sort.order]));
  if (state.columns?.length) params.set('columns', JSON.stringify(state.columns));
  return `/${apiResource}/list-export?${params.toString()}`;
}

interface ListExportButtonsProps {
  /**
   * The DataTable's declared column sources in its order; hidden and reordered columns follow the
   * user's choice. Without it the server exports every column the entity lists for the role.
   */
  columns?: readonly string[];
}

/** "Export CSV" and "Export XLSX": every row the list's filters match, as the server writes it (the list-export route). */
export function ListExportButtons({ columns }: ListExportButtonsProps) {
  const { resource, filterValues, filter, sort, total } = useListContext();
  const area = useContext(AreaContext);
  const [hidden] = useStore<string[]>(hiddenColumnsKey(resource), []);
  const [ranks] = useStore<number[] | undefined>(`${hiddenColumnsKey(resource)}_columnRanks`);
  const [busy, setBusy] = useState<ListExportFormat | null>(null);
  const apiResource = (area ? apiResourceMap(area)[resource] : undefined) ?? resource;

  const run = async (format: ListExportFormat) => {
    setBusy(format);
    try {
      const path = listExportPath(apiResource, format, {
        filter: { ...filterValues, ...filter },
        sort,
        columns: columns ? shownColumns(columns, hidden ?? [], ranks) : undefined,
      });
      const answer = await downloadFile(path);
      // A refusal (too many rows, no access) has been shown by the HTTP client already.
      if (isDownloadedFile(answer)) saveBlob(answer.blob, answer.filename ?? `${apiResource}.${format}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {(Object.keys(LIST_EXPORT_FORMATS) as ListExportFormat[]).map((format) => (
        <Button
          key={format}
          size="small"
          startIcon={busy === format ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlinedIcon />}
          onClick={() => void run(format)}
          disabled={busy !== null || total === 0}
        >
          {LIST_EXPORT_FORMATS[format]}
        </Button>
      ))}
    </>
  );
}

interface ResetFiltersButtonProps {
  /** The list's default sort, restored with the filters. */
  sort?: SortPayload;
  /** A list's own remembered filter (the question bank's, the quizzes'), cleared too. */
  onReset?: () => void;
}

/** "Reset filters": clears the list's filters (and its own remembered filter) and puts the sort back to the default, in one click. */
export function ResetFiltersButton({ sort, onReset }: ResetFiltersButtonProps) {
  const { setFilters, setSort } = useListContext();
  return (
    <Button
      size="small"
      startIcon={<FilterAltOffOutlinedIcon />}
      onClick={() => {
        setFilters({}, {}, false);
        if (sort) setSort(sort);
        onReset?.();
      }}
    >
      Reset filters
    </Button>
  );
}
