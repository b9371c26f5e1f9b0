/**
 * The Node options the production server runs with (scripts/start.ts, npm run serve, the test and bench servers).
 *
 * `--max-semi-space-size=16`: V8 sizes its young generation from the heap limit, and on a machine with a few GB free
 * it lets it grow to 64 MB per semi-space: under load the server's young generation alone took 134 MB. Capped at
 * 16 MB (V8's default on smaller machines) the server is about 90-100 MB smaller (446-473 MB against 357-366 MB
 * after the same load) for no CPU per request we could measure (docs/decisions.md, "Server memory").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'] as const;
