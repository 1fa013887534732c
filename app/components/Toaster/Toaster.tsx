import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import type { Toast } from "~/web/toast";
import * as s from "./Toaster.css";

const DURATION_MS = 5000;

/**
 * One toast at a time (spec section 9). It is in the server HTML, so it shows without JavaScript;
 * with JavaScript it closes after five seconds, on its button, or on Escape. F8 focuses it.
 */
export function Toaster({
  toast,
  placement = "corner",
}: {
  toast: Toast | null;
  /** corner: fixed at the window's corner; inline: where it is rendered (above a dialog's form). */
  placement?: "corner" | "inline";
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(toast);

  useEffect(() => setShown(toast), [toast]);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), DURATION_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") document.querySelector<HTMLElement>("[data-toast-region]")?.focus();
      if (event.key === "Escape") setShown(null);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("keydown", onKey);
    };
  }, [shown]);

  // Rendered only with a toast, so a page may show its own action's toast beside the root's flash.
  if (!shown) return null;
  return (
    <section
      data-toast-region
      className={s.region[placement]}
      aria-label={t("toast.notifications")}
      tabIndex={-1}
    >
      <div
        className={s.toast[shown.type]}
        role={shown.type === "error" ? "alert" : "status"}
        data-testid="toast"
        data-type={shown.type}
      >
        <Icon name={shown.type === "success" ? "check" : shown.type === "info" ? "info" : "warning"} />
        <div className={s.body}>
          <p className={s.title}>{t(shown.title, shown.values)}</p>
          {shown.description ? <p className={s.description}>{t(shown.description, shown.values)}</p> : null}
        </div>
        <Button variant="ghost" onClick={() => setShown(null)} aria-label={t("toast.close")}>
          <Icon name="close" size={16} />
        </Button>
      </div>
    </section>
  );
}
