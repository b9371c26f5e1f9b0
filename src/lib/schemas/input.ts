import * as v from 'valibot';

/**
 * Checks input against a schema and names its first problem in words a shopper or a caller can read: a missing
 * nested key reads as "<path> is required." rather than valibot's technical text. Used by the endpoints (bad
 * requests, src/web/http/api.ts) and by the engine for what it checks itself.
 */
export function checkInput<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
): { ok: true; output: v.InferOutput<S> } | { ok: false; message: string } {
  const result = v.safeParse(schema, data);
  if (result.success) return { ok: true, output: result.output };
  const issue = result.issues[0];
  const message =
    issue?.kind === 'schema' && issue.type === 'object' && issue.input === undefined && issue.path
      ? `${issue.path.map((p) => String(p.key)).join('.')} is required.`
      : issue?.message;
  return { ok: false, message: message ?? 'The request is not valid.' };
}
