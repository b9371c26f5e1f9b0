import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { type DocumentId, documentProblem, documentText } from '#src/lib/content/content-documents.ts';
import { DiffView } from './DiffView.tsx';
import { editorCalls } from './editor-calls.ts';
import { VersionHistory } from './VersionHistory.tsx';

// The generated form (its libraries are the workspace's heaviest) loads once a document is opened.
const DocumentForm = lazy(() => import('./DocumentForm.tsx').then((m) => ({ default: m.DocumentForm })));

interface Props {
  id: DocumentId;
  title: string;
  canPublish: boolean;
  /** A save, publish or rollback happened: the list and the preview are read again. */
  onChanged: () => void;
}

/** What the text holds: the document, or why it is not one yet (JSON, then the document's schema, naming the field). */
function check(id: DocumentId, text: string): { content: unknown; problem: string | null } {
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch (err) {
    return { content: undefined, problem: `Not valid JSON: ${(err as Error).message}` };
  }
  return { content, problem: documentProblem(id, content) };
}

/**
 * One document: its latest version as JSON to edit (checked as it is typed with the same schema the server uses),
 * saved on top of the version it was opened at. A save refused because someone saved first keeps the draft and shows
 * what they changed, to be merged by hand. Publishers publish the saved version now or at a New York time.
 */
export function DocumentEditor({ id, title, canPublish, onChanged }: Props) {
  const field = useId();
  const [base, setBase] = useState<{ version: number; text: string; live: number | null } | null>(null);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ version: number; content: unknown } | null>(null);
  const [at, setAt] = useState('');
  const [revision, setRevision] = useState(0);
  const [asJson, setAsJson] = useState(false);

  const load = async (message: string | null = null) => {
    const r = await editorCalls.read(id);
    if (!r.ok) return setError(r.message);
    const loaded = documentText(r.body.content);
    setBase({ version: r.body.version, text: loaded, live: r.body.live });
    setText(loaded);
    setConflict(null);
    setStatus(message);
    setRevision((n) => n + 1);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only when another document is opened.
  useEffect(() => {
    setError(null);
    void load();
  }, [id]);

  const { content, problem } = useMemo(() => check(id, text), [id, text]);
  const unreadable = content === undefined;
  const changed = base !== null && text !== base.text;

  const save = async () => {
    if (!base || problem) return;
    setError(null);
    const r = await editorCalls.save(id, { baseVersion: base.version, content });
    if (r.ok) {
      setBase({ ...base, version: r.body.version, text });
      setStatus(`Saved as version ${r.body.version}.`);
      setRevision((n) => n + 1);
      return onChanged();
    }
    setError(r.message);
    if (r.status === 409) {
      const newer = await editorCalls.read(id);
      if (newer.ok) setConflict({ version: newer.body.version, content: newer.body.content });
    }
  };

  const publish = async (when: 'now' | 'later') => {
    if (!base) return;
    setError(null);
    const r = await editorCalls.publish(id, { version: base.version, ...(when === 'later' ? { at } : {}) });
    if (!r.ok) return setError(r.message);
    setStatus(when === 'now' ? `Version ${base.version} is live.` : `Version ${base.version} goes live at ${at.replace('T', ' ')} New York time.`);
    setRevision((n) => n + 1);
    onChanged();
  };

  const onFormChange = useCallback((value: unknown) => setText(documentText(value)), []);

  const onRolledBack = (message: string) => {
    void load(message);
    onChanged();
  };

  return (
    <section className="editor-document" aria-labelledby={`${field}-title`}>
      <h2 id={`${field}-title`}>{title}</h2>
      {base && (
        <p>
          Editing version {base.version}
          {base.live === null ? '' : `; version ${base.live} is live`}.
        </p>
      )}
      <label className="editor-choice">
        <input type="checkbox" checked={asJson || unreadable} disabled={unreadable} onChange={(e) => setAsJson(e.target.checked)} /> Edit as JSON
        (advanced)
      </label>
      {asJson || unreadable ? (
        <div className="field">
          <label htmlFor={field}>{title} (JSON)</label>
          <textarea
            id={field}
            className="editor-json"
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${field}-problem`}
            rows={24}
          />
        </div>
      ) : (
        base && (
          <Suspense fallback={<p className="hint">Loading the form…</p>}>
            <DocumentForm key={revision} id={id} value={content} onChange={onFormChange} />
          </Suspense>
        )
      )}
      <p id={`${field}-problem`} className={problem ? 'field-error' : 'hint'} role={problem ? 'alert' : undefined}>
        {problem ?? (changed ? 'Unsaved changes.' : 'No unsaved changes.')}
      </p>
      <div className="editor-actions">
        <button type="button" className="button" onClick={save} disabled={!changed || problem !== null}>
          Save draft
        </button>
        {canPublish && (
          <>
            <button type="button" className="button" onClick={() => publish('now')} disabled={changed}>
              Publish version {base?.version} now
            </button>
            <label htmlFor={`${field}-at`}>Publish at (New York time)</label>
            <input id={`${field}-at`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
            <button type="button" className="button" onClick={() => publish('later')} disabled={changed || !at}>
              Schedule
            </button>
          </>
        )}
      </div>
      {status && (
        <p className="notice" role="status">
          {status}
        </p>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {conflict && (
        <div className="editor-conflict">
          <DiffView title={`Your draft → version ${conflict.version}`} older={content} newer={conflict.content} />
          <button
            type="button"
            className="button"
            onClick={() => {
              if (base) setBase({ ...base, version: conflict.version });
              setConflict(null);
              setError(null);
            }}
          >
            Keep my draft on top of version {conflict.version}
          </button>
          <button type="button" className="link" onClick={() => load()}>
            Discard my draft and open version {conflict.version}
          </button>
        </div>
      )}
      <VersionHistory id={id} revision={revision} canPublish={canPublish} onRolledBack={onRolledBack} />
    </section>
  );
}
