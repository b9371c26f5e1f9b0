import { z } from 'zod';

/**
 * Server configuration, read once from the environment. The same variables are declared in astro.config.mjs
 * (`env.schema`) so that Astro refuses to start with a malformed value; this module exists because the seed,
 * the start script and the tests run outside Astro, where `astro:env` is not available.
 */
const ConfigSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(60 * 60 * 24 * 30),
  NODE_ENV: z.string().optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

let cached: Config | undefined;

export function config(): Config {
  if (cached) return cached;
  const parsed = ConfigSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${lines}\nSee .env.example for every variable.`);
  }
  cached = parsed.data;
  return cached;
}

