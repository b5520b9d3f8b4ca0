import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The rules for a password a person chooses: at first sign-in, on the profile page and on reset. */
export const newPasswordField = z
  .string({ error: 'New password is required' })
  .min(1, { error: 'New password is required', abort: true })
  .min(PASSWORD_MIN, `Password must have at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password should not exceed ${PASSWORD_MAX} characters`)
  .regex(/[A-Za-z]/, 'Password must contain a letter')
  .regex(/\d/, 'Password must contain a digit');

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: 'Confirm the new password' }).min(1, 'Confirm the new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'Choose a password different from the current one' });

export const forgotPasswordSchema = z.object({
  login: z.string({ error: 'Enter your username or email' }).trim().min(1, 'Enter your username or email').max(254),
});

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'This reset link is invalid or has expired' }).min(16, 'This reset link is invalid or has expired').max(128),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: 'Confirm the new password' }).min(1, 'Confirm the new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

/** What a person may change on their own profile. */
export const profileUpdateSchema = z.object({
  phone: z.string({ error: 'Phone number is required' }).trim().regex(/^\d{10}$/, 'Please enter the valid phone number'),
});
