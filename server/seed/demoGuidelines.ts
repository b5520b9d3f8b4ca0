import type { Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { ROLES, ROLE_LABELS, type Role } from '../../src/schemas/roles';

const WHAT_YOU_DO: Record<Role, string> = {
  STUDENT: 'Take the quizzes of your groups from **Available quizzes**, see what is coming in **Upcoming quizzes**, and review your results in **History**.',
  TEACHER: 'Build your question bank, make quizzes from it, give exam links to your students and follow their attempts from the quiz’s manage page.',
  'DEPARTMENT-HEAD': 'Keep your department’s students up to date (one by one or from an Excel sheet) and put them in groups that teachers give quizzes to.',
  'INSTITUTE-HEAD': 'Create your institute’s departments (with their heads), subjects, teachers and students.',
  ADMIN: 'Create institutes with their heads, read the students’ feedback and write these guidelines for every role.',
};

const FAQS: Record<Role, { question: string; answer: string }[]> = {
  STUDENT: [
    { question: 'What if my connection drops during an exam?', answer: 'Keep answering: your answers are kept on this device and sent as soon as the connection is back. The timer is the server’s, so reloading the page loses nothing.' },
    { question: 'What happens when the time is up?', answer: 'The exam is submitted with every answer saved so far, even if you closed the browser.' },
  ],
  TEACHER: [{ question: 'Can I change a question that students already answered?', answer: 'Yes: attempts keep the version they saw, so past results never change.' }],
  'DEPARTMENT-HEAD': [{ question: 'A row of my sheet is wrong: what was imported?', answer: 'Nothing. Correct the rows that are listed and upload the sheet again.' }],
  'INSTITUTE-HEAD': [{ question: 'How do new staff sign in?', answer: 'Each new account gets an initial password, shown to you once; they choose their own at first sign-in.' }],
  ADMIN: [{ question: 'Who sees a guideline?', answer: 'Everyone with the role it is written for, on their Guideline page.' }],
};

/** A short guideline for every role, so each Guideline page has something to show. */
export async function seedGuidelines(trx: Transaction<Database>, adminId: number, now: number): Promise<void> {
  for (const role of ROLES) {
    const content = [
      { title: 'Getting started', description: `Welcome, ${ROLE_LABELS[role].toLowerCase()}. ${WHAT_YOU_DO[role]}`, faqs: FAQS[role] },
      { title: 'Your account', description: 'Change your phone number and password from your profile. Forgot your password? Use **Reset Password** on the login page.', faqs: [] },
    ];
    await trx.insertInto('guidelines').values({ role, content: JSON.stringify(content), created_by: adminId, created_at: now, updated_at: now }).execute();
  }
}
