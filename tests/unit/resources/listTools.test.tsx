import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ListContextProvider, memoryStore, type ListControllerResult } from 'react-admin';

const downloads = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('../../../src/api/fileTransfer', () => ({
  downloadFile: async (path: string) => {
    downloads.paths.push(path);
    return { blob: new Blob(['x']), filename: 'rooms-2026-01-01.csv' };
  },
  isDownloadedFile: (value: object) => 'blob' in value,
}));
vi.mock('../../../src/ui/saveBlob', () => ({ saveBlob: vi.fn() }));

import { ListExportButtons, ResetFiltersButton } from '../../../src/resources/generator';

afterEach(() => {
  downloads.paths = [];
  vi.clearAllMocks();
});

function listContext(overrides: Partial<ListControllerResult> = {}): ListControllerResult {
  return {
    resource: 'rooms',
    filterValues: { building: 'North' },
    filter: { createdBy: 'ME' },
    sort: { field: 'capacity', order: 'DESC' },
    total: 40,
    setFilters: vi.fn(),
    setSort: vi.fn(),
    ...overrides,
  } as unknown as ListControllerResult;
}

function renderIn(context: ListControllerResult, ui: React.ReactNode, store = memoryStore()) {
  return render(
    <AdminContext store={store}>
      <ListContextProvider value={context}>{ui}</ListContextProvider>
    </AdminContext>,
  );
}

describe('Reset filters', () => {
  it('clears the filters, puts the default sort back and clears a hand list\'s own filter, in one click', () => {
    const context = listContext();
    const onReset = vi.fn();
    renderIn(context, <ResetFiltersButton sort={{ field: 'name', order: 'ASC' }} onReset={onReset} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(context.setFilters).toHaveBeenCalledWith({}, {}, false);
    expect(context.setSort).toHaveBeenCalledWith({ field: 'name', order: 'ASC' });
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});

describe('Export CSV and Export XLSX', () => {
  it("ask the server for the whole filtered set: the list's filters, sort and shown columns in the user's order", async () => {
    const store = memoryStore({ 'rooms.datatable': ['building'], 'rooms.datatable_columnRanks': [2, 0, 1] });
    renderIn(listContext(), <ListExportButtons columns={['name', 'building', 'capacity']} />, store);
    fireEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(downloads.paths).toHaveLength(1));
    const url = new URL(downloads.paths[0], 'http://x');
    expect(url.pathname).toBe('/rooms/list-export');
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ building: 'North', createdBy: 'ME' });
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['capacity', 'DESC']);
    expect(JSON.parse(url.searchParams.get('columns')!)).toEqual(['capacity', 'name']);
  });

  it('are off for an empty list', () => {
    renderIn(listContext({ total: 0 }), <ListExportButtons />);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeDisabled();
  });
});
