import { lineDiff } from '#src/lib/content/line-diff.ts';

/** The lines two texts differ in, removed ones marked − and added ones +, with a few lines of context kept. */
export function DiffView({ title, older, newer }: { title: string; older: string; newer: string }) {
  const lines = lineDiff(older, newer);
  const near = (i: number) => lines.slice(Math.max(0, i - 2), i + 3).some((l) => l.kind !== 'same');
  return (
    <figure className="editor-diff">
      <figcaption>{title}</figcaption>
      <pre>
        {lines.map((l, i) =>
          near(i) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines have no identity but their place.
            <span key={i} className={`diff-${l.kind}`}>
              {l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '− ' : '  '}
              {l.text}
              {'\n'}
            </span>
          ) : null,
        )}
      </pre>
    </figure>
  );
}
