import { describe, expect, it } from 'vitest';
import { STUDENT_SCREENS } from '../../../src/shell/studentScreens';
import { studentScreenOf } from '../../../src/student/StudentAreaPages';

describe('the student area', () => {
  it('has a page for every screen (no placeholder)', () => {
    for (const screen of STUDENT_SCREENS) expect(studentScreenOf(screen.path), screen.path).toBeTruthy();
    expect(() => studentScreenOf('nowhere')).toThrow('The student screen nowhere has no page');
  });
});
