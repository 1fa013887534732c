import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { LayoutFields } from "~/components/LabelPrint/LabelPrintForm";
import * as list from "~/components/ProductList/ProductList.css";
import type { LabelDefaults } from "~/models/label/label-setting-schema";
import * as s from "./LabelDefaults.css";

/**
 * The shop's default shelf-label layout (admins and managers: the page shows it only to them), a
 * plain form posted to /labels/settings, which goes back to /labels with a toast. A whole page
 * load (`reloadDocument`), so that the print form's fields start again from the new default.
 */
export function LabelDefaultsCard({ defaults }: { defaults: LabelDefaults }) {
  const { t } = useTranslation("labels");
  return (
    <Card title={t("settings.title")} className={s.card}>
      <p className={s.lead}>{t("settings.lead")}</p>
      <Form
        method="post"
        action="/labels/settings"
        reloadDocument
        className={list.filters}
        style={{ border: "none", padding: 0, marginBottom: 0 }}
        data-testid="label-defaults"
      >
        <LayoutFields idPrefix="default" defaults={defaults} />
        <Button type="submit">{t("settings.save")}</Button>
      </Form>
    </Card>
  );
}
