import { JsonClient } from './http';
import { signIn } from './extras';
import { OpRecorder, type OpStats } from './stats';
import type { SeedInfo } from './seed';

export interface StatisticsResult {
  quizId: number;
  /** Submitted attempts the statistics counted, and the questions of the paper. */
  attempts: number;
  questions: number;
  /** The first request (nothing cached anywhere), then the timed repeats. */
  firstMs: number;
  repeats: OpStats;
}

export interface DashboardResult extends OpStats {
  role: string;
}

export interface AnalysisResult {
  statistics: StatisticsResult;
  dashboards: DashboardResult[];
}

/**
 * GET /api/quizzes/{id}/statistics on the throughput quiz after its storm (every student's
 * attempt submitted, 30 questions), as the quiz's teacher over HTTP: once, then `repeats` times.
 * Then each role's GET /api/dashboard, `requests` times one after another (one warm-up first).
 */
export async function analysisFigures(url: string, seed: SeedInfo, repeats = 5, requests = 50): Promise<AnalysisResult> {
  const client = new JsonClient(url);
  try {
    const teacher = await signIn(url, seed.teacher, seed.password, 'TEACHER');
    const quizId = seed.quizzes.throughput.id;
    const path = `/api/quizzes/${quizId}/statistics`;
    const first = await client.request({ method: 'GET', path, token: teacher });
    if (first.status !== 200) throw new Error(`statistics failed: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
    const rec = new OpRecorder();
    for (let i = 0; i < repeats; i++) {
      const res = await client.request({ method: 'GET', path, token: teacher });
      rec.record(res.startedAt, res.endedAt, res.status === 200);
    }
    const statistics: StatisticsResult = {
      quizId,
      attempts: first.body.data.attempts,
      questions: first.body.data.questions.length,
      firstMs: Math.round((first.endedAt - first.startedAt) * 10) / 10,
      repeats: rec.summary(),
    };

    const accounts: [string, string, string][] = [
      ['ADMIN', seed.staff.admin, 'ADMIN'],
      ['INSTITUTE-HEAD', seed.staff.instituteHead, 'INSTITUTE-HEAD'],
      ['DEPARTMENT-HEAD', seed.staff.departmentHead, 'DEPARTMENT-HEAD'],
      ['TEACHER', seed.teacher, 'TEACHER'],
      ['STUDENT', seed.students[0].username, 'STUDENT'],
    ];
    const dashboards: DashboardResult[] = [];
    for (const [label, username, role] of accounts) {
      const token = await signIn(url, username, seed.password, role);
      const warm = await client.request({ method: 'GET', path: '/api/dashboard', token });
      if (warm.status !== 200) throw new Error(`${label} dashboard failed: ${warm.status} ${JSON.stringify(warm.body).slice(0, 300)}`);
      const d = new OpRecorder();
      for (let i = 0; i < requests; i++) {
        const res = await client.request({ method: 'GET', path: '/api/dashboard', token });
        d.record(res.startedAt, res.endedAt, res.status === 200);
      }
      dashboards.push({ role: label, ...d.summary() });
    }
    return { statistics, dashboards };
  } finally {
    client.close();
  }
}
