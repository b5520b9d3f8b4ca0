import { afterEach, describe, expect, it } from 'vitest';
import { preferencesKeyOf, PREFERENCES_KEY_PREFIX } from '../../../src/auth/session';
import { userStore } from '../../../src/shell/userStore';
import { listExportPath, shownColumns } from '../../../src/resources/generator';

afterEach(() => localStorage.clear());

describe("the signed-in user's store", () => {
  it("keeps a list's settings under the user's own key", () => {
    const store = userStore('TEACHER', 'alice');
    store.setup();
    store.setItem('rooms.listParams', { filter: { building: 'North' }, perPage: 10, sort: 'name', order: 'ASC' });
    const key = `${PREFERENCES_KEY_PREFIX}TEACHER/alice/.rooms.listParams`;
    expect(JSON.parse(localStorage.getItem(key) ?? 'null')).toEqual({ filter: { building: 'North' }, perPage: 10, sort: 'name', order: 'ASC' });
    expect(userStore('TEACHER', 'alice').getItem('rooms.listParams')).toMatchObject({ perPage: 10 });
    store.teardown();
  });

  it('is read by nobody else: another user, the same name in another role, a name that begins the same', () => {
    const alice = userStore('TEACHER', 'alice');
    alice.setup();
    alice.setItem('rooms.listParams', { perPage: 10 });
    alice.setItem('rooms.datatable', ['capacity']);
    for (const [role, username] of [
      ['TEACHER', 'bob'],
      ['DEPARTMENT-HEAD', 'alice'],
      ['TEACHER', 'alice.b'],
      ['TEACHER', 'ali'],
    ]) {
      const other = userStore(role, username);
      expect(other.getItem('rooms.listParams')).toBeUndefined();
      expect(other.getItem('rooms.datatable')).toBeUndefined();
    }
    // Another user's reset (on their sign-out) leaves alice's settings alone.
    userStore('TEACHER', 'ali').reset();
    expect(alice.getItem('rooms.listParams')).toEqual({ perPage: 10 });
    alice.teardown();
  });

  it("keeps the settings when react-admin resets the store on logout, dropping only the selections", () => {
    const store = userStore('TEACHER', 'alice');
    store.setup();
    store.setItem('rooms.listParams', { perPage: 10 });
    store.setItem('rooms.datatable', ['capacity']);
    store.setItem('rooms.selectedIds', [1, 2]);
    store.reset();
    expect(store.getItem('rooms.listParams')).toEqual({ perPage: 10 });
    expect(store.getItem('rooms.datatable')).toEqual(['capacity']);
    expect(store.getItem('rooms.selectedIds')).toBeUndefined();
    store.teardown();
  });

  it('encodes the user so that no key begins another user\'s', () => {
    expect(preferencesKeyOf('TEACHER', 'a/b')).toBe(`${PREFERENCES_KEY_PREFIX}TEACHER/a%2Fb/`);
    expect(preferencesKeyOf('TEACHER', 'ali').startsWith(preferencesKeyOf('TEACHER', 'al'))).toBe(false);
  });
});

describe('the list export request', () => {
  it('sends the shown columns in the order the user arranged them', () => {
    expect(shownColumns(['name', 'building', 'capacity'], [])).toEqual(['name', 'building', 'capacity']);
    expect(shownColumns(['name', 'building', 'capacity'], ['building'])).toEqual(['name', 'capacity']);
    expect(shownColumns(['name', 'building', 'capacity'], [], [2, 0, 1])).toEqual(['capacity', 'name', 'building']);
    // Ranks may name an extra column the export does not know (an override's own column), and miss a new one.
    expect(shownColumns(['name', 'building', 'capacity'], ['name'], [5, 1, 0])).toEqual(['building', 'capacity']);
  });

  it("asks for the list's filter, sort and columns", () => {
    const path = listExportPath('rooms', 'xlsx', { filter: { building: 'North', q: 'e' }, sort: { field: 'name', order: 'ASC' }, columns: ['name'] });
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/rooms/list-export');
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ building: 'North', q: 'e' });
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect(JSON.parse(url.searchParams.get('columns')!)).toEqual(['name']);
  });
});
