// A small set of stroke icons drawn for this app (24 x 24 grid), so no icon library is needed.
export const PATHS = {
  dashboard: "M3 3h7v9H3zM14 3h7v5h-7zM14 12h7v9h-7zM3 16h7v5H3z",
  products: "M21 8l-9-5-9 5v8l9 5 9-5zM3 8l9 5 9-5M12 13v8",
  calculator: "M5 2h14v20H5zM8 6h8v4H8zM8 14h2M14 14h2M8 18h2M14 18h2",
  inventory: "M3 21V8l9-5 9 5v13M7 21v-8h10v8M7 17h10",
  campaigns: "M3 11v2l13 6V5L3 11zM16 8a4 4 0 0 1 0 8M6 13l1 6h3l-1-5",
  customers:
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a7 7 0 0 1 14 0v1M16 3a4 4 0 0 1 0 8M19 14a6 6 0 0 1 3 6v1",
  scanner: "M3 7V4h3M18 4h3v3M21 17v3h-3M6 20H3v-3M7 8v8M10 8v8M13 8v8M16 8v8",
  bell: "M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10 21a2 2 0 0 0 4 0",
  reports: "M14 2H6v20h12V6zM14 2v4h4M9 13h6M9 17h6M9 9h2",
  categories: "M3 6h6l2 2h10v12H3z",
  users: "M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6zM9 12l2 2 4-4",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5",
  logout: "M9 21H4V3h5M16 17l5-5-5-5M21 12H9",
  close: "M6 6l12 12M18 6L6 18",
  warning: "M12 3l10 18H2zM12 10v5M12 18v.5",
  info: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 11v6M12 7v.5",
  check: "M20 6L9 17l-5-5",
  globe:
    "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2c3 3 4 6 4 10s-1 7-4 10c-3-3-4-6-4-10s1-7 4-10z",
  chart: "M3 3v18h18M7 15l4-4 3 3 5-6",
  history: "M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3",
  zap: "M13 2L4 14h7l-1 8 9-12h-7z",
  pause: "M8 5v14M16 5v14",
  play: "M7 4l13 8-13 8z",
  edit: "M4 20h4L19 9l-4-4L4 16zM14 6l4 4",
  trash: "M4 7h16M9 7V4h6v3M6 7l1 14h10l1-14M10 11v6M14 11v6",
  quote: "M14 2H6v20h12V6zM14 2v4h4M9 12h6M9 16h4M15 16.5l1 1 2-2.5",
  cart: "M3 3h2l2.4 12h11.2L21 7H6.2M9 20a1 1 0 1 0 0-.01M18 20a1 1 0 1 0 0-.01",
  truck: "M2 5h12v11H2zM14 9h4l3 3v4h-7M6.5 18.5a1.5 1.5 0 1 0 0-.01M17.5 18.5a1.5 1.5 0 1 0 0-.01",
  factory: "M2 21V9l6 4V9l6 4V5h8v16zM6 17h2M11 17h2M16 17h2",
  tag: "M12.6 2.6A2 2 0 0 0 11.2 2H4a2 2 0 0 0-2 2v7.2a2 2 0 0 0 .6 1.4l8.7 8.7a2.4 2.4 0 0 0 3.4 0l6.6-6.6a2.4 2.4 0 0 0 0-3.4zM7.5 7h.01",
  undo: "M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-4",
  // Issue #32: locations.
  pin: "M12 22s7-6.5 7-12a7 7 0 0 0-14 0c0 5.5 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-.01",
  // Issue #32: transfers between locations (two arrows, one each way).
  transfer: "M4 8h14M14 4l4 4-4 4M20 16H6M10 12l-4 4 4 4",
} as const;

export type IconName = keyof typeof PATHS;

/** Every icon as a `<symbol>` of the page's sprite (markup, written by the server only). */
export function iconSymbols(): string {
  return Object.entries(PATHS)
    .map(([name, d]) => `<symbol id="i-${name}" viewBox="0 0 24 24"><path d="${d}"/></symbol>`)
    .join("");
}

/**
 * The icons a table's row actions draw from the style sheet (Table.css.ts), not with an element
 * on every row: the edit and delete links of a list.
 */
export const CSS_ICONS: readonly IconName[] = ["edit", "trash"];

/** An icon as a data: URL of its own SVG, for a style sheet's mask (strokes as iconLook draws them). */
export function iconDataUrl(name: IconName): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='${PATHS[name]}'/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}
