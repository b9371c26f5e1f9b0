import { useEffect, useState } from 'react';
import type { VersionInfo } from '#src/lib/content/editor-types.ts';
import { DiffView } from './DiffView.tsx';
import { editorCalls } from './editor-calls.ts';

interface Props {
  id: string;
  /** Changes when the document was saved, published or rolled back: the history is read again. */
  revision: number;
  canPublish: boolean;
  onRolledBack: (message: string) => void;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' });

/** Every version with who saved it and when it went (or goes) live; a diff between any two; roll back to one. */
export function VersionHistory({ id, revision, canPublish, onRolledBack }: Props) {
  const [versions, setVersions] = useState<VersionInfo[]>([]);
  const [pair, setPair] = useState<{ older: number; newer: number } | null>(null);
  const [texts, setTexts] = useState<{ older: unknown; newer: unknown } | null>(null);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again at each change of the document (revision).
  useEffect(() => {
    void editorCalls.versions(id).then((r) => (r.ok ? setVersions(r.body) : setError(r.message)));
  }, [id, revision]);

  useEffect(() => {
    if (!pair) return setTexts(null);
    void Promise.all([editorCalls.read(id, pair.older), editorCalls.read(id, pair.newer)]).then(([a, b]) => {
      if (a.ok && b.ok) setTexts({ older: a.body.content, newer: b.body.content });
    });
  }, [id, pair]);

  const rollBack = async (toVersion: number) => {
    const r = await editorCalls.rollback(id, toVersion);
    if (!r.ok) return setError(r.message);
    onRolledBack(`Rolled back: version ${r.body.version} has the content of version ${toVersion} and is live.`);
  };

  return (
    <section className="editor-history" aria-labelledby={`history-${id}`}>
      <h3 id={`history-${id}`}>History</h3>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Saved</th>
            <th scope="col">Live</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v, i) => {
            const previous = versions[i + 1];
            return (
              <tr key={v.version}>
                <td>{v.version}</td>
                <td>
                  {v.savedBy}, {when(v.savedAt)}
                </td>
                <td>{v.publications.map((p) => `${when(p.liveAt)} by ${p.publishedBy}`).join('; ') || '—'}</td>
                <td className="editor-row-actions">
                  {previous && (
                    <button type="button" className="link" onClick={() => setPair({ older: previous.version, newer: v.version })}>
                      Compare version {v.version} with {previous.version}
                    </button>
                  )}
                  {canPublish && i > 0 && (
                    <button type="button" className="link" onClick={() => rollBack(v.version)}>
                      Roll back to version {v.version}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pair && texts && <DiffView title={`Version ${pair.older} → version ${pair.newer}`} older={texts.older} newer={texts.newer} />}
    </section>
  );
}
