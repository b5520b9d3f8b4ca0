import { z } from 'zod';
import { ROLES } from './roles';

/** Login payload: role, username, password, and the captcha token. The captcha rule depends on configuration: see loginSchemaFor. */
export const loginSchema = z.object({
  username: z.string({ error: 'Enter Username' }).trim().min(1, 'Enter Username').max(100),
  password: z.string({ error: 'Enter Password' }).min(1, 'Enter Password').max(1024),
  role: z.enum(ROLES, { error: 'Select Role' }),
  recaptchaValue: z.string().max(4096).nullish(),
  userTime: z.number().int().nonnegative().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** While the captcha is on (the login page shows it) the token is required ('Please solve the captcha'). */
export const loginSchemaFor = (captchaOn: boolean) =>
  captchaOn
    ? loginSchema.extend({
        recaptchaValue: z.string({ error: 'Please solve the captcha' }).min(1, 'Please solve the captcha').max(4096),
      })
    : loginSchema;

export const loginResponseDataSchema = z.object({ token: z.string() });
export const verifyResponseDataSchema = z.object({ role: z.enum(ROLES), username: z.string() });
export const examTokenResponseDataSchema = z.object({ token: z.string(), quizName: z.string(), quizId: z.number(), fromLms: z.boolean().optional() });
export type ExamTokenResponseData = z.infer<typeof examTokenResponseDataSchema>;

/** POST /api/lti/handoff: an instructor's LMS launch traded for a teacher session, and the quiz it was about. */
export const ltiHandoffResponseDataSchema = z.object({ token: z.string(), role: z.literal('TEACHER'), username: z.string(), quizId: z.number() });
export type LtiHandoffResponseData = z.infer<typeof ltiHandoffResponseDataSchema>;
