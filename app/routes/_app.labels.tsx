import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { Field, SelectField } from "~/components/Field/Field";
import { LabelDefaultsCard } from "~/components/LabelDefaults/LabelDefaults";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as list from "~/components/ProductList/ProductList.css";
import { Code, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { isLanguage } from "~/i18n/config";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { withoutControlCharacters } from "~/models/clean-text";
import { LABEL_LAYOUT_IDS, ROLL_DPI } from "~/models/label/label-layouts";
import { countQueuedLabels, listQueuedLabels } from "~/models/label/label-queue.server";
import { labelDefaults } from "~/models/label/label-setting.server";
import { requireUser } from "~/web/auth.server";
import { useCan } from "~/web/use-can";

// /labels: the shelf labels out of date since their last print (issue #30), and the print form.
export const handle = { i18n: ["common", "labels"] };
export const meta = pageTitle("labels:title");

/** The queue's latest shown on the page; a print takes the whole queue. */
const SHOWN = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  // ?search= narrows the list to the products whose name or SKU holds it.
  // Cleaned of control characters (PostgreSQL refuses a NUL in text), as every list's search is.
  const typed = new URL(request.url).searchParams.get("search") ?? "";
  const search = withoutControlCharacters(typed).trim().slice(0, 200) || undefined;
  const [count, queued, defaults] = await Promise.all([
    countQueuedLabels(),
    listQueuedLabels({ limit: SHOWN, offset: 0, search }),
    labelDefaults(),
  ]);
  return { count, queued, defaults };
}

export default function LabelsPage() {
  const { t, i18n } = useTranslation("labels");
  const format = useFormat();
  const { count, queued, defaults } = useLoaderData<typeof loader>();
  const canConfigure = useCan("label:configure");
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />
      <Card title={t("print.title")}>
        {/* A plain form: the PDF downloads with or without JavaScript. */}
        <Form
          method="post"
          action="/labels/print"
          reloadDocument
          className={list.filters}
          style={{ border: "none", padding: 0 }}
        >
          <input type="hidden" name="queue" value="all" />
          <SelectField
            label={t("print.layout")}
            selectProps={{ id: "label-layout", name: "layout", defaultValue: defaults.layout }}
            options={LABEL_LAYOUT_IDS.map((id) => ({ value: id, label: t(`layouts.${id}`) }))}
          />
          <SelectField
            label={t("print.dpi")}
            selectProps={{ id: "label-dpi", name: "dpi", defaultValue: String(defaults.dpi) }}
            options={ROLL_DPI.map((dpi) => ({ value: String(dpi), label: `${dpi} dpi` }))}
          />
          <Field
            label={t("print.offset")}
            inputProps={{
              id: "label-offset",
              name: "offset",
              type: "number",
              min: 0,
              defaultValue: 0,
              inputMode: "numeric",
            }}
          />
          <SelectField
            label={t("print.language")}
            selectProps={{ id: "label-language", name: "language", defaultValue: language }}
            options={[
              { value: "fi", label: "Suomi" },
              { value: "en", label: "English" },
            ]}
          />
          <Button type="submit" disabled={count === 0}>
            {t("print.button")}
          </Button>
        </Form>
      </Card>
      {canConfigure ? <LabelDefaultsCard defaults={defaults} /> : null}
      <h2 style={{ margin: "24px 0 4px" }} data-testid="label-count">
        {t("count", { count })}
      </h2>
      {count > queued.length ? (
        <p className={table.muted}>{t("shown", { shown: queued.length, total: format.number(count) })}</p>
      ) : null}
      <DataTable
        label={t("queue")}
        rows={queued}
        rowKey={(row) => row.productId}
        rowProps={() => ({ "data-testid": "queued-label" })}
        empty={t("empty")}
        columns={[
          { key: "product", kind: "primary", label: t("product"), cell: (row) => row.name },
          { key: "sku", kind: "code", label: t("sku"), cell: (row) => <Code value={row.sku} /> },
          {
            key: "reasons",
            label: t("reasons"),
            cell: (row) => row.reasons.map((reason) => t(`reason.${reason}`)).join(", "),
          },
          {
            key: "queued",
            kind: "numeric",
            label: t("queued"),
            cell: (row) => format.dateTime(row.queuedAt),
          },
        ]}
      />
    </>
  );
}
