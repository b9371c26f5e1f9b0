// The form alone: the package's index also names a test registry that imports a validator we do not use.
import Form from '@rjsf/core/lib/components/Form.js';
import {
  type ArrayFieldItemTemplateProps,
  type FieldPathList,
  getTemplate,
  getUiOptions,
  type IconButtonProps,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import { toJsonSchema } from '@valibot/to-json-schema';
import { useCallback, useMemo, useRef } from 'react';
import { DOCUMENT_SCHEMAS, type DocumentId } from '#src/lib/content/content-documents.ts';
import { documentValidator } from './document-validator.ts';
import { type SortableForm, SortableList, SortableLists } from './SortableList.tsx';

/**
 * The form a document is edited in, drawn from its valibot schema (the one the server checks with): a field per
 * field, a list per list, a choice per picklist. The schema's own checks (`check`, `forward`) have no JSON-schema
 * form and are left out of the drawing; the validator runs them all.
 */
export function documentFormSchema(id: DocumentId): RJSFSchema {
  return toJsonSchema(DOCUMENT_SCHEMAS[id], { errorMode: 'ignore' }) as RJSFSchema;
}

/** A copy of `value` with the list at `path` reordered: the entry at `from` goes to `to`. */
export function moveEntry(value: unknown, path: FieldPathList, from: number, to: number): unknown {
  if (path.length === 0) {
    if (!Array.isArray(value)) return value;
    const list = [...value];
    const [entry] = list.splice(from, 1);
    list.splice(to, 0, entry);
    return list;
  }
  const [key, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === key ? moveEntry(v, rest, from, to) : v));
  if (value && typeof value === 'object' && key !== undefined) {
    const record = value as Record<string, unknown>;
    return { ...record, [key]: moveEntry(record[key], rest, from, to) };
  }
  return value;
}

/** The form's list buttons as words, not icons: "Add to items", "Remove". */
function TextButton({ label, props }: { label: string; props: IconButtonProps }) {
  const { registry: _registry, uiSchema: _uiSchema, iconType: _iconType, icon: _icon, className, title: _title, ...rest } = props;
  return (
    <button type="button" className={`link ${className ?? ''}`} {...rest}>
      {label}
    </button>
  );
}
const AddButton = (props: IconButtonProps) => <TextButton label={props.title ?? 'Add'} props={props} />;
const RemoveButton = (props: IconButtonProps) => <TextButton label="Remove" props={props} />;

/** A list entry: its fields, then its Remove button (beside them on a desktop, under them on a phone: editor.css). */
function ListEntry({ children, className, buttonsProps, hasToolbar, registry, uiSchema }: ArrayFieldItemTemplateProps) {
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <div className={className}>
      <div className="editor-entry-fields">{children}</div>
      {hasToolbar && (
        <div className="editor-entry-tools">
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}

const UI: UiSchema = {
  'ui:submitButtonOptions': { norender: true },
  'ui:globalOptions': { copyable: false, orderable: false },
};

const TEMPLATES = {
  ArrayFieldTemplate: SortableList,
  ArrayFieldItemTemplate: ListEntry,
  ButtonTemplates: {
    AddButton,
    RemoveButton,
  },
};

interface Props {
  id: DocumentId;
  value: unknown;
  onChange: (value: unknown) => void;
}

/** One document as a form: each change (a field, an entry added, removed or moved) becomes the draft at once. */
export function DocumentForm({ id, value, onChange }: Props) {
  const schema = useMemo(() => documentFormSchema(id), [id]);
  const validator = useMemo(() => documentValidator(id), [id]);
  // A move reads the draft as it is when the entry is dropped.
  const latest = useRef(value);
  latest.current = value;
  const form = useMemo<SortableForm>(() => ({ lists: new Map() }), []);
  const move = useCallback((path: FieldPathList, from: number, to: number) => onChange(moveEntry(latest.current, path, from, to)), [onChange]);
  return (
    <SortableLists form={form} move={move}>
      <Form
        className="editor-form"
        idPrefix={`doc-${id}`}
        schema={schema}
        uiSchema={UI}
        formData={value}
        validator={validator}
        templates={TEMPLATES}
        formContext={form}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults' }}
        onChange={(e) => onChange(e.formData)}
      />
    </SortableLists>
  );
}
