import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { BelowCostConfirm } from "~/components/BelowCost/BelowCostConfirm";
import { Button, buttonClass } from "~/components/Button/Button";
import { CampaignStatusBadge } from "~/components/CampaignForm/CampaignStatusBadge";
import { Card } from "~/components/Card/Card";
import { ErrorList, Field, SelectField } from "~/components/Field/Field";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as header from "~/components/PageHeader/PageHeader.css";
import * as claimStyle from "~/components/PriceClaim/PriceClaim.css";
import { MarginBadge } from "~/components/ProductBadges/ProductBadges";
import * as detail from "~/components/ProductList/ProductDetail.css";
import * as list from "~/components/ProductList/ProductList.css";
import { Code, DataTable, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import {
  addCampaignProduct,
  getCampaign,
  listCampaignProducts,
  removeCampaignProduct,
} from "~/models/campaign/campaign.server";
import { campaignProductSchema } from "~/models/campaign/campaign-schema";
import { labelPreviewHref } from "~/models/label/label-source";
import {
  BELOW_COST_REASON,
  type BelowCostAnswer,
  belowCostAnswer,
  isBelowCostRefusal,
} from "~/models/price/below-cost";
import { requireUser } from "~/web/auth.server";
import { parseForm, readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "campaigns", "products", "prices"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = idParam(params.id);
  const campaign = id ? await getCampaign(id) : null;
  if (!campaign) throw recordNotFound("campaign");
  return { campaign, products: await listCampaignProducts(campaign.id) };
}

/** What a refused add answers: its messages, the form as typed, and the guard's refusal. */
type AddAnswer = {
  errors: string[];
  typed: { sku: string; discountKind: string; discountValue: string; belowCostReason: string };
  belowCost?: BelowCostAnswer;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "campaign:write" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("campaign");
  const form = await readForm(request);
  const back = `/campaigns/${id}`;
  switch (form.get("intent")) {
    case "add-product": {
      const kind = form.get("discountKind") === "price" ? "discountPrice" : "discountPercent";
      const typed = {
        sku: String(form.get("sku") ?? ""),
        discountKind: kind === "discountPrice" ? "price" : "percent",
        discountValue: String(form.get("discountValue") ?? ""),
        belowCostReason: String(form.get(BELOW_COST_REASON) ?? ""),
      };
      const values = new FormData();
      values.set("sku", typed.sku);
      values.set(kind, typed.discountValue);
      values.set(BELOW_COST_REASON, typed.belowCostReason);
      const submission = parseForm(values, campaignProductSchema);
      if (submission.status !== "success")
        return data<AddAnswer>(
          {
            errors: Object.values(submission.error ?? {})
              .flat()
              .filter((e): e is string => e !== null),
            typed,
          },
          400,
        );
      const result = await addCampaignProduct(id, submission.value, user);
      if (!result.ok) {
        if (isBelowCostRefusal(result))
          return data<AddAnswer>({ errors: [], typed, belowCost: belowCostAnswer(result) }, 400);
        const key = result.reason === "campaignNotFound" ? "notFound" : result.reason;
        return data<AddAnswer>({ errors: [`campaigns:errors.${key}`], typed }, 400);
      }
      return redirectWithToast(back, {
        type: "success",
        title: "toast.success",
        description: "campaigns:toast.productAdded",
      });
    }
    case "remove-product": {
      const productId = idParam(String(form.get("productId") ?? ""));
      if (productId) await removeCampaignProduct(id, productId, user.id);
      return redirectWithToast(back, {
        type: "success",
        title: "toast.success",
        description: "campaigns:toast.productRemoved",
      });
    }
    default:
      throw data({ message: "Unknown intent" }, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.campaign.name ?? "Campaign"} · VoltStock` },
];

export default function CampaignPage() {
  const { t } = useTranslation("campaigns");
  const format = useFormat();
  const { campaign, products } = useLoaderData<typeof loader>();
  const actionData = useActionData<AddAnswer>();
  const typed = actionData?.typed;
  const canEdit = useCan("campaign:write");
  return (
    <>
      <Link to="/campaigns" className={detail.back}>
        ← {t("detail.back")}
      </Link>
      <PageHeader
        title={campaign.name}
        lead={
          <span className={detail.badges}>
            <CampaignStatusBadge status={campaign.status} />
            <span>
              {format.date(`${campaign.startDate}T12:00:00`)} – {format.date(`${campaign.endDate}T12:00:00`)}
            </span>
          </span>
        }
        actions={
          // Shelf labels of its products, to put up on its first day and to restore at its end (issue #30).
          products.length > 0 ? (
            <span className={header.actions}>
              <Link
                to={labelPreviewHref({ from: "campaign", id: campaign.id, moment: "start" })}
                className={buttonClass("secondary")}
              >
                {t("detail.labelsStart")}
              </Link>
              <Link
                to={labelPreviewHref({ from: "campaign", id: campaign.id, moment: "end" })}
                className={buttonClass("secondary")}
              >
                {t("detail.labelsEnd")}
              </Link>
            </span>
          ) : null
        }
      />
      {campaign.description ? <p>{campaign.description}</p> : null}
      {canEdit ? (
        <Card title={t("detail.addTitle")}>
          <Form
            method="post"
            className={list.filters}
            style={{ border: "none", padding: 0 }}
            preventScrollReset
          >
            <div className={`${list.filter} ${list.grow}`}>
              <Field
                label={t("detail.sku")}
                inputProps={{
                  id: "campaign-sku",
                  name: "sku",
                  required: true,
                  placeholder: t("detail.skuHint"),
                  defaultValue: typed?.sku,
                }}
              />
            </div>
            <SelectField
              label={t("detail.kind")}
              selectProps={{
                id: "campaign-kind",
                name: "discountKind",
                defaultValue: typed?.discountKind ?? "percent",
              }}
              options={[
                { value: "percent", label: t("detail.percent") },
                { value: "price", label: t("detail.price") },
              ]}
            />
            <Field
              label={t("detail.value")}
              inputProps={{
                id: "campaign-value",
                name: "discountValue",
                required: true,
                inputMode: "decimal",
                defaultValue: typed?.discountValue,
              }}
            />
            <BelowCostConfirm answer={actionData?.belowCost} reason={typed?.belowCostReason} />
            <Button type="submit" name="intent" value="add-product">
              {t("detail.add")}
            </Button>
          </Form>
          <ErrorList errors={actionData?.errors} />
        </Card>
      ) : null}
      <h2 style={{ margin: "24px 0 4px" }}>{t("detail.products")}</h2>
      <p className={table.muted}>{t("detail.simulation")}</p>
      <DataTable
        label={t("detail.products")}
        columns={[
          {
            key: "product",
            kind: "primary",
            label: t("detail.product"),
            cell: (p) => (
              <>
                <Link
                  to={`/products/${p.productId}`}
                  className={`${list.productName} ${table.clamp}`}
                  title={p.name}
                >
                  {p.name}
                </Link>
                <Code value={p.sku} />
              </>
            ),
          },
          {
            key: "original",
            kind: "numeric",
            label: t("detail.original"),
            cell: (p) => format.money(p.originalPrice),
          },
          {
            key: "price",
            kind: "numeric",
            label: t("detail.campaignPrice"),
            testId: "campaign-price",
            cell: (p) => format.money(p.discountPrice),
          },
          {
            key: "discount",
            kind: "numeric",
            label: t("detail.discount"),
            cell: (p) => format.percent(p.discountPercent),
          },
          {
            // What the price may claim (Consumer Protection Act ch. 2 s. 11): the lowest price of
            // the 30 days before the reduction and the legal reduction from it.
            key: "prior",
            kind: "numeric",
            label: t("prices:claim.column"),
            testId: "prior-price",
            cell: (p) =>
              p.priorPrice === null ? (
                "—"
              ) : (
                <span className={claimStyle.lines}>
                  <span title={t("prices:claim.lowest", { price: format.money(p.priorPrice) })}>
                    {format.money(p.frozenPriorPrice ?? p.priorPrice)}
                  </span>
                  {p.frozenPriorPrice !== null && p.frozenPriorPrice !== p.priorPrice ? (
                    <span title={t("prices:claim.printedWrongHelp")}>
                      <Badge tone="danger" testId="printed-wrong">
                        {t("prices:claim.printedWrong", {
                          printed: format.money(p.frozenPriorPrice),
                          now: format.money(p.priorPrice),
                        })}
                      </Badge>
                    </span>
                  ) : null}
                  {p.reductionPercent === null ? (
                    <span title={t("prices:claim.noReductionHelp")}>
                      <Badge tone="warning" testId="no-reduction">
                        {t("prices:claim.noReduction")}
                      </Badge>
                    </span>
                  ) : (
                    <span className={claimStyle.note}>
                      {t("prices:claim.reductionShort", { percent: p.reductionPercent })}
                    </span>
                  )}
                </span>
              ),
          },
          {
            key: "margin",
            kind: "badge",
            label: t("detail.margin"),
            cell: (p) => (
              <span className={list.stockCell}>
                <MarginBadge margin={p.margin} category={p.marginCategory} />
                {p.belowCost ? (
                  <Badge tone="danger" testId="below-cost">
                    {t("detail.belowCost")}
                  </Badge>
                ) : null}
              </span>
            ),
          },
          canEdit && {
            key: "actions",
            kind: "actions",
            label: t("table.actions"),
            cell: (p) => (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="productId" value={p.productId} />
                <RowButton
                  name="intent"
                  value="remove-product"
                  icon="trash"
                  tone="danger"
                  label={t("detail.remove")}
                  target={p.name}
                />
              </Form>
            ),
          },
        ]}
        rows={products}
        rowKey={(p) => p.productId}
        rowProps={() => ({ "data-testid": "campaign-product" })}
        empty={t("detail.empty")}
      />
    </>
  );
}
