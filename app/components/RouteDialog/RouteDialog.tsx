import { Link, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import * as card from "~/components/Card/Card.css";
import { Icon } from "~/components/Icon/Icon";
import { useHydrated } from "~/web/use-hydrated";
import * as s from "./RouteDialog.css";

type Props = { title: ReactNode; description?: ReactNode; closeTo: string; children: ReactNode };

const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

const FOCUSABLE = "input:not([type=hidden]), select, textarea, button, [tabindex]:not([tabindex='-1'])";

/**
 * A dialog that is a route (/products/new, /products/1/edit ...). The server renders it where it
 * stands in the page (no portal: a portal renders nothing on the server), so without JavaScript it
 * is an inline card; when the script takes over, the same elements are hydrated in place and only
 * their look changes to a modal. The form a user started typing into before that stays the form
 * they fill. Closing is a link back to `closeTo` either way.
 *
 * As a modal it does what a dialog library would, in a few lines: the rest of the page is inert
 * (nothing outside can be focused or clicked), Escape and a click on the backdrop close it, the
 * page behind does not scroll, and focus moves in (to whoever is typing already, to the element
 * marked data-autofocus, or to the first field) and back to where it was when the dialog closes.
 * When the server's inline card turns into the modal, an empty block of its height stays in its
 * place, so that the page under the backdrop does not move.
 */
export function RouteDialog({ title, description, closeTo, children }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const content = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [reserved, setReserved] = useState<number | null>(null);
  const close = useRef(() => {});
  close.current = () => navigate(closeTo, { preventScrollReset: true });

  // Only the server's HTML is ever inline in the browser (hydration); measure it before it moves.
  useBrowserLayoutEffect(() => {
    const dialog = content.current;
    if (hydrated || !dialog) return;
    const style = getComputedStyle(dialog);
    setReserved(
      dialog.offsetHeight + Number.parseFloat(style.marginTop) + Number.parseFloat(style.marginBottom),
    );
  }, [hydrated]);

  useEffect(() => {
    const dialog = content.current;
    if (!hydrated || !dialog) return;
    const previous = document.activeElement;
    if (!dialog.contains(previous)) {
      const target =
        dialog.querySelector<HTMLElement>("[data-autofocus]") ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
      if (target instanceof HTMLInputElement) target.select();
    }

    // Everything beside the dialog and its ancestors, up to <body>, becomes inert.
    const inert: Element[] = [];
    for (
      let node: Element = dialog;
      node.parentElement && node !== document.body;
      node = node.parentElement
    ) {
      for (const sibling of node.parentElement.children) {
        if (sibling === node || sibling.hasAttribute("inert") || sibling.hasAttribute("data-dialog-backdrop"))
          continue;
        sibling.setAttribute("inert", "");
        inert.push(sibling);
      }
    }

    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      close.current();
    };
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.hasAttribute("data-dialog-backdrop"))
        close.current();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);

    // No scrolling behind the dialog; the scroll bar's width is kept, so the page does not move.
    const html = document.documentElement;
    const scrollBar = window.innerWidth - html.clientWidth;
    const before = { overflow: html.style.overflow, paddingRight: document.body.style.paddingRight };
    html.style.overflow = "hidden";
    if (scrollBar > 0) document.body.style.paddingRight = `${scrollBar}px`;

    return () => {
      for (const node of inert) node.removeAttribute("inert");
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
      html.style.overflow = before.overflow;
      document.body.style.paddingRight = before.paddingRight;
      if (previous instanceof HTMLElement && previous.isConnected && !dialog.contains(previous)) {
        previous.focus({ preventScroll: true });
      }
    };
  }, [hydrated]);

  return (
    <>
      {hydrated && reserved ? <div aria-hidden style={{ height: reserved }} /> : null}
      {hydrated ? <div className={s.overlay} data-dialog-backdrop /> : null}
      <div
        ref={content}
        role="dialog"
        aria-modal={hydrated ? true : undefined}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-mode={hydrated ? "modal" : "inline"}
        className={hydrated ? s.content : `${card.card} ${s.inline}`}
      >
        <div className={s.header}>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          <Link to={closeTo} className={s.close} aria-label={t("actions.close")} preventScrollReset>
            <Icon name="close" />
          </Link>
        </div>
        {description ? (
          <p id={descriptionId} className={s.description}>
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </>
  );
}
