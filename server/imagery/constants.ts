// Spec §9 figures this module depends on. server/domain/constants.ts is the shared home for constants the
// client also needs; these are kept here because that module did not export them when this was written.

/** Static map image by address (spec §7, §9): zoom 20, 600×400. */
export const MAP_IMAGE_ZOOM = 20;
export const MAP_IMAGE_SIZE = { width: 600, height: 400 } as const;

/** Address suggestions are requested from this many characters (spec §5, §9). */
export const AUTOCOMPLETE_MIN_CHARS = 3;
