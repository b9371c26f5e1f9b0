/**
 * The one width where the phone layout ends and the wide one begins: the header switches to the hamburger, the
 * gallery to full width, the forms to one column. Change it here and everything follows: scripts build their media
 * queries from it, and the CSS names them as custom media, `@media (--phone)` and `@media (--wide)`, which the build
 * expands from CUSTOM_MEDIA (src/integrations/custom-media.ts).
 */
export const PHONE_MAX_WIDTH = 760;

export const PHONE_MEDIA = `(max-width: ${PHONE_MAX_WIDTH}px)`;
export const WIDE_MEDIA = `(min-width: ${PHONE_MAX_WIDTH + 1}px)`;

export const CUSTOM_MEDIA: Readonly<Record<string, string>> = { '--phone': PHONE_MEDIA, '--wide': WIDE_MEDIA };

/** A media query with its custom media names replaced by what they stand for; an unknown name stops the build. */
export function expandCustomMedia(query: string): string {
  return query.replace(/\(\s*(--[\w-]+)\s*\)/g, (_, name: string) => {
    const media = CUSTOM_MEDIA[name];
    if (!media) throw new Error(`Unknown custom media ${name}: the names are ${Object.keys(CUSTOM_MEDIA).join(', ')} (src/lib/breakpoints.ts)`);
    return media;
  });
}
