import { useId, useState } from 'react';
import { previewLink } from '#src/lib/content/preview-link.ts';
import { toNewYorkWallClock } from '#src/lib/header/time-window.ts';

interface Props {
  /** Changes when something was saved or published: the frames load again. */
  revision: number;
}

/**
 * The header as shoppers will see it at a chosen New York date and time, with the saved drafts or with what is (or
 * will be) live then, on a desktop and a phone side by side (two frames of /editor/preview, each as wide as its
 * device, drawn smaller).
 */
export function HeaderPreview({ revision }: Props) {
  const id = useId();
  const [at, setAt] = useState(() => toNewYorkWallClock(new Date()));
  const [draft, setDraft] = useState(true);
  const src = `/editor/preview?${new URLSearchParams({ at, draft: draft ? '1' : '0', r: String(revision) })}`;
  return (
    <section className="editor-preview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Preview</h2>
      <div className="editor-actions">
        <label htmlFor={`${id}-at`}>New York date and time</label>
        <input id={`${id}-at`} type="datetime-local" value={at} onChange={(e) => e.target.value && setAt(e.target.value)} />
        <fieldset className="editor-choice">
          <legend>Content</legend>
          <label>
            <input type="radio" name={`${id}-mode`} checked={draft} onChange={() => setDraft(true)} /> Drafts
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={!draft} onChange={() => setDraft(false)} /> Live at that time
          </label>
        </fieldset>
        <a href={previewLink(at, draft)} target="_blank" rel="noopener">
          Preview link for another editor (works for 24 hours)
        </a>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the frames scroll sideways on a phone, so the keyboard must reach the scroller. */}
      <section className="editor-frames" tabIndex={0} aria-label="Desktop and phone previews">
        <iframe title="Desktop preview (1280 pixels wide)" src={`${src}&device=desktop`} className="frame-desktop" />
        <iframe title="Phone preview (390 pixels wide)" src={`${src}&device=phone`} className="frame-phone" />
      </section>
    </section>
  );
}
