import { useEffect, useState } from 'react';
import type { AuditEntry, DocumentSummary, Editor } from '#src/lib/content/editor-types.ts';
import { DocumentEditor } from './DocumentEditor.tsx';
import { editorCalls } from './editor-calls.ts';
import { HeaderPreview } from './HeaderPreview.tsx';
import './editor.css';

/** The editors' workspace: the documents, the one being edited with its history, the preview and the audit log. */
export function EditorWorkspace({ editor }: { editor: Editor }) {
  const [documents, setDocuments] = useState<DocumentSummary[]>([]);
  const [open, setOpen] = useState<DocumentSummary['id']>('brand-tabs');
  const [revision, setRevision] = useState(0);
  const [log, setLog] = useState<AuditEntry[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is read again at each change (revision).
  useEffect(() => {
    void editorCalls.list().then((r) => r.ok && setDocuments(r.body));
  }, [revision]);

  const signOut = async () => {
    await editorCalls.signOut();
    window.location.assign('/editor');
  };
  const current = documents.find((d) => d.id === open);
  return (
    <div className="editor-workspace">
      <div className="editor-bar">
        <p>
          Signed in as {editor.email} ({editor.role})
        </p>
        <button type="button" className="link" onClick={signOut}>
          Sign out
        </button>
      </div>
      <div className="editor-columns">
        <nav aria-label="Documents" className="editor-documents">
          <ul>
            {documents.map((d) => (
              <li key={d.id}>
                <button type="button" className="link" aria-current={d.id === open ? 'true' : undefined} onClick={() => setOpen(d.id)}>
                  {d.title}
                </button>
                <span className="hint">
                  {' '}
                  v{d.latest}
                  {d.live !== null && d.live !== d.latest ? `, live v${d.live}` : ''}
                  {d.scheduled.length > 0 ? `, ${d.scheduled.length} scheduled` : ''}
                </span>
              </li>
            ))}
          </ul>
        </nav>
        {current && (
          <DocumentEditor
            key={current.id}
            id={current.id}
            title={current.title}
            canPublish={editor.role === 'publisher'}
            onChanged={() => setRevision((n) => n + 1)}
          />
        )}
      </div>
      <HeaderPreview revision={revision} />
      <section aria-labelledby="audit-title" className="editor-audit">
        <h2 id="audit-title">Audit log</h2>
        <button type="button" className="link" onClick={() => editorCalls.audit().then((r) => r.ok && setLog(r.body))}>
          Show the latest entries
        </button>
        {log && (
          <ul>
            {log.map((e) => (
              <li key={`${e.at}-${e.action}-${e.documentId}`}>
                {new Date(e.at).toLocaleString('en-US', { timeZone: 'America/New_York' })}: {e.editor} {e.action} {e.documentId ?? ''} ({e.detail})
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
