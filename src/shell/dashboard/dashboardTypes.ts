/** GET /api/dashboard (server/analysis/dashboards.ts): one shape per role. Times are epoch milliseconds. */

export interface AdminDashboardData {
  role: 'ADMIN';
  institutes: number;
  usersByRole: Record<string, number>;
  quizzesThisWeek: number;
  latestFeedback: { id: number; quizId: number; quizName: string; studentName: string | null; rating: number; comment: string | null; createdAt: number }[];
  /** The start of the period of feedbackTrend (epoch ms, a UTC midnight). */
  feedbackSince: number;
  feedbackTrend: { date: string; count: number; averageRating: number | null }[];
}

export interface InstituteHeadDashboardData {
  role: 'INSTITUTE-HEAD';
  departments: number;
  teachers: number;
  students: number;
  quizzesThisMonth: number;
  /** The subjects whose bank health the head oversees (GET /api/subjects/{id}/calibration), by name. */
  subjects: { subjectId: number; name: string }[];
  resultsByDepartment: { departmentId: number; name: string; attempts: number; meanPercent: number | null; passRate: number | null }[];
}

export interface DepartmentHeadDashboardData {
  role: 'DEPARTMENT-HEAD';
  students: number;
  groups: number;
  /** The department's subjects and those its teachers teach: whose bank health the head oversees, by name. */
  subjects: { subjectId: number; name: string }[];
  upcomingExams: { quizId: number; name: string; validFrom: number | null; validTo: number | null; duration: number | null; groupName: string | null; teacherName: string | null }[];
  passRateByGroup: { groupId: number; name: string; attempts: number; passed: number; passRate: number | null; meanPercent: number | null }[];
}

export interface TeacherDashboardData {
  role: 'TEACHER';
  subjects: { subjectId: number; name: string }[];
  quizzes: { quizId: number; name: string; validFrom: number | null; validTo: number | null; state: 'live' | 'upcoming' | 'draft'; published: boolean; started: number; submitted: number }[];
  awaitingGrading: number;
  awaitingByQuiz: { quizId: number; name: string; answers: number }[];
  latestResults: { attemptId: number; quizId: number; quizName: string; studentName: string; score: number | null; maxScore: number; pending: boolean; submittedAt: number | null }[];
  /** The module figure (src/schemas/figures.ts) with the answers left out while awaiting grading. */
  weakestModules: { moduleId: number; name: string; percent: number; pending: number }[];
  weakestModulesPending: number;
}

export interface StudentDashboardData {
  role: 'STUDENT';
  serverTime: number;
  inProgress: { attemptId: number; quizId: number; name: string; deadline: number } | null;
  nextQuiz: { quizId: number; name: string; validFrom: number | null; validTo: number | null; duration: number | null; open: boolean } | null;
  recentResults: { attemptId: number; quizId: number; quizName: string; score: number | null; maxScore: number; percent: number | null; pending: boolean; submittedAt: number | null }[];
  percentByModule: { moduleId: number; name: string; percent: number; pending: number }[];
  pendingAnswers: number;
}

export type DashboardData = AdminDashboardData | InstituteHeadDashboardData | DepartmentHeadDashboardData | TeacherDashboardData | StudentDashboardData;

/** GET /api/subjects/{subjectId}/attainment. */
export type { SubjectAttainment as SubjectAttainmentData } from '../../schemas/subjects';
