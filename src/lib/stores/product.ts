import { atom } from 'nanostores';

/**
 * Product page state shared by the purchase area and the gallery (separate islands): the chosen colour, and the
 * colour under the pointer or focus, which temporarily swaps the main image.
 */
export const $selectedColor = atom<string | undefined>(undefined);
export const $previewColor = atom<string | undefined>(undefined);
