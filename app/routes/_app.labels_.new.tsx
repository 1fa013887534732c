import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Card } from "~/components/Card/Card";
import * as field from "~/components/Field/Field.css";
import { LabelPrintForm } from "~/components/LabelPrint/LabelPrintForm";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as detail from "~/components/ProductList/ProductDetail.css";
import { Code, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { SHOP_TIME_ZONE } from "~/i18n/shop-time-zone";
import { useFormat } from "~/i18n/use-format";
import { getCampaign } from "~/models/campaign/campaign.server";
import { todayIn } from "~/models/campaign/campaign-status";
import { MAX_LABELS_PER_PRINT } from "~/models/label/label-layouts";
import { type PreviewedLabel, previewLabels } from "~/models/label/label-print.server";
import { labelDefaults } from "~/models/label/label-setting.server";
import { type LabelSource, labelSourceFields, labelSourcePage } from "~/models/label/label-source";
import { getPurchaseOrder } from "~/models/purchase-order/purchase-order.server";
import { requireUser } from "~/web/auth.server";
import { labelSelectionOf, readLabelSource } from "~/web/label/label-source.server";
import { recordNotFound } from "~/web/not-found.server";
import { redirectWithToast } from "~/web/toast.server";

// /labels/new?from=...: what a print of shelf labels would print (issue #30), before it is printed:
// how many labels, the first of them with the prices they show, those without a barcode and why,
// and the print form, whose hidden fields name the same products (label-source.ts).
export const handle = { i18n: ["common", "labels"] };
export const meta = pageTitle("labels:preview.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const source = readLabelSource(new URL(request.url).searchParams);
  if (!source) {
    throw await redirectWithToast("/labels", {
      type: "error",
      title: "toast.error",
      description: "labels.refusal.noLabels",
    });
  }
  const [about, preview, defaults] = await Promise.all([
    sourceAbout(source),
    previewLabels(await labelSelectionOf(request, source)),
    labelDefaults(),
  ]);
  return {
    source,
    about,
    preview,
    defaults,
    today: todayIn(SHOP_TIME_ZONE),
    fields: labelSourceFields(source),
    back: labelSourcePage(source),
  };
}

/** What the page's lead names: the campaign and its days, or the purchase order's number. */
async function sourceAbout(source: LabelSource) {
  if (source.from === "campaign") {
    const campaign = await getCampaign(source.id);
    if (!campaign) throw recordNotFound("campaign");
    return { name: campaign.name, startDate: campaign.startDate, endDate: campaign.endDate };
  }
  if (source.from === "purchase-order") {
    const order = await getPurchaseOrder(source.id);
    if (!order) throw recordNotFound("purchaseOrder");
    return { name: order.number };
  }
  return null;
}

export default function LabelPreviewPage() {
  const { t } = useTranslation("labels");
  const format = useFormat();
  const { source, about, preview, defaults, today, fields, back } = useLoaderData<typeof loader>();
  const day = (value: string) => format.date(`${value}T12:00:00`);
  const lead =
    source.from === "campaign"
      ? t(`preview.from.campaign.${source.moment}`, { name: about?.name ?? "", day: day(preview.day) })
      : t(`preview.from.${source.from}`, { name: about?.name ?? "" });
  const count = preview.tooMany
    ? t("preview.tooMany", { max: format.number(MAX_LABELS_PER_PRINT) })
    : t("preview.count", { count: preview.count, formatted: format.number(preview.count) });
  return (
    <>
      <Link to={back} className={detail.back}>
        ← {t("preview.back")}
      </Link>
      <PageHeader title={t("preview.title")} lead={lead} />
      <Card title={t("print.title")}>
        <p data-testid="label-preview-count">
          <strong>{count}</strong>
          {preview.day !== today ? ` · ${t("preview.pricesOn", { day: day(preview.day) })}` : null}
        </p>
        {preview.count === 0 ? (
          <p role="status" className={table.muted}>
            {t("preview.none")}
          </p>
        ) : null}
        {preview.tooMany ? (
          <p role="alert" className={field.errors}>
            {t("common:labels.refusal.tooManyLabels")}
          </p>
        ) : null}
        <LabelPrintForm
          fields={fields}
          button={t("preview.print", { count: preview.count })}
          defaults={defaults}
          disabled={preview.count === 0 || preview.tooMany}
        />
      </Card>
      {preview.withoutBarcodeCount > 0 ? (
        <>
          <h2 style={{ margin: "24px 0 4px" }} data-testid="label-preview-without-barcode">
            {t("preview.withoutBarcode", { count: preview.withoutBarcodeCount })}
          </h2>
          <Listed shown={preview.withoutBarcode.length} total={preview.withoutBarcodeCount} />
          <DataTable
            label={t("preview.withoutBarcodeTable")}
            rows={preview.withoutBarcode}
            rowKey={(label) => label.productId}
            rowProps={() => ({ "data-testid": "label-without-barcode" })}
            columns={[
              { key: "product", kind: "primary", label: t("product"), cell: (label) => label.name },
              { key: "sku", kind: "code", label: t("sku"), cell: (label) => <Code value={label.sku} /> },
              { key: "why", label: t("reasons"), cell: (label) => <WhyNoBarcode label={label} /> },
            ]}
          />
        </>
      ) : null}
      <h2 style={{ margin: "24px 0 4px" }}>{t("preview.labels")}</h2>
      <Listed shown={preview.labels.length} total={preview.count} />
      <DataTable
        label={t("preview.labels")}
        rows={preview.labels}
        rowKey={(label) => label.productId}
        rowProps={() => ({ "data-testid": "label-preview-row" })}
        empty={t("preview.none")}
        columns={[
          { key: "product", kind: "primary", label: t("product"), cell: (label) => label.name },
          { key: "sku", kind: "code", label: t("sku"), cell: (label) => <Code value={label.sku} /> },
          {
            key: "campaign",
            kind: "badge",
            label: t("preview.campaign"),
            cell: (label) =>
              label.reduced ? (
                <Badge tone="warning" bare>
                  {t("preview.campaignPrice")}
                </Badge>
              ) : null,
          },
          {
            key: "price",
            kind: "numeric",
            label: t("preview.price"),
            cell: (label) => format.money(label.price),
          },
          {
            key: "prior",
            kind: "numeric",
            label: t("preview.priorPrice"),
            cell: (label) => (label.reduced && label.priorPrice ? format.money(label.priorPrice) : "–"),
          },
          {
            key: "barcode",
            kind: "badge",
            label: t("preview.barcode"),
            cell: (label) => (label.barcode ? t(`preview.kinds.${label.barcode}`) : t("preview.noBarcode")),
          },
        ]}
      />
    </>
  );
}

/** "The first 100 of 240", when a list shows fewer than there are. */
function Listed({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation("labels");
  const format = useFormat();
  if (total <= shown) return null;
  return (
    <p className={table.muted}>
      {t("preview.listed", { shown: format.number(shown), total: format.number(total) })}
    </p>
  );
}

/** Why a label prints without its barcode: no code, or a SKU too long for some layouts. */
function WhyNoBarcode({ label }: { label: PreviewedLabel }) {
  const { t } = useTranslation("labels");
  if (label.barcode === null) return <>{t("preview.noCode")}</>;
  return (
    <>{t("preview.tooLong", { layouts: label.tooLongFor.map((id) => t(`layouts.${id}`)).join(", ") })}</>
  );
}
