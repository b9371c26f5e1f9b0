/** One line of a diff between two texts: kept in both, only in the older (removed) or only in the newer (added). */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * The lines of `older` and `newer` as a diff (longest common subsequence, line by line): what the workspace shows
 * between two versions of a document, or between a refused draft and the version that was saved first.
 */
export function lineDiff(older: string, newer: string): DiffLine[] {
  const a = older.split('\n');
  const b = newer.split('\n');
  const width = b.length + 1;
  // common[i * width + j]: the length of the longest common run of lines of a from i and b from j.
  const common = new Int32Array((a.length + 1) * width);
  const at = (i: number, j: number) => common[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i * width + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] ?? '' });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || at(i + 1, j) >= at(i, j + 1))) {
      lines.push({ kind: 'removed', text: a[i++] ?? '' });
    } else {
      lines.push({ kind: 'added', text: b[j++] ?? '' });
    }
  }
  return lines;
}

/** A document as the workspace shows and diffs it: JSON with two-space indents. */
export const documentText = (content: unknown) => JSON.stringify(content, null, 2);
