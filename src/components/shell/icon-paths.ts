// Stroke icons of the shop, drawn once per page as symbols of one inline sprite (IconSprite.astro)
// and referenced by <use>: the same icon repeated costs one short element, not its path again.
export const PATHS = {
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm10 17-5-5',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0',
  heart: 'M12 20s-7-4.4-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.6-9 9-9 9z',
  cart: 'M3 4h2l2.4 11h10.2L20 8H6.2M9 20a1 1 0 1 0 0-.1M17 20a1 1 0 1 0 0-.1',
  home: 'M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  chevron: 'm9 6 6 6-6 6',
  down: 'm6 9 6 6 6-6',
  left: 'm15 6-6 6 6 6',
  globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  mail: 'M3 6h18v12H3zm0 0 9 7 9-7',
  pin: 'M12 21s7-6 7-12a7 7 0 0 0-14 0c0 6 7 12 7 12zm0-9a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  chat: 'M4 20l1.5-4A8 8 0 1 1 9 19.5z',
  tag: 'M3 12V4h8l10 10-8 8zM7.5 7.5h.01',
  grid: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 8v5m0-8h.01',
  dollar: 'M12 3v18M16 7a4 3 0 0 0-4-2c-2.2 0-4 1.2-4 3s1.8 2.6 4 3 4 1.2 4 3-1.8 3-4 3a4 3 0 0 1-4-2',
  bag: 'M5 8h14l-1 12H6zm4 0V6a3 3 0 0 1 6 0v2',
  instagram: 'M4 4h16v16H4zm8 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5-1.5h.01',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z',
  youtube: 'M3 7.5C3 6 4 5 5.5 5h13C20 5 21 6 21 7.5v9c0 1.5-1 2.5-2.5 2.5h-13C4 19 3 18 3 16.5zM10 9v6l5-3z',
} as const;
export type IconName = keyof typeof PATHS;

/** The favourites heart (cards, product page, header): filled or outlined by the caller's CSS. */
export const HEART_PATH =
  'M12 21s-7.5-4.6-10-9.3C.3 8.4 2.2 4.5 6 4.1c2.1-.2 3.9 1 6 3.1 2.1-2.1 3.9-3.3 6-3.1 3.8.4 5.7 4.3 4 7.6C19.5 16.4 12 21 12 21Z';
