import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/Card/Card";
import { LabelDefaultsCard } from "~/components/LabelDefaults/LabelDefaults";
import { LabelPrintForm } from "~/components/LabelPrint/LabelPrintForm";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Code, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { withoutControlCharacters } from "~/models/clean-text";
import { countQueuedLabels, listQueuedLabels } from "~/models/label/label-queue.server";
import { labelDefaults } from "~/models/label/label-setting.server";
import { labelSourceFields } from "~/models/label/label-source";
import { requireUser } from "~/web/auth.server";
import { useCan } from "~/web/use-can";

// /labels: the shelf labels out of date since their last print (issue #30), and the print form.
export const handle = { i18n: ["common", "labels"] };
export const meta = pageTitle("labels:title");

/** The queue's latest shown on the page; a print takes the whole queue. */
const SHOWN = 100;
const QUEUE_FIELDS = labelSourceFields({ from: "queue" });

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
  const { t } = useTranslation("labels");
  const format = useFormat();
  const { count, queued, defaults } = useLoaderData<typeof loader>();
  const canConfigure = useCan("label:configure");
  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />
      <Card title={t("print.title")}>
        <LabelPrintForm
          fields={QUEUE_FIELDS}
          button={t("print.button")}
          defaults={defaults}
          disabled={count === 0}
        />
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
