import { describe, expect, it } from 'vitest';
import { entities } from '../../../src/schemas';
import { AREA_SECTIONS, type StaffAreaPath } from '../../../src/shell/areaSections';
import { ENTITY_ICONS, FALLBACK_SECTION_ICON, PAGE_ICONS, sectionIcon } from '../../../src/shell/sectionIcons';

const AREAS = Object.keys(AREA_SECTIONS) as StaffAreaPath[];

describe('menu icons', () => {
  it.each(AREAS)('gives every menu entry of the %s area an icon of its own, none the fallback, no two alike', (area) => {
    const icons = AREA_SECTIONS[area].map((section) => [section.name, sectionIcon(section)] as const);
    for (const [name, icon] of icons) expect(icon, name).not.toBe(FALLBACK_SECTION_ICON);
    expect(new Set(icons.map(([, icon]) => icon)).size).toBe(icons.length);
  });

  it('names the rooms, profile and guideline entries by what they are', () => {
    const rooms = AREA_SECTIONS.teacher.find((section) => section.name === 'rooms')!;
    expect(sectionIcon(rooms)).toBe(ENTITY_ICONS.rooms);
    expect(sectionIcon({ name: 'guideline' })).toBe(ENTITY_ICONS.guidelines);
    expect(sectionIcon({ name: 'profile' })).toBe(PAGE_ICONS.profile);
  });

  it.each(AREAS)('would give a profile page added to the %s area the profile icon', (area) => {
    const sections = [...AREA_SECTIONS[area].filter((section) => section.name !== 'profile'), { name: 'profile' }];
    expect(sections.map(sectionIcon)).not.toContain(FALLBACK_SECTION_ICON);
    expect(sectionIcon({ name: 'profile' })).toBe(PAGE_ICONS.profile);
  });

  it('has an icon for every entity of the registry, whatever its section is called', () => {
    for (const def of Object.values(entities)) {
      expect(sectionIcon({ name: 'any-section-name', entity: def }), def.resource).not.toBe(FALLBACK_SECTION_ICON);
    }
  });

  it('keeps the fallback for a section nothing names', () => {
    expect(sectionIcon({ name: 'unknown' })).toBe(FALLBACK_SECTION_ICON);
  });
});
