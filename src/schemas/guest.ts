import { z } from 'zod';

/** A guest's name, entered on the guest link's page (POST /api/guest/{token}): one rule for the page and the server. */
export const guestNameSchema = z.object({
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(2, 'Enter your name')
    .max(50, 'Name should not exceed 50 characters')
    .regex(/^[\p{L} .'-]+$/u, 'Name should contain only letters and spaces'),
});
