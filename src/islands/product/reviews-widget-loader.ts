/** The configured reviews widget's script (docs/decisions.md "Reviews"), added once; the embedded reviews need none. */
export function loadReviewsWidget(): void {
  const widget = document.querySelector<HTMLElement>('[data-reviews-widget]');
  const src = widget?.dataset['script'];
  if (!src || document.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.body.append(script);
}
