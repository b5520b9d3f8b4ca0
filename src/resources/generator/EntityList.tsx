import { useContext, useMemo, type ComponentType, type ReactElement, type ReactNode } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import {
  AutocompleteInput,
  BooleanField,
  BulkDeleteButton,
  ChipField,
  ColumnsButton,
  CreateButton,
  DataTable,
  DateField,
  List,
  NullableBooleanInput,
  NumberInput,
  ReferenceArrayField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SingleFieldList,
  TextField,
  TextInput,
  TopToolbar,
  useBasename,
  useListContext,
  useNotify,
  useRefresh,
  useResourceContext,
} from 'react-admin';
import type { EntityDef } from '../../schemas';
import { WhenSelected } from '../../ui/list/WhenSelected';
import { EmptyListState } from '../../ui/list/EmptyListState';
import { ListPagination } from '../../ui/list/ListToolbar';
import { sectionsOf } from '../../shell/areaSections';
import { AreaContext } from '../../shell/AreaContext';
import { forgetRemembered } from '../memory/rememberedLists';
import { ListExportButtons, ResetFiltersButton } from './listTools';
import { listModelOf, type ListColumn, type ListFilter } from './listModel';
import { useRole } from './useRole';
import { inSentence } from './inSentence';

export const LIST_PAGE_SIZE = 25;

/** A section's route may name its create screen 'add' (/teacher/topics/add); the button goes there. */
function useCreateTo(): string | undefined {
  const area = useContext(AreaContext);
  const resource = useResourceContext();
  const basename = useBasename();
  const section = area ? sectionsOf(area).find((candidate) => candidate.name === resource) : undefined;
  return section?.screens?.some((screen) => screen.path === 'add') ? `${basename}/${resource}/add` : undefined;
}

function AddButton({ def, variant }: { def: EntityDef; variant?: 'contained' }) {
  const to = useCreateTo();
  return <CreateButton label={`Add ${inSentence(def.singular)}`} variant={variant} {...(to ? { to } : {})} />;
}

function filterInput(filter: ListFilter): ReactElement {
  const common = { source: filter.source, label: filter.label, alwaysOn: true };
  switch (filter.kind) {
    case 'search':
      return <SearchInput key={filter.source} source={filter.source} alwaysOn placeholder="Search" />;
    case 'reference':
      return (
        <ReferenceInput key={filter.source} {...common} reference={filter.reference!.resource} sort={{ field: filter.reference!.display, order: 'ASC' }}>
          <AutocompleteInput
            label={filter.label}
            optionText={filter.reference!.display}
            filterToQuery={(q: string) => (q ? { q } : {})}
            sx={{ minWidth: 220 }}
          />
        </ReferenceInput>
      );
    case 'choice':
      return (
        <SelectInput
          key={filter.source}
          {...common}
          choices={Object.entries(filter.choices ?? {}).map(([id, name]) => ({ id, name }))}
          sx={{ minWidth: 160 }}
        />
      );
    case 'number':
      return <NumberInput key={filter.source} {...common} sx={{ width: 140 }} />;
    case 'boolean':
      return <NullableBooleanInput key={filter.source} {...common} />;
    default:
      return <TextInput key={filter.source} {...common} resettable sx={{ width: 160 }} />;
  }
}

function cellOf(column: ListColumn): ReactNode {
  const reference = column.reference;
  switch (column.kind) {
    case 'reference':
      return (
        <ReferenceField source={column.source} reference={reference!.resource} link={false}>
          <TextField source={reference!.display} />
        </ReferenceField>
      );
    case 'referenceMany':
      return (
        <ReferenceArrayField source={column.source} reference={reference!.resource}>
          <SingleFieldList linkType={false}>
            <ChipField source={reference!.display} size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    case 'dateTime':
      return <DateField source={column.source} showTime />;
    case 'boolean':
      return <BooleanField source={column.source} />;
    default:
      return undefined;
  }
}

function columnOf(column: ListColumn): ReactElement {
  const key = column.source;
  const common = { source: column.source, label: column.label, disableSort: !column.sortable };
  if (column.kind === 'number' || column.kind === 'referenceId') return <DataTable.NumberCol key={key} {...common} />;
  if (column.kind === 'choice') {
    return <DataTable.Col key={key} {...common} render={(record) => column.choices?.[String(record[column.source])] ?? record[column.source]} />;
  }
  if (column.kind === 'longText') {
    return (
      <DataTable.Col
        key={key}
        {...common}
        cellSx={() => ({ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
      />
    );
  }
  const cell = cellOf(column);
  return cell ? (
    <DataTable.Col key={key} {...common}>
      {cell}
    </DataTable.Col>
  ) : (
    <DataTable.Col key={key} {...common} />
  );
}

/** The shared empty state: nothing to filter away here (react-admin shows it only unfiltered), so it says there are none yet. */
function EmptyList({ def, canCreate, icon }: { def: EntityDef; canCreate: boolean; icon?: ComponentType<SvgIconProps> }) {
  return (
    <EmptyListState
      icon={icon ?? InboxOutlinedIcon}
      empty={{
        title: `No ${inSentence(def.label)} yet`,
        hint: canCreate ? `Add the first ${inSentence(def.singular)} and it will be listed here.` : `${def.label} will be listed here once there are some.`,
      }}
      create={canCreate ? <AddButton def={def} variant="contained" /> : null}
    />
  );
}

/**
 * Bulk delete, pessimistic so that a delete the server refuses (409: the record is still used)
 * is reported and nothing disappears. Its own success handler replaces react-admin's, so it
 * does all of it: forget remembered lists, say what was deleted, clear the selection, reload.
 */
function DeleteSelectedButton({ def }: { def: EntityDef }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, onUnselectItems } = useListContext();
  const what = selectedIds.length === 1 ? inSentence(def.singular) : `${selectedIds.length} ${inSentence(def.label)}`;
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      confirmTitle={`Delete ${what}`}
      confirmContent={`Delete the selected ${what}? This cannot be undone.`}
      mutationOptions={{
        onSuccess: () => {
          forgetRemembered(def.resource);
          notify(`${what.charAt(0).toUpperCase()}${what.slice(1)} deleted`, { type: 'info' });
          onUnselectItems(true);
          refresh();
        },
      }}
    />
  );
}

export interface EntityListProps {
  def: EntityDef;
  icon?: ComponentType;
  /** Extra toolbar buttons of a resource's override. */
  actions?: ReactNode;
  /** Extra columns of a resource's override. */
  columns?: ReactNode;
  /** Bulk buttons of a resource's override, instead of the generated bulk delete (roles that may update or delete). */
  bulkActions?: ReactNode;
}

/**
 * The list screen of an entity for the signed-in role: columns, filters, sorting, paging,
 * export; adding, opening (row click) and bulk deleting only where the role may.
 */
export function EntityList({ def, icon, actions, columns, bulkActions }: EntityListProps) {
  const role = useRole();
  const model = useMemo(() => listModelOf(def, role), [def, role]);
  const filters = useMemo(() => model.filters.map(filterInput), [model]);
  const columnSources = useMemo(() => model.columns.map((column) => column.source), [model]);

  return (
    <List
      title={def.label}
      sort={model.defaultSort}
      perPage={LIST_PAGE_SIZE}
      filters={filters.length > 0 ? filters : undefined}
      exporter={false}
      pagination={<ListPagination />}
      empty={<EmptyList def={def} canCreate={model.canCreate} icon={icon as ComponentType<SvgIconProps> | undefined} />}
      actions={
        <TopToolbar>
          {actions}
          {model.canCreate && <AddButton def={def} />}
          <ResetFiltersButton sort={model.defaultSort} />
          <ColumnsButton />
          <ListExportButtons columns={columnSources} />
        </TopToolbar>
      }
    >
      <DataTable
        rowClick={model.canUpdate ? 'edit' : false}
        bulkActionButtons={
          bulkActions && (model.canUpdate || model.canDelete) ? (
            <WhenSelected>{bulkActions}</WhenSelected>
          ) : model.canDelete ? (
            <WhenSelected>
              <DeleteSelectedButton def={def} />
            </WhenSelected>
          ) : (
            false
          )
        }
      >
        {model.columns.map(columnOf)}
        {columns}
      </DataTable>
    </List>
  );
}
