import { create, type Delta } from 'jsondiffpatch';

/**
 * What changed between two versions of a document, field by field, each change naming its field's path the way the
 * server's messages do (`entries.0.columns.0.items.5`): what the workspace shows between two versions, or between a
 * refused draft and the version saved first. jsondiffpatch finds the changes; list entries are matched by their name
 * (or heading, label, id...), so an entry moved or inserted is one change, not every entry after it.
 */
export type DocumentChange =
  | { kind: 'changed'; path: string; before: unknown; after: unknown }
  | { kind: 'added'; path: string; after: unknown }
  | { kind: 'removed'; path: string; before: unknown }
  | { kind: 'moved'; path: string; to: string };

const NAMES = ['name', 'heading', 'label', 'text', 'title', 'id', 'brandId'];

/** An entry's identity for matching: its naming field, or its place when it has none (a menu's columns). */
function identity(entry: object, index?: number): string {
  const record = entry as Record<string, unknown>;
  const name = NAMES.map((k) => record[k]).find((v) => typeof v === 'string');
  return typeof name === 'string' ? `name:${name}` : `at:${index ?? ''}`;
}

const differ = create({ objectHash: identity, arrays: { detectMove: true, includeValueOnMove: false } });

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

function walk(delta: Delta, path: string, out: DocumentChange[]): void {
  if (Array.isArray(delta)) {
    if (delta.length === 1) out.push({ kind: 'added', path, after: delta[0] });
    else if (delta.length === 2) out.push({ kind: 'changed', path, before: delta[0], after: delta[1] });
    else if (delta[2] === 0) out.push({ kind: 'removed', path, before: delta[0] });
    return;
  }
  if (!delta || typeof delta !== 'object') return;
  const record = delta as Record<string, Delta>;
  const isList = (record as Record<string, unknown>)._t === 'a';
  if (isList) pairRenamed(record);
  for (const [key, inner] of Object.entries(record)) {
    if (key === '_t') continue;
    if (isList && key.startsWith('_')) {
      const from = join(path, key.slice(1));
      // An entry that left its place: removed, or moved to the index the delta names.
      if (Array.isArray(inner) && inner[2] === 3) out.push({ kind: 'moved', path: from, to: join(path, String(inner[1])) });
      else walk(inner, from, out);
    } else {
      walk(inner, join(path, key), out);
    }
  }
}

const removedValue = (d: Delta) => (Array.isArray(d) && d.length === 3 && d[2] === 0 ? (d[0] as unknown) : undefined);
const addedValue = (d: Delta) => (Array.isArray(d) && d.length === 1 ? (d[0] as unknown) : undefined);

/**
 * An entry whose name changed is, to the matching, one removed and another added at the same place: shown instead
 * as the fields that changed in it (a renamed menu entry is one changed heading, not its whole content twice).
 */
function pairRenamed(list: Record<string, Delta>): void {
  for (const key of Object.keys(list)) {
    if (!key.startsWith('_') || key === '_t') continue;
    const at = key.slice(1);
    const before = removedValue(list[key]);
    const after = addedValue(list[at]);
    if (!before || !after || typeof before !== 'object' || typeof after !== 'object') continue;
    delete list[key];
    list[at] = differ.diff(before, after);
  }
}

export function documentChanges(older: unknown, newer: unknown): DocumentChange[] {
  const delta = differ.diff(older, newer);
  const out: DocumentChange[] = [];
  if (delta) walk(delta, '', out);
  return out;
}

const shown = (value: unknown) => JSON.stringify(value);

/** A change as one line a person reads: the field's path, then what happened to it. */
export function changeText(change: DocumentChange): string {
  switch (change.kind) {
    case 'changed':
      return `${change.path}: ${shown(change.before)} → ${shown(change.after)}`;
    case 'added':
      return `${change.path} added: ${shown(change.after)}`;
    case 'removed':
      return `${change.path} removed: ${shown(change.before)}`;
    case 'moved':
      return `${change.path} moved to ${change.to}`;
  }
}
