import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as detail from "~/components/ProductList/ProductDetail.css";
import { BatchList } from "~/components/Repricing/BatchList";
import { RepriceForm } from "~/components/Repricing/RepriceForm";
import { pageTitle } from "~/i18n/page-title";
import { listCampaigns } from "~/models/campaign/campaign.server";
import { categoryOptions } from "~/models/category/category.server";
import { listPriceBatches } from "~/models/price-batch/price-batch.server";
import { repriceSchema } from "~/models/price-batch/price-batch-schema";
import { supplierOptions } from "~/models/supplier/supplier.server";
import { requireUser } from "~/web/auth.server";
import { formConstraint, readForm } from "~/web/form.server";
import { previewForm, type RepriceActionData } from "~/web/price-batch/price-batch-form.server";
import { getScanned } from "~/web/scanner.server";

// /products/reprice: a new price batch (opened from /products with its filters), and the latest.
export const handle = { i18n: ["common", "repricing", "products"] };

/** The /products filters the form starts from (the list's address bar names them so). */
const FROM_LIST = {
  search: "search",
  category: "categoryId",
  supplierId: "supplierId",
  status: "status",
  brand: "brand",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "price:bulk" });
  const params = new URL(request.url).searchParams;
  const defaults: Record<string, string> = { scope: "filters", rule: "percent", value: "", rounding: "none" };
  for (const [param, field] of Object.entries(FROM_LIST))
    defaults[field] = params.get(param)?.slice(0, 200) ?? "";
  const [categories, suppliers, campaigns, batches, scanned] = await Promise.all([
    categoryOptions(),
    supplierOptions(),
    listCampaigns(),
    listPriceBatches(),
    getScanned(request),
  ]);
  return {
    defaults,
    categories,
    suppliers,
    campaigns: campaigns.map((campaign) => ({ id: campaign.id, name: campaign.name })),
    batches,
    scannedCount: scanned.length,
    constraint: formConstraint(repriceSchema),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "price:bulk" });
  return previewForm(request, await readForm(request), user.id);
}

export default function RepricePage() {
  const { t } = useTranslation("repricing");
  const { defaults, categories, suppliers, campaigns, batches, scannedCount, constraint } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<RepriceActionData>();
  return (
    <>
      <Link to="/products" className={detail.back}>
        ← {t("back")}
      </Link>
      <PageHeader title={t("title")} lead={t("lead")} />
      <RepriceForm
        constraint={constraint}
        defaults={defaults}
        categories={categories}
        suppliers={suppliers}
        campaigns={campaigns}
        scannedCount={scannedCount}
        lastResult={actionData?.result}
        refusedProduct={actionData?.product}
      />
      <BatchList batches={batches} />
    </>
  );
}

export const meta = pageTitle("repricing:title");
