import { describe, expect, it } from 'vitest';
import { AREA_SECTIONS, apiResourceMap, sectionsOf } from '../../../src/shell/areaSections';

const menu = (area: keyof typeof AREA_SECTIONS) => AREA_SECTIONS[area].map((section) => [section.name, section.label]);

describe('area sections generated from the entity declarations', () => {
  it("lists each area's sections in the documented order: the entities placed there, then the area's own pages", () => {
    expect(menu('admin')).toEqual([
      ['institutes', 'Institutes'],
      ['feedbacks', 'Feedbacks'],
      ['guideline', 'Guidelines'],
      ['lti-platforms', 'LMS platforms'],
      ['profile', 'Profile'],
    ]);
    expect(menu('institute-head')).toEqual([
      ['department', 'Departments'],
      ['teacher', 'Teachers'],
      ['subject', 'Subjects'],
      ['student', 'Students'],
      ['quiz', 'Quizzes'],
      ['feedback', 'Feedbacks'],
      ['profile', 'Profile'],
      ['guideline', 'Guideline'],
    ]);
    expect(menu('department-head')).toEqual([
      ['students', 'Students'],
      ['groups', 'Groups'],
      ['quiz', 'Quizzes'],
      ['rooms', 'Rooms'],
      ['feedbacks', 'Feedbacks'],
      ['profile', 'Profile'],
      ['guideline', 'Guideline'],
    ]);
    expect(menu('teacher')).toEqual([
      ['modules', 'Modules'],
      ['topics', 'Topics'],
      ['students', 'Students'],
      ['groups', 'Groups'],
      ['questions', 'Questions'],
      ['quiz', 'Quizzes'],
      ['rooms', 'Rooms'],
      ['feedbacks', 'Feedbacks'],
      ['profile', 'Profile'],
      ['guideline', 'Guideline'],
    ]);
    expect(sectionsOf('student')).toEqual([]);
  });

  it('keeps the named screens of a section and maps section names to API resources', () => {
    const quiz = AREA_SECTIONS.teacher.find((section) => section.name === 'quiz');
    expect(quiz?.screens?.map((screen) => screen.path)).toEqual(['create', 'edit/:quizId', 'preview/:quizId', 'analysis/:quizId', 'manage/:quizId']);
    expect(apiResourceMap('institute-head')).toMatchObject({ department: 'departments', student: 'students', guideline: 'guidelines' });
    expect(apiResourceMap('teacher')).toMatchObject({ quiz: 'quizzes', rooms: 'rooms' });
    expect(apiResourceMap('teacher')).not.toHaveProperty('profile');
    // The heads' quizzes: the same section name, read only, with the analysis as their one screen.
    for (const area of ['department-head', 'institute-head'] as const) {
      const headQuiz = AREA_SECTIONS[area].find((section) => section.name === 'quiz');
      expect(headQuiz?.screens?.map((screen) => screen.path), area).toEqual(['analysis/:quizId']);
      expect(apiResourceMap(area)).toMatchObject({ quiz: 'quizzes' });
    }
  });
});
