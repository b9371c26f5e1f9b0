/**
 * Size charts the store holds (the content behind the Size Guide modal), by sizeChartId. Plain, accessible HTML
 * tables; measurements in inches. A Map, because the id comes from the request: a plain object would answer
 * `toString` or `__proto__` with what every object has.
 */
const table = (caption: string, head: string[], rows: (string | number)[][]) =>
  `<table><caption>${caption}</caption><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${c}</th>` : `<td>${c}</td>`)).join('')}</tr>`)
    .join('')}</tbody></table>`;

const SIZE_CHARTS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    'size-chart-top': table(
      'Tops (inches)',
      ['Size', 'Bust', 'Waist', 'Hip'],
      [
        ['XS', '31-32', '24-25', '34-35'],
        ['S', '33-34', '26-27', '36-37'],
        ['M', '35-36', '28-29', '38-39'],
        ['L', '37-39', '30-32', '40-42'],
        ['XL', '40-42', '33-35', '43-45'],
      ],
    ),
    'size-chart-dress': table(
      'Dresses (inches)',
      ['Size', 'Bust', 'Waist', 'Hip'],
      [
        [2, 33, 26, 36],
        [4, 34, 27, 37],
        [6, 35, 28, 38],
        [8, 36, 29, 39],
        [10, 37, 30, 40],
        [12, 38.5, 31.5, 41.5],
        [14, 40, 33, 43],
      ],
    ),
    'size-chart-bra': `${table(
      'Band size (inches under the bust)',
      ['Band', 'Measurement'],
      [
        [32, '27-29'],
        [34, '29-31'],
        [36, '31-33'],
        [38, '33-35'],
        [40, '35-37'],
      ],
    )}<p>Cup: measure around the fullest part of the bust and subtract the band: 1 inch is A, 2 B, 3 C, 4 D, 5 DD.</p>`,
    'size-chart-shoe': `${table(
      'Shoes',
      ['US size', 'Heel to toe (inches)'],
      [
        [6, 9.25],
        [6.5, 9.375],
        [7, 9.5],
        [7.5, 9.6875],
        [8, 9.875],
        [8.5, 10],
        [9, 10.1875],
        [9.5, 10.3125],
        [10, 10.5],
        [11, 10.8125],
      ],
    )}<p>Widths: M is medium (B), W is wide (D).</p>`,
    'size-chart-trouser': `${table(
      'Trousers (inches)',
      ['Size', 'Waist', 'Hip'],
      [
        [4, 27, 37],
        [6, 28, 38],
        [8, 29, 39],
        [10, 30, 40],
        [12, 31.5, 41.5],
        [14, 33, 43],
      ],
    )}<p>Petite (P) sizes are cut for 5'3" and under, Tall (T) for 5'8" and over. Hemming offers inseams per fit: Misses 27-30", Petite 25-27", Tall 32-35".</p>`,
  }),
);

export function sizeChartHtml(id: string): string | null {
  return SIZE_CHARTS.get(id) ?? null;
}
