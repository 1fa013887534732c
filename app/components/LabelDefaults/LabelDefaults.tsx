import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { SelectField } from "~/components/Field/Field";
import * as list from "~/components/ProductList/ProductList.css";
import { LABEL_LAYOUT_IDS, ROLL_DPI } from "~/models/label/label-layouts";
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
        <SelectField
          label={t("print.layout")}
          selectProps={{ id: "default-layout", name: "layout", defaultValue: defaults.layout }}
          options={LABEL_LAYOUT_IDS.map((id) => ({ value: id, label: t(`layouts.${id}`) }))}
        />
        <SelectField
          label={t("print.dpi")}
          selectProps={{ id: "default-dpi", name: "dpi", defaultValue: String(defaults.dpi) }}
          options={ROLL_DPI.map((dpi) => ({ value: String(dpi), label: `${dpi} dpi` }))}
        />
        <Button type="submit">{t("settings.save")}</Button>
      </Form>
    </Card>
  );
}
