// npm run layers, second half: no feature folder imports itself through others. dependency-cruiser's no-circular
// rule (.dependency-cruiser.cjs) refuses cycles between files; this refuses them between folders, where a feature
// that needs another which needs it back has no single home. A node is a feature folder, src/<layer>/<feature>/
// with everything below it, or a module at the top of a layer (src/server/config.ts, src/lib/money.ts,
// src/middleware.ts): those are shared modules and entry points, each a node of its own. Prints every cycle with
// the imports that make it and exits 1, or says how many folders it checked.
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const { output } = await cruise(
  ['src'],
  { ...options, validate: false },
  {},
  { tsConfig: extractTSConfig(options.tsConfig?.fileName ?? 'tsconfig.json') },
);
const modules = (output as ICruiseResult).modules;

const nodeOf = (path: string) => /^src\/[^/]+\/[^/]+\//.exec(path)?.[0] ?? path;

/** node -> node it imports -> the file imports behind that edge. */
const graph = new Map<string, Map<string, string[]>>();
for (const m of modules) {
  if (!m.source.startsWith('src/')) continue;
  const from = nodeOf(m.source);
  const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
  for (const d of m.dependencies) {
    if (!d.resolved.startsWith('src/')) continue;
    const to = nodeOf(d.resolved);
    if (to === from) continue;
    (edges.get(to) ?? edges.set(to, []).get(to)!).push(`${m.source} → ${d.resolved}`);
  }
}

/** Strongly connected components of more than one node (Tarjan): each is one or more cycles. */
function tangles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** The shortest way from `start` back to itself inside a component (breadth first). */
function shortestCycle(start: string, within: Set<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of [...(graph.get(v)?.keys() ?? [])].sort()) {
      if (!within.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(w) && w !== start) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

const found = tangles();
let cycles = 0;
if (found.length === 0) {
  console.log(`✔ no folder imports itself through others (${graph.size} folders and top-level modules under src)`);
  process.exit(0);
}
for (const component of found) {
  const within = new Set(component);
  console.error(`\n✖ these import one another: ${component.join(', ')}`);
  // One cycle through each member, shortest first, each edge with the imports that make it.
  const shown = new Set<string>();

  for (const start of component) {
    const cycle = shortestCycle(start, within);
    const key = cycle.slice(0, -1).sort().join('|');
    if (shown.has(key)) continue;
    shown.add(key);
    cycles++;
    console.error(`  ${cycle.join(' → ')}`);
    for (let i = 0; i + 1 < cycle.length; i++) {
      const imports = graph.get(cycle[i]!)!.get(cycle[i + 1]!)!;
      for (const line of imports.slice(0, 3)) console.error(`      ${line}`);
      if (imports.length > 3) console.error(`      … and ${imports.length - 3} more`);
    }
  }
}
const folders = found.reduce((n, c) => n + c.length, 0);
console.error(
  `\n${cycles} folder cycle${cycles === 1 ? '' : 's'} among ${folders} folders: move the code one folder needs of another into its own ` +
    'folder, or what both need (types, errors) into a module of its own.',
);
process.exit(1);
