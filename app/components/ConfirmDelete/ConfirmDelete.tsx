import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import * as s from "~/components/FormFooter/FormFooter.css";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";

/** The delete confirmation route's content: a dialog with JavaScript, a page section without. */
export function ConfirmDelete({
  title,
  question,
  subject,
  closeTo,
}: {
  title: string;
  question: string;
  subject: ReactNode;
  closeTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <p>{question}</p>
      <p>{subject}</p>
      <Form method="post" preventScrollReset>
        <div className={s.footer}>
          {/* Cancel has the focus: Enter alone must never delete. */}
          <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset data-autofocus>
            {t("actions.cancel")}
          </Link>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? t("actions.deleting") : t("actions.delete")}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  );
}
