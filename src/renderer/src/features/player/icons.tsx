/** The player's glyphs, drawn in the text colour so both themes and the disabled state need nothing more. */
const paths = {
  play: 'M5 3.5v9l8-4.5z',
  pause: 'M4.5 3h2.5v10H4.5zM9 3h2.5v10H9z',
  first: 'M3 3h1.8v10H3zM13 3.5v9L6 8z',
  last: 'M11.2 3H13v10h-1.8zM3 3.5v9L10 8z',
  prev: 'M11 3.5v9L4 8z',
  next: 'M5 3.5v9L12 8z',
  loop: 'M4 6.5A4 4 0 0 1 11.5 5H9.5V6.5H14V2h-1.5v1.8A5.5 5.5 0 0 0 2.5 6.5zM12 9.5A4 4 0 0 1 4.5 11h2V9.5H2V14h1.5v-1.8a5.5 5.5 0 0 0 10-2.7z',
  sound: 'M2 6h2.5L8 3v10L4.5 10H2zM10 5.2a3.5 3.5 0 0 1 0 5.6l-.9-1.1a2 2 0 0 0 0-3.4zM11.6 3a6 6 0 0 1 0 10l-.9-1.2a4.5 4.5 0 0 0 0-7.6z',
  muted: 'M2 6h2.5L8 3v10L4.5 10H2zM10 6l1-1 1.5 1.5L14 5l1 1-1.5 1.5L15 9l-1 1-1.5-1.5L11 10l-1-1 1.5-1.5z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="player-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}
