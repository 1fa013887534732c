import { Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import * as s from "./FormFooter.css";

/** Cancel (a link back) and submit, which says "Saving..." and is disabled while the form posts. */
export function FormFooter({ cancelTo, submitLabel }: { cancelTo: string; submitLabel: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className={s.footer}>
      <Link to={cancelTo} className={buttonClass("secondary")} preventScrollReset>
        {t("actions.cancel")}
      </Link>
      <Button type="submit" disabled={pending}>
        {pending ? t("actions.saving") : submitLabel}
      </Button>
    </div>
  );
}
