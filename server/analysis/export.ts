import * as XLSX from '@e965/xlsx';
import { neutralizeCell, writeWorkbook } from '../upload/workbook';
import type { QuizReport } from './report';

/** A figure rounded for people (4 decimals); an undefined figure is an empty cell. */
const cell = (n: number | null | undefined) => (n === null || n === undefined ? '' : Math.round(n * 10_000) / 10_000);

interface Table {
  name: string;
  header: string[];
  rows: unknown[][];
}

/** The report as tables: summary, questions, options of choice questions, modules, students. */
export function reportTables(report: QuizReport): Table[] {
  const summary: [string, number | string | null][] = [
    ['attempts', report.attempts],
    ['attemptsChoice', report.attemptsChoice],
    ['scoreMax', report.scoreMax],
    ['mean', report.mean],
    ['median', report.median],
    ['sd', report.sd],
    ['min', report.min],
    ['max', report.max],
    ['skewness', report.skewness],
    ['kurtosis', report.kurtosis],
    ['cic', report.cic],
    ['errorRatio', report.errorRatio],
    ['standardError', report.standardError],
    ['pendingGrading', report.pendingGrading],
    ['pendingAnswers', report.pendingAnswers],
    ['attainmentTarget', report.attainmentTarget],
  ];
  const moduleIds = report.modules.map((m) => m.moduleId);
  return [
    { name: 'Summary', header: ['figure', 'value'], rows: summary.map(([k, v]) => [k, typeof v === 'string' ? v : cell(v)]) },
    {
      name: 'Histogram',
      header: ['from', 'to', 'count'],
      rows: report.histogram.map((b) => [b.from, b.to, b.count]),
    },
    {
      name: 'Questions',
      header: ['position', 'questionId', 'question', 'type', 'module', 'maxMark', 's', 'facility', 'sd', 'discriminationIndex', 'discriminativeEfficiency', 'effectiveWeight', 'upperLowerIndex', 'pointBiserial'],
      rows: report.questions.map((q) => [
        q.position,
        q.questionId,
        q.text,
        q.type,
        q.moduleName,
        q.maxMark,
        q.s,
        cell(q.facility),
        cell(q.sd),
        cell(q.discriminationIndex),
        cell(q.discriminativeEfficiency),
        cell(q.effectiveWeight),
        cell(q.upperLowerIndex),
        cell(q.pointBiserial),
      ]),
    },
    {
      name: 'Options',
      header: ['position', 'questionId', 'optionId', 'text', 'correct', 'count', 'percent', 'upper', 'lower'],
      rows: report.questions.flatMap((q) => (q.options ?? []).map((o) => [q.position, q.questionId, o.optionId, o.text, o.correct ? 'yes' : 'no', o.count, cell(o.percent), o.upper, o.lower])),
    },
    {
      name: 'Modules',
      header: ['moduleId', 'name', 'questions', 'students', 'mean', 'reached', 'level', 'earned', 'available', 'pending'],
      rows: report.modules.map((m) => [m.moduleId, m.name, m.questions, m.students, cell(m.mean), cell(m.reached), m.level ?? '', cell(m.earned), cell(m.available), m.pending]),
    },
    {
      name: 'Students',
      // grade: the quiz grade by the grading method; attempts: the finished attempts of the student.
      header: ['studentId', 'name', 'username', 'total', 'maxScore', 'percent', 'pending', ...report.modules.map((m) => m.name), 'grade', 'attempts'],
      rows: report.students.map((s) => [
        s.studentId,
        s.name,
        s.username,
        cell(s.total),
        s.maxScore,
        cell(s.percent),
        s.pending ? 'yes' : 'no',
        ...moduleIds.map((id) => cell(s.modules[String(id)])),
        cell(s.grade),
        s.attempts.length,
      ]),
    },
  ];
}

/** One .xlsx workbook, a sheet per table. */
export function reportWorkbook(report: QuizReport): Buffer {
  const [first, ...rest] = reportTables(report);
  return writeWorkbook(first.name, first.header, first.rows, rest.map((t) => ({ name: t.name, rows: [t.header, ...t.rows] })));
}

/** One CSV file: each table under its name, tables separated by an empty line. */
export function reportCsv(report: QuizReport): string {
  const rows: unknown[][] = [];
  for (const [i, t] of reportTables(report).entries()) {
    if (i) rows.push([]);
    rows.push([t.name], t.header, ...t.rows);
  }
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((r) => r.map(neutralizeCell)));
  return XLSX.utils.sheet_to_csv(sheet, { blankrows: true, strip: true });
}
