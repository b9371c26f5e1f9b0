/**
 * The Node options the production server runs with (scripts/start.ts, npm run serve, the test and bench servers).
 *
 * `--max-semi-space-size=16`: V8 sizes its young generation from the heap limit, and on a machine with a few GB free
 * it lets it grow to 64 MB per semi-space: under load the server's young generation alone took 134 MB. Capped at
 * 16 MB (V8's default on smaller machines) the server is about 90-100 MB smaller (446-473 MB against 357-366 MB
 * after the same load) for no CPU per request we could measure (docs/decisions.md, "Server memory").
 *
 * `--heap-growing-percent=100`: after each full collection V8 lets the old generation grow to up to four times what
 * survived before it collects again. What a request leaves there is garbage by then (objects alive across two young
 * collections because their request was still running), so at 100,000 products the server's 45-60 MB of live heap
 * grew to a 190 MB old generation under search traffic, and the memory stayed taken. Allowed to double, the same
 * suggestion traffic left 301 MB resident against 350 MB, at the same CPU per request (618 against 622-665 µs);
 * allowed a quarter, 280 MB but 10-20 % more CPU (docs/decisions.md, "Server memory").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=100'] as const;

/**
 * The environment the production server starts with, beside the operator's own (which wins).
 *
 * `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates its own malloc arena, kept once grown; the server's
 * threads (libuv's pool compressing replies and hashing passwords, the WAL checkpointer's worker) each held one. With
 * two arenas for all of them the server was 286-296 MB resident after `npm run bench`'s load against 315-362 MB with
 * glibc's default (eight per core), at rates within the spread of runs (docs/performance.md, "Server memory").
 * glibc reads it when the process starts, so it is set by whatever starts the server (the scripts, `npm run serve`).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' } as const;
