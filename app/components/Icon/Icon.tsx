import * as css from "./Icon.css";
import { type IconName, iconSymbols } from "./icon-paths";

export type { IconName };

/**
 * Every icon's drawing, once per page (root puts it first in the body): each icon on the page is
 * a reference to its symbol, not a copy of its path (a products page drew the same edit and
 * delete icons 50 times over). About 2 KB, under 1 KB compressed. Only the server writes it
 * (import.meta.env.SSR: the browser's build leaves the drawings out); the browser keeps what the
 * server sent.
 */
export function IconSprite() {
  return (
    <svg
      className={css.sprite}
      aria-hidden="true"
      focusable="false"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant drawings
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? iconSymbols() : "" }}
    />
  );
}

/**
 * An icon; `size="parent"` leaves its size and look to its parent's style sheet (a list repeats
 * it: the sidebar's links), without a class and sizes of its own.
 */
export function Icon({
  name,
  size = 18,
  label,
}: {
  name: IconName;
  size?: number | "parent";
  label?: string;
}) {
  const sized = size !== "parent";
  return (
    <svg
      className={sized ? css.icon : undefined}
      width={sized ? size : undefined}
      height={sized ? size : undefined}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <use href={`#i-${name}`} />
    </svg>
  );
}
