import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/spec-coverage.md says, for every item of the specs in docs/spec/, whether it is built and which test would fail
 * if it broke. This reads both and fails when an item has no row, when a row names an item the spec does not have,
 * when a row names a file that does not exist, or a test title its test file does not hold.
 *
 * An item, mechanically (the document's opening says the same): within a numbered section (`## N. …`) of a spec file,
 * every list entry, every table body row and every other line of text, except headings and a line that ends with a
 * colon (it introduces the list under it). A row names its item by the item's first eight words (a table row: its
 * first cell), with list markers and bold marks removed, and by its section number.
 */
const SPEC_DIR = 'docs/spec';
const COVERAGE = 'docs/spec-coverage.md';
const STATUSES = ['done', 'decided', 'partial', 'missing', 'n/a'] as const;
const KEY_WORDS = 8;

const SEPARATOR = /^\|[\s\-:|]+\|\s*$/;
const normalise = (text: string) => text.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
/** A table row's cells; `\|` inside a cell is a pipe. */
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.replace(/\\\|/g, '|').trim());

interface SpecItem {
  section: string;
  key: string;
  line: number;
}

function specItems(text: string): SpecItem[] {
  const lines = text.split('\n');
  const items: SpecItem[] = [];
  let section: string | null = null;
  lines.forEach((line, i) => {
    const numbered = /^## (\d+)\. /.exec(line);
    if (numbered) {
      section = numbered[1] ?? null;
      return;
    }
    if (section === null || line.startsWith('#') || line.trim() === '' || SEPARATOR.test(line)) return;
    let text: string;
    if (line.startsWith('|')) {
      // A table's header row is the one above its separator.
      if (SEPARATOR.test(lines[i + 1] ?? '')) return;
      text = cells(line)[0] ?? '';
    } else {
      text = line.replace(/^\s*(?:[-*]|\d+\.)\s+/, '');
    }
    text = normalise(text);
    if (text.endsWith(':')) return;
    items.push({ section, key: text.split(' ').slice(0, KEY_WORDS).join(' '), line: i + 1 });
  });
  return items;
}

interface Row {
  file: string;
  section: string;
  key: string;
  status: string;
  code: string;
  tests: string;
}

/** The rows of each spec file's table (`## <file>.md`), and every row of every table (for the paths they name). */
function coverageRows(text: string): { rows: Row[]; cellsOfAllRows: string[][] } {
  const rows: Row[] = [];
  const cellsOfAllRows: string[][] = [];
  let file: string | null = null;
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      file = heading[1]?.endsWith('.md') ? heading[1] : null;
      return;
    }
    if (!line.startsWith('|') || SEPARATOR.test(line) || SEPARATOR.test(lines[i + 1] ?? '')) return;
    const c = cells(line);
    cellsOfAllRows.push(c);
    if (!file) return;
    const [section = '', key = '', status = '', code = '', tests = ''] = c;
    rows.push({ file, section, key: normalise(key), status, code, tests });
  });
  return { rows, cellsOfAllRows };
}

const specFiles = readdirSync(SPEC_DIR).filter((f) => f.endsWith('.md'));
const coverage = readFileSync(COVERAGE, 'utf8');
const { rows, cellsOfAllRows } = coverageRows(coverage);
const rowId = (r: { section: string; key: string }) => `§${r.section} ${r.key}`;

describe('the spec coverage document', () => {
  it('reads items from each spec file', () => {
    expect(specFiles.sort()).toEqual(['checkout-and-account.md', 'header-and-navigation.md', 'product-page-and-validation.md']);
    for (const f of specFiles) expect(specItems(readFileSync(`${SPEC_DIR}/${f}`, 'utf8')).length).toBeGreaterThan(100);
  });

  it.each(specFiles)('has a row for every item of %s, and no row for an item it does not have', (file) => {
    const wanted = specItems(readFileSync(`${SPEC_DIR}/${file}`, 'utf8')).map(rowId);
    const have = rows.filter((r) => r.file === file).map(rowId);
    // An item written twice in a section (the same opening words) needs a row each time.
    const count = (list: string[]) => list.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
    const want = count(wanted);
    const got = count(have);
    const noRow = [...want].filter(([k, n]) => (got.get(k) ?? 0) < n).map(([k]) => k);
    const stale = [...got].filter(([k]) => !want.has(k)).map(([k]) => k);
    expect(noRow, 'spec items without a row').toEqual([]);
    expect(stale, 'rows naming no item of the spec').toEqual([]);
  });

  it('gives every row a status: a done row its code and a test, a decided row its decision and a test; any other row says why', () => {
    const wrong = rows.filter((r) => {
      if (!(STATUSES as readonly string[]).includes(r.status)) return true;
      if (r.status === 'done') return !/`[^`]+`/.test(r.code) || !/`tests\//.test(r.tests);
      // The store does otherwise on purpose: the decision is named, and what it built is tested.
      if (r.status === 'decided') return !/decisions\.md "[^"]+"/.test(r.tests) || !/`tests\//.test(r.tests);
      return r.tests.replace(/`[^`]*`(\s*\([^)]*\))?/g, '').replace(/[;,.\s]/g, '') === '';
    });
    expect(wrong.map(rowId)).toEqual([]);
  });

  it('names only files that exist', () => {
    const paths = cellsOfAllRows.flatMap((c) => [...c.join(' ').matchAll(/`((?:src|tests|scripts|docs)\/[^`\s]*)`/g)].map((m) => m[1] ?? ''));
    expect(paths.length).toBeGreaterThan(500);
    expect([...new Set(paths.filter((p) => !existsSync(p)))]).toEqual([]);
  });

  it('names only decisions docs/decisions.md has', () => {
    const headings = new Set([...readFileSync('docs/decisions.md', 'utf8').matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1]));
    const named = cellsOfAllRows.flatMap((c) => [...c.join(' ').matchAll(/decisions\.md "([^"]+)"/g)].map((m) => m[1] ?? ''));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((h) => !headings.has(h))).toEqual([]);
  });

  it('names only test titles found in the test file it names', () => {
    const missing: string[] = [];
    for (const c of cellsOfAllRows) {
      // `tests/x.test.ts` ("a title"; "another title"): each title, or the opening words of one, as the file has it.
      for (const m of c.join(' ').matchAll(/`(tests\/[^`]+)`\s*\(\s*("[^"]*"(?:\s*;\s*"[^"]*")*)\s*\)/g)) {
        const [, file = '', list = ''] = m;
        if (!existsSync(file)) continue;
        const source = readFileSync(file, 'utf8');
        for (const t of list.matchAll(/"([^"]+)"/g)) if (!source.includes(t[1] ?? '')) missing.push(`${file}: ${t[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
