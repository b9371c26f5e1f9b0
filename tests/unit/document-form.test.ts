import { expect, it } from 'vitest';
import { documentValidator } from '#src/islands/editor/document-validator.ts';
import { documentFormSchema, moveEntry } from '#src/islands/editor/DocumentForm.tsx';
import { entryName } from '#src/islands/editor/SortableList.tsx';

const promo = {
  textClass: 'promo-text-light',
  backgroundColorClass: 'promo-bg-navy',
  carouselDotColorClass: 'promo-dot-light',
  slides: [{ text: 'Extra 15% off' }],
};

it('draws the form from the document’s valibot schema: its fields, its lists and the choices of its picklists', () => {
  const schema = documentFormSchema('promo-bar') as { properties: Record<string, { enum?: string[]; items?: { properties: object } }> };
  expect(schema.properties.backgroundColorClass?.enum).toEqual(['promo-bg-navy', 'promo-bg-coral', 'promo-bg-sand', 'promo-bg-teal']);
  expect(Object.keys(schema.properties.slides?.items?.properties ?? {})).toContain('contentAssetId');
});

it('marks each wrong field with the server’s own message, naming the field by its path', () => {
  const validator = documentValidator('promo-bar');
  const { errors, errorSchema } = validator.validateFormData({ ...promo, slides: [{ text: '', promotionLink: 'www.x' }] }, {});
  expect(errors.map((e) => e.stack)).toEqual(['slides.0.text: must not be empty', 'slides.0.promotionLink: must start with / or https://']);
  expect(errorSchema).toEqual({
    slides: { 0: { text: { __errors: ['must not be empty'] }, promotionLink: { __errors: ['must start with / or https://'] } } },
  });
  expect(validator.validateFormData(promo, {}).errors).toEqual([]);
});

it('moves an entry of a nested list to another place, leaving everything else as it was', () => {
  const menu = { entries: [{ heading: 'Tops', columns: [{ items: ['a', 'b', 'c'] }] }] };
  expect(moveEntry(menu, ['entries', 0, 'columns', 0, 'items'], 2, 0)).toEqual({
    entries: [{ heading: 'Tops', columns: [{ items: ['c', 'a', 'b'] }] }],
  });
  expect(menu.entries[0]?.columns[0]?.items).toEqual(['a', 'b', 'c']);
});

it('calls an entry by its name, heading or label, or else by its list and place', () => {
  expect(entryName('items', { name: 'Jeans', url: '/c/jeans' }, 0)).toBe('Jeans');
  expect(entryName('entries', { heading: 'Shoes' }, 1)).toBe('Shoes');
  expect(entryName('columns', { items: [] }, 1)).toBe('columns 2');
});
