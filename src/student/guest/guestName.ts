import { z } from 'zod';

/** A guest's name, checked as the server checks it (server/routes/guest.ts). */
export const guestNameSchema = z.object({
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(2, 'Enter your name')
    .max(50, 'Name should not exceed 50 characters')
    .regex(/^[\p{L} .'-]+$/u, 'Name should contain only letters and spaces'),
});
