import {
  type Active,
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Over,
  PointerSensor,
  useDndContext,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ArrayFieldTemplateProps, FieldPathList } from '@rjsf/utils';
import { type ReactElement, type ReactNode, useRef } from 'react';

/** A list of the form as the drag and drop knows it: where it sits in the document and what its entries are called. */
interface ListInfo {
  path: FieldPathList;
  names: string[];
  handleId: (index: number) => string;
}

/** What the generated form hands its lists (the form's context): a place to say what each list holds. */
export interface SortableForm {
  lists: Map<string, ListInfo>;
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

/** The list and place of a dragged entry, or of the entry it is over. */
const placeOf = (item: Active | Over | null) => {
  const sortable = item?.data.current?.['sortable'] as { containerId: string; index: number } | undefined;
  return sortable ? { list: String(sortable.containerId), index: sortable.index } : undefined;
};

/**
 * The drag and drop of a generated form's lists: one for the whole form, so a drag is announced in one place, by
 * the entry's name and its position. An entry moves within its own list only. `move` reorders the draft.
 */
export function SortableLists({
  form,
  move,
  children,
}: {
  form: SortableForm;
  move: (path: FieldPathList, from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  // The place last announced: a drag starts over its own entry, which is no news after "Picked up".
  const announced = useRef<string | null>(null);
  const described = (item: Active | Over | null) => {
    const place = placeOf(item);
    const list = place && form.lists.get(place.list);
    return place && list ? { ...place, info: list, name: list.names[place.index] ?? '', of: list.names.length } : undefined;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const a = described(active);
      announced.current = String(active.id);
      return a && `Picked up ${a.name}, at position ${a.index + 1} of ${a.of}.`;
    },
    onDragOver: ({ active, over }) => {
      const a = described(active);
      const o = described(over);
      if (!a || !o || !over || String(over.id) === announced.current) return undefined;
      announced.current = String(over.id);
      return `${a.name} is at position ${o.index + 1} of ${a.of}.`;
    },
    onDragEnd: ({ active, over }) => {
      const a = described(active);
      const o = described(over);
      return a && o ? `${a.name} was dropped at position ${o.index + 1} of ${a.of}.` : undefined;
    },
    onDragCancel: ({ active }) => {
      const a = described(active);
      return a && `${a.name} was put back at position ${a.index + 1}.`;
    },
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const a = described(active);
    const o = described(over);
    if (!a || !o || a.list !== o.list || a.index === o.index) return;
    move(a.info.path, a.index, o.index);
    // The rows keep their places and take their new contents: the keyboard stays with the entry that moved.
    requestAnimationFrame(() => document.getElementById(a.info.handleId(o.index))?.focus());
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, restoreFocus: false }}>
      {children}
    </DndContext>
  );
}

function SortableEntry({ id, list, name, handleId, children }: { id: string; list: string; name: string; handleId: string; children: ReactNode }) {
  // While an entry of another list is dragged, this one is no place to drop it.
  const dragged = placeOf(useDndContext().active);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: { draggable: false, droppable: dragged !== undefined && dragged.list !== list },
  });
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
 * back). The move itself is the form's (SortableLists): the new order becomes the draft.
 */
export function SortableList(props: ArrayFieldTemplateProps) {
  const { items, title, formData, fieldPathId, registry, canAdd, onAddClick, disabled, readonly } = props;
  const { AddButton } = registry.templates.ButtonTemplates;
  const list = fieldPathId.$id;
  const entries: unknown[] = Array.isArray(formData) ? formData : [];
  const ids = items.map((item: ReactElement, i) => `${list}|${item.key ?? i}`);
  const names = ids.map((_, i) => entryName(title, entries[i], i));
  const handleId = (i: number) => `${list}-move-${i}`;
  (registry.formContext as SortableForm).lists.set(list, { path: fieldPathId.path, names, handleId });
  return (
    <fieldset className="editor-list" id={list}>
      <legend>{title}</legend>
      <SortableContext id={list} items={ids} strategy={verticalListSortingStrategy}>
        {items.map((item, i) => (
          <SortableEntry key={ids[i]} id={ids[i] ?? String(i)} list={list} name={names[i] ?? ''} handleId={handleId(i)}>
            {item}
          </SortableEntry>
        ))}
      </SortableContext>
      {canAdd && (
        <AddButton
          id={`${list}-add`}
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
