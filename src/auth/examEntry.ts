import { examTokenResponseDataSchema } from '../schemas/auth';
import { requestExamTokenCheck } from './authApi';
import { setExamLinkQuiz, storeIdentity, storeQuizName, storeToken } from './session';

const instructionPath = (quizId: number | string): string => `/student/availableQuiz/instruction/${quizId}`;

/**
 * The exam-link flow: trades an exam token for a student session and returns the quiz's
 * instruction page, or undefined when the token is not accepted (the login is shown instead).
 */
export async function enterExam(examToken: string): Promise<string | undefined> {
  const result = await requestExamTokenCheck(examToken);
  const data = examTokenResponseDataSchema.safeParse(result.data);
  if (!result.success || !data.success) return undefined;
  storeToken(data.data.token);
  storeIdentity('STUDENT');
  storeQuizName(data.data.quizName);
  setExamLinkQuiz(data.data.quizId, data.data.fromLms === true);
  return instructionPath(data.data.quizId);
}
