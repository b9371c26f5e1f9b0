import { changeText, documentChanges } from '#src/lib/content/version-diff.ts';

/** What changed between two versions of a document, one line per field (added +, removed −, changed or moved ~). */
export function DiffView({ title, older, newer }: { title: string; older: unknown; newer: unknown }) {
  const changes = documentChanges(older, newer);
  return (
    <figure className="editor-diff">
      <figcaption>{title}</figcaption>
      {changes.length === 0 ? (
        <p>No differences.</p>
      ) : (
        <ul>
          {changes.map((c) => (
            <li key={`${c.kind}-${c.path}`} className={`diff-${c.kind}`}>
              <span aria-hidden="true">{c.kind === 'added' ? '+ ' : c.kind === 'removed' ? '− ' : '~ '}</span>
              {changeText(c)}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
