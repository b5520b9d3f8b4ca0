import { optionWeights } from '../../src/schemas/questions';
import { REVIEW_ITEMS, REVIEW_TIMES } from '../../src/schemas/quizzes';
import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { gradeAttempt, markingOf, paperConfigOf } from '../exam/attempts';
import { buildPaper } from '../exam/paper';

interface ExamSeed {
  institute_id: number;
  department_id: number;
  subjectId: number;
  groupId: number;
  teacherId: number;
  studentId: number;
  created_at: number;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The demo question bank (every type), a quiz open for 30 days from the database's creation,
 * an upcoming quiz, and a past quiz with a submitted attempt so history and analysis show something.
 */
export async function seedExams(trx: Transaction<Database>, s: ExamSeed): Promise<void> {
  const now = s.created_at;
  const tenant = { institute_id: s.institute_id, department_id: s.department_id, created_by: s.teacherId, created_at: now, updated_at: now };
  const moduleId = async (name: string) =>
    (await trx.insertInto('modules').values({ ...tenant, course_outcome_name: name, subject_id: s.subjectId }).returning('id').executeTakeFirstOrThrow()).id;
  const linear = await moduleId('Linear structures');
  const trees = await moduleId('Trees and graphs');
  const sorting = await moduleId('Sorting');
  const topic = async (name: string, module_id: number) =>
    (await trx.insertInto('topics').values({ ...tenant, name, module_id }).returning('id').executeTakeFirstOrThrow()).id;
  const stacks = await topic('Stacks and queues', linear);
  const bst = await topic('Binary search trees', trees);

  const options = (...items: [string, boolean][]) => JSON.stringify(items.map(([text, correct], i) => ({ id: `o${i + 1}`, text, correct })));
  const base = { subject_id: s.subjectId, topic_id: null as number | null, options: null as string | null, scoring: null as string | null, correct_bool: null as number | null, numeric_value: null as number | null, numeric_tolerance: null as number | null, accepted_answers: null as string | null, ...tenant };
  const bank = [
    { ...base, module_id: linear, topic_id: stacks, type: 'single', difficulty: 'easy', marks: 2, time_required: 1, question: 'Which structure serves elements in **last in, first out** order?', options: options(['Queue', false], ['Stack', true], ['Heap', false], ['Linked list', false]) },
    { ...base, module_id: trees, topic_id: bst, type: 'multiple', difficulty: 'medium', marks: 4, time_required: 2, scoring: 'partial', question: 'Which of these are **balanced** binary search trees?', options: options(['AVL tree', true], ['Red-black tree', true], ['Binary heap', false], ['Trie', false]) },
    { ...base, module_id: sorting, type: 'true_false', difficulty: 'easy', marks: 1, time_required: 1, question: 'Merge sort is a stable sorting algorithm.', correct_bool: 1 },
    { ...base, module_id: sorting, type: 'numeric', difficulty: 'medium', marks: 3, time_required: 2, question: 'How many comparisons does binary search need, at most, to find an element among $1023$ sorted elements?', numeric_value: 10, numeric_tolerance: 0 },
    { ...base, module_id: linear, topic_id: stacks, type: 'short_answer', difficulty: 'easy', marks: 2, time_required: 1, question: 'Name the data structure that a breadth-first search uses to hold the frontier.', accepted_answers: JSON.stringify(['queue', 'a queue', 'FIFO queue']) },
    { ...base, module_id: trees, type: 'descriptive', difficulty: 'hard', marks: 5, time_required: 5, question: "Explain how Dijkstra's algorithm finds shortest paths, and why it fails with negative edge weights." },
    { ...base, module_id: sorting, type: 'single', difficulty: 'hard', marks: 2, time_required: 1, question: 'What is the worst-case time complexity of quicksort?', options: options(['$O(n \\log n)$', false], ['$O(n^2)$', true], ['$O(n)$', false], ['$O(\\log n)$', false]) },
    { ...base, module_id: trees, topic_id: bst, type: 'true_false', difficulty: 'medium', marks: 1, time_required: 1, question: 'An in-order traversal of a binary search tree visits the keys in sorted order.', correct_bool: 1 },
    { ...base, module_id: linear, type: 'multiple', difficulty: 'easy', marks: 2, time_required: 1, scoring: 'all_or_nothing', question: 'Which operations take constant time on a singly linked list with a head pointer?', options: options(['Insert at the head', true], ['Delete the head', true], ['Find the last element', false]) },
    { ...base, module_id: sorting, type: 'numeric', difficulty: 'hard', marks: 3, time_required: 3, question: 'What is $\\log_2 1{,}048{,}576$?', numeric_value: 20, numeric_tolerance: 0 },
  ];
  const questionIds: number[] = [];
  for (const q of bank) {
    // Options are stored with their weights, as the question form stores them.
    const withWeights = q.options ? JSON.parse(q.options).map((o: { correct: boolean }, i: number, all: { correct: boolean }[]) => ({ ...o, weight: optionWeights(q.type, q.scoring, all)[i] })) : null;
    const row = { ...q, options: withWeights ? JSON.stringify(withWeights) : null };
    questionIds.push((await trx.insertInto('questions').values(row).returning('id').executeTakeFirstOrThrow()).id);
  }

  const PRACTICE_REVIEW = Object.fromEntries(REVIEW_TIMES.map((t) => [t, Object.fromEntries(REVIEW_ITEMS.map((i) => [i, true]))]));
  const quiz = async (name: string, from: number, to: number, duration: number, extra: Partial<Omit<Insertable<Database['quizzes']>, 'id'>> & { questions?: number[] } = {}) => {
    const { questions = [], ...columns } = extra;
    const { id } = await trx
      .insertInto('quizzes')
      .values({
        ...tenant,
        name,
        visible_from: from - 7 * DAY,
        valid_from: from,
        valid_to: to,
        duration,
        group_id: s.groupId,
        options: JSON.stringify({ face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: false }),
        random_rules: '[]',
        shuffle_questions: 0,
        shuffle_options: 0,
        negative_penalty: 0.25,
        published: 1,
        instructions: null,
        guest_token: null,
        ...columns,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('quiz_subjects').values({ quiz_id: id, subject_id: s.subjectId }).execute();
    for (const [position, question_id] of questions.entries()) await trx.insertInto('quiz_questions').values({ quiz_id: id, question_id, position }).execute();
    return id;
  };

  await quiz('Data Structures: practice quiz', now - HOUR, now + 30 * DAY, 30, {
    questions: questionIds.slice(0, 6),
    // A practice quiz: each student sees everything, the correct answers too, right after submitting.
    review: JSON.stringify(PRACTICE_REVIEW),
    instructions: 'Answer every question. Your answers are saved as you go; you can leave and come back until the time is up.',
  });
  await quiz('Data Structures: mid-term', now + 2 * DAY, now + 2 * DAY + 3 * HOUR, 90, {
    random_rules: JSON.stringify([{ count: 6 }]),
    shuffle_options: 1,
    options: JSON.stringify({ face_detection: false, safe_exam_browser: false, guest_flag: false, negative_marking: true }),
  });
  const past = await quiz('Data Structures: weekly test 1', now - 7 * DAY, now - 7 * DAY + 2 * HOUR, 45, { questions: questionIds.slice(0, 6) });

  // The demo student took the past quiz: some right, some wrong, the essay graded.
  const pastQuiz = await trx.selectFrom('quizzes').selectAll().where('id', '=', past).executeTakeFirstOrThrow();
  const { questions } = await buildPaper(trx, await paperConfigOf(trx, pastQuiz));
  const startedAt = now - 7 * DAY + 10 * 60_000;
  const { id: attemptId } = await trx
    .insertInto('attempts')
    .values({ quiz_id: past, student_id: s.studentId, status: 'submitted', started_at: startedAt, deadline: startedAt + 45 * 60_000, submitted_at: startedAt + 31 * 60_000, closed_by: 'student', score: null, max_score: questions.reduce((t, q) => t + q.marks, 0), pending: 0, paper: JSON.stringify(questions), created_at: startedAt, updated_at: startedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const responses: Record<string, unknown> = { single: 'o2', multiple: ['o1', 'o3'], true_false: true, numeric: 9, short_answer: 'Queue', descriptive: 'It repeatedly settles the closest unsettled vertex; a negative edge could later shorten a settled distance.' };
  for (const [i, q] of questions.entries()) {
    await trx
      .insertInto('answers')
      .values({ attempt_id: attemptId, question_id: q.id, response: JSON.stringify(responses[q.type]), seq: 1, saved_at: startedAt + (i + 1) * 4 * 60_000, outcome: q.type === 'descriptive' ? 'graded' : null, marks: q.type === 'descriptive' ? 4 : null, time_spent_ms: (i + 2) * 60_000 })
      .execute();
  }
  const attempt = await trx.selectFrom('attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();
  const total = await gradeAttempt(trx, attempt, markingOf(pastQuiz));
  await trx.updateTable('attempts').set({ score: total.score, pending: total.pending ? 1 : 0 }).where('id', '=', attemptId).execute();
}
