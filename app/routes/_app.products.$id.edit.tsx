import type { SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductForm } from "~/components/ProductForm/ProductForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { Toaster } from "~/components/Toaster/Toaster";
import { getProduct, updateProduct } from "~/models/product.server";
import { productSchema } from "~/models/product-schema";
import { vatRateKey } from "~/models/vat";
import { requireUser } from "~/utils/auth.server";
import { parseForm, readForm, refusedReply } from "~/utils/form.server";
import { recordNotFound } from "~/utils/not-found.server";
import { idParam } from "~/utils/params";
import { checkFieldsToast, productStoredChecks, refusalReply } from "~/utils/product-form.server";
import type { Toast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";
import type { loader as productsLoader } from "./_app.products";

export const handle = { i18n: ["common", "products"] };

type ActionData = { result: SubmissionResult<string[]>; toast?: Toast };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "product:write" });
  const id = idParam(params.id);
  const product = id ? await getProduct(id) : null;
  if (!product) throw recordNotFound("product");
  return { product };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "product:write" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("product");
  const form = await readForm(request);
  const submission = parseForm(form, productSchema);
  const refused = await refusedReply(submission, form, productStoredChecks(id));
  if (refused || submission.status !== "success") {
    return data<ActionData>({ result: refused ?? submission.reply(), toast: checkFieldsToast }, 400);
  }
  const result = await updateProduct(id, submission.value, user.id);
  if (!result.ok) {
    const refused = refusalReply(submission.reply, result.reason);
    return data<ActionData>({ result: refused.result, toast: refused.toast }, refused.status);
  }
  return redirectWithToast(`/products${new URL(request.url).search}`, {
    type: "success",
    title: "toast.success",
    description: "products:toast.updated",
  });
}

export default function EditProduct() {
  const { t } = useTranslation("products");
  const { product } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const list = useRouteLoaderData<typeof productsLoader>("routes/_app.products");
  const location = useLocation();
  const closeTo = `/products${location.search}`;
  return (
    <RouteDialog title={t("form.editTitle")} description={product.name} closeTo={closeTo}>
      <Toaster toast={actionData?.toast ?? null} placement="inline" />
      <ProductForm
        id={`product-edit-${product.id}-${product.version}`}
        lastResult={actionData?.result}
        categories={list?.categories ?? []}
        cancelTo={closeTo}
        submitLabel={t("form.save")}
        defaultValue={{
          name: product.name,
          sku: product.sku,
          brand: product.brand,
          categoryId: product.categoryId ? String(product.categoryId) : "",
          purchasePrice: product.purchasePrice,
          sellingPrice: product.sellingPrice,
          vatInclusive: String(product.vatInclusive),
          vatRate: vatRateKey(product.vatRate),
          stockLevel: String(product.stockLevel),
          supplier: product.supplier,
          ean: product.ean ?? "",
          barcode: product.barcode ?? "",
          imageUrl: product.imageUrl ?? "",
          status: product.status,
          version: String(product.version),
        }}
      />
    </RouteDialog>
  );
}
