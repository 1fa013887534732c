import { Link, useNavigate } from "@remix-run/react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/utils/use-hydrated";
import * as card from "../Card/Card.css";
import { Icon } from "../Icon/Icon";
import * as s from "./RouteDialog.css";

type Props = { title: ReactNode; description?: ReactNode; closeTo: string; children: ReactNode };

/**
 * A dialog that is a route (/products/new, /products/1/edit ...). Radix portals render nothing on
 * the server, so until React has hydrated (or without JavaScript) the content is rendered inline
 * in the page; closing is a link back to `closeTo` either way.
 */
export function RouteDialog({ title, description, closeTo, children }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const closeLink = (
    <Link to={closeTo} className={s.close} aria-label={t("actions.close")} preventScrollReset>
      <Icon name="close" />
    </Link>
  );

  if (!hydrated) {
    return (
      <section className={`${card.card} ${s.inline}`} aria-labelledby="route-dialog-title">
        <div className={s.header}>
          <h2 id="route-dialog-title" className={s.title}>
            {title}
          </h2>
          {closeLink}
        </div>
        {description ? <p className={s.description}>{description}</p> : null}
        {children}
      </section>
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && navigate(closeTo, { preventScrollReset: true })}>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={s.content} aria-describedby={undefined}>
          <div className={s.header}>
            <Dialog.Title className={s.title}>{title}</Dialog.Title>
            <Dialog.Close asChild>{closeLink}</Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className={s.description}>{description}</Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
