import { Link, useNavigate } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import * as card from "~/components/Card/Card.css";
import { Icon } from "~/components/Icon/Icon";
import { useHydrated } from "~/utils/use-hydrated";
import * as s from "./RouteDialog.css";

type Props = { title: ReactNode; description?: ReactNode; closeTo: string; children: ReactNode };

/**
 * A dialog that is a route (/products/new, /products/1/edit ...). The server renders it where it
 * stands in the page (no portal: a portal renders nothing on the server), so without JavaScript it
 * is an inline card; when the script takes over, the same elements are hydrated in place and only
 * their look changes to a modal. The form a user started typing into before that stays the form
 * they fill. Closing is a link back to `closeTo` either way.
 */
export function RouteDialog({ title, description, closeTo, children }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && navigate(closeTo, { preventScrollReset: true })}>
      {hydrated ? <Dialog.Overlay className={s.overlay} /> : null}
      <Dialog.Content
        ref={content}
        data-mode={hydrated ? "modal" : "inline"}
        className={hydrated ? s.content : `${card.card} ${s.inline}`}
        aria-describedby={undefined}
        // Someone already typing keeps their place; a dialog may name its safe choice
        // (data-autofocus: Cancel in a delete confirmation); otherwise the first field.
        onOpenAutoFocus={(event) => {
          if (content.current?.contains(document.activeElement)) return event.preventDefault();
          const preferred = content.current?.querySelector<HTMLElement>("[data-autofocus]");
          if (!preferred) return;
          event.preventDefault();
          preferred.focus();
        }}
      >
        <div className={s.header}>
          <Dialog.Title className={s.title}>{title}</Dialog.Title>
          <Dialog.Close asChild>
            <Link to={closeTo} className={s.close} aria-label={t("actions.close")} preventScrollReset>
              <Icon name="close" />
            </Link>
          </Dialog.Close>
        </div>
        {description ? (
          <Dialog.Description className={s.description}>{description}</Dialog.Description>
        ) : null}
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}
