import { z } from 'zod';

/**
 * zod compiles object schemas with `new Function` when it may, and probes for that at the first
 * parse. The portal's Content-Security-Policy allows no eval (the session token in localStorage
 * depends on that policy), so the probe would only be refused and reported as a violation:
 * zod is told to interpret schemas instead. Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
