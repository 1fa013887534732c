import type { SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductForm } from "~/components/ProductForm/ProductForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { Toaster } from "~/components/Toaster/Toaster";
import { createProduct } from "~/models/product.server";
import { productSchema } from "~/models/product-schema";
import { requireUser } from "~/utils/auth.server";
import { parseForm, readForm, refusedReply } from "~/utils/form.server";
import { checkFieldsToast, productStoredChecks, refusalReply } from "~/utils/product-form.server";
import type { Toast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";
import type { loader as productsLoader } from "./_app.products";

export const handle = { i18n: ["common", "products"] };

type ActionData = { result: SubmissionResult<string[]>; toast?: Toast };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "product:write" });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "product:write" });
  const form = await readForm(request);
  const submission = parseForm(form, productSchema);
  const refused = await refusedReply(submission, form, productStoredChecks());
  if (refused || submission.status !== "success") {
    return data<ActionData>({ result: refused ?? submission.reply(), toast: checkFieldsToast }, 400);
  }
  const result = await createProduct(submission.value, user.id);
  if (!result.ok) {
    const refused = refusalReply(submission.reply, result.reason);
    return data<ActionData>({ result: refused.result, toast: refused.toast }, refused.status);
  }
  const search = new URL(request.url).search;
  return redirectWithToast(`/products${search}`, {
    type: "success",
    title: "toast.success",
    description: "products:toast.created",
  });
}

export default function NewProduct() {
  const { t } = useTranslation("products");
  const actionData = useActionData<ActionData>();
  const list = useRouteLoaderData<typeof productsLoader>("routes/_app.products");
  const location = useLocation();
  const closeTo = `/products${location.search}`;
  return (
    <RouteDialog title={t("form.addTitle")} closeTo={closeTo}>
      <Toaster toast={actionData?.toast ?? null} placement="inline" />
      <ProductForm
        id="product-new"
        lastResult={actionData?.result}
        categories={list?.categories ?? []}
        cancelTo={closeTo}
        submitLabel={t("form.create")}
      />
    </RouteDialog>
  );
}
