import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ArrayFieldTemplateProps, FieldPathList } from '@rjsf/utils';
import type { ReactElement, ReactNode } from 'react';

/** What the generated form hands its lists (the form's context): how to move an entry of the list at `path`. */
export interface ListMoves {
  move(path: FieldPathList, from: number, to: number): void;
}

const NAMING_FIELDS = ['name', 'heading', 'label', 'text', 'title', 'id', 'brandId'] as const;

/** How an entry is called to a person: its name, heading, label... or its list and place (`items 2`). */
export function entryName(list: string, entry: unknown, index: number): string {
  if (typeof entry === 'string' && entry) return entry;
  if (entry && typeof entry === 'object') {
    const record = entry as Record<string, unknown>;
    for (const field of NAMING_FIELDS) {
      const value = record[field];
      if (typeof value === 'string' && value) return value;
    }
  }
  return `${list} ${index + 1}`;
}

function SortableEntry({ id, name, handleId, children }: { id: UniqueIdentifier; name: string; handleId: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <div
      ref={setNodeRef}
      className={`editor-entry${isDragging ? ' editor-entry-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        id={handleId}
        ref={setActivatorNodeRef}
        className="editor-handle"
        {...attributes}
        {...listeners}
        aria-label={`Move ${name}`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="editor-entry-body">{children}</div>
    </div>
  );
}

/**
 * Every list of a generated form (menu entries, columns, items, slides, tabs, links): its entries reordered by drag, or
 * by keyboard (focus an entry's handle, Space to pick it up, arrow keys to move it, Space to drop it, Escape to put it
 * back), with each step announced by the entry's name. The move itself is the form's: the new order becomes the draft.
 */
export function SortableList(props: ArrayFieldTemplateProps) {
  const { items, title, formData, fieldPathId, registry, canAdd, onAddClick, disabled, readonly } = props;
  const { AddButton } = registry.templates.ButtonTemplates;
  const entries: unknown[] = Array.isArray(formData) ? formData : [];
  const ids = items.map((item: ReactElement, i) => item.key ?? String(i));
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const at = (id: UniqueIdentifier) => ids.indexOf(String(id));
  const nameOf = (id: UniqueIdentifier) => entryName(title, entries[at(id)], at(id));
  const handleId = (i: number) => `${fieldPathId.$id}-move-${i}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at position ${at(active.id) + 1} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is at position ${at(over.id) + 1} of ${ids.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} was dropped at position ${at(over.id) + 1} of ${ids.length}.` : undefined),
    onDragCancel: ({ active }) => `${nameOf(active.id)} was put back at position ${at(active.id) + 1}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = at(active.id);
    const to = over ? at(over.id) : from;
    if (from === to || to < 0) return;
    (registry.formContext as ListMoves).move(fieldPathId.path, from, to);
    // The rows keep their places and take their new contents: the keyboard stays with the entry that moved.
    requestAnimationFrame(() => document.getElementById(handleId(to))?.focus());
  };
  return (
    <fieldset className="editor-list" id={fieldPathId.$id}>
      <legend>{title}</legend>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, restoreFocus: false }}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {items.map((item, i) => (
            <SortableEntry key={ids[i]} id={ids[i] ?? String(i)} name={entryName(title, entries[i], i)} handleId={handleId(i)}>
              {item}
            </SortableEntry>
          ))}
        </SortableContext>
      </DndContext>
      {canAdd && (
        <AddButton
          id={`${fieldPathId.$id}-add`}
          className="editor-add"
          onClick={onAddClick}
          disabled={disabled || readonly}
          registry={registry}
          title={`Add to ${title}`}
        />
      )}
    </fieldset>
  );
}
