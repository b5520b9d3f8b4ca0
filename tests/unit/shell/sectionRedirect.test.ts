// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ROLE_PATHS } from '../../../src/schemas/roles';
import { AREA_SECTIONS } from '../../../src/shell/areaSections';
import { sectionPathFor, wordStem } from '../../../src/shell/sectionRedirect';
import { STUDENT_SCREENS } from '../../../src/shell/studentScreens';

const names = (area: keyof typeof AREA_SECTIONS) => AREA_SECTIONS[area].map((section) => section.name);
const studentNames = STUDENT_SCREENS.map((screen) => screen.path);

describe('a section typed in the other number goes to the section', () => {
  it('reduces singular and plural to one stem', () => {
    for (const [a, b] of [
      ['quiz', 'quizzes'],
      ['quiz', 'quizes'],
      ['student', 'students'],
      ['guideline', 'guidelines'],
      ['history', 'histories'],
      ['batch', 'batches'],
      ['department-head', 'department-heads'],
      ['upcomingQuiz', 'upcomingQuizzes'],
    ]) {
      expect(wordStem(a!), `${a} / ${b}`).toBe(wordStem(b!));
    }
    expect(wordStem('quiz')).not.toBe(wordStem('questions'));
  });

  it("sends the teacher's, heads' and admin's plural or singular routes to SPEC's", () => {
    expect(sectionPathFor('quizzes', names('teacher'))).toBe('quiz');
    expect(sectionPathFor('quizes', names('teacher'))).toBe('quiz');
    expect(sectionPathFor('Quiz', names('teacher'))).toBe('quiz');
    expect(sectionPathFor('quizzes/create', names('teacher'))).toBe('quiz/create');
    expect(sectionPathFor('quizzes/analysis/7', names('teacher'))).toBe('quiz/analysis/7');
    expect(sectionPathFor('module', names('teacher'))).toBe('modules');
    expect(sectionPathFor('guidelines', names('teacher'))).toBe('guideline');
    expect(sectionPathFor('student', names('department-head'))).toBe('students');
    expect(sectionPathFor('students', names('institute-head'))).toBe('student');
    expect(sectionPathFor('departments', names('institute-head'))).toBe('department');
    expect(sectionPathFor('guidelines', names('admin'))).toBe('guideline');
    expect(sectionPathFor('guidelines/add', names('admin'))).toBe('guideline/add');
    expect(sectionPathFor('institute', names('admin'))).toBe('institutes');
  });

  it("sends the student's and the areas' own names the same way", () => {
    expect(sectionPathFor('upcomingQuizzes', studentNames)).toBe('upcomingQuiz');
    expect(sectionPathFor('availableQuizzes/instruction/3', studentNames)).toBe('availableQuiz/instruction/3');
    expect(sectionPathFor('histories', studentNames)).toBe('history');
    expect(sectionPathFor('feedbacks/4', studentNames)).toBe('feedback/4');
    expect(sectionPathFor('teachers/quiz', ROLE_PATHS)).toBe('teacher/quiz');
    expect(sectionPathFor('department-heads', ROLE_PATHS)).toBe('department-head');
  });

  it('leaves a known section and an unknown address alone (the not-found page answers)', () => {
    expect(sectionPathFor('quiz', names('teacher'))).toBeUndefined();
    expect(sectionPathFor('quiz/unknown', names('teacher'))).toBeUndefined();
    expect(sectionPathFor('', names('teacher'))).toBeUndefined();
    expect(sectionPathFor('nothing-here', names('teacher'))).toBeUndefined();
    expect(sectionPathFor('institutes', names('teacher'))).toBeUndefined();
    expect(sectionPathFor('quizzes', names('admin'))).toBeUndefined();
    expect(sectionPathFor('somewhere', ROLE_PATHS)).toBeUndefined();
  });
});
