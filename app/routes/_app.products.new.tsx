import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { BelowCostConfirm } from "~/components/BelowCost/BelowCostConfirm";
import { ProductForm } from "~/components/ProductForm/ProductForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { Toaster } from "~/components/Toaster/Toaster";
import { productSchema } from "~/models/product/product-schema";
import { defaultLocationName } from "~/models/stock/product-place.server";
import { requireUser } from "~/web/auth.server";
import { formConstraint } from "~/web/form.server";
import { type ProductActionData, saveProductForm } from "~/web/product/product-form.server";

/**
 * What this dialog reads of its parent route's loader (the products list): the form's categories
 * and suppliers. Named by shape, since no module imports a route.
 */
type ProductListChoices = Pick<ComponentProps<typeof ProductForm>, "categories" | "suppliers">;

export const handle = { i18n: ["common", "products", "prices"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "product:write" });
  // The shelf field is the shelf at the default location (issue #32).
  return { constraint: formConstraint(productSchema), shelfAt: await defaultLocationName() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "product:write" });
  return saveProductForm(request, user, null);
}

export default function NewProduct() {
  const { t } = useTranslation("products");
  const actionData = useActionData<ProductActionData>();
  const { constraint, shelfAt } = useLoaderData<typeof loader>();
  const list = useRouteLoaderData<ProductListChoices>("routes/_app.products");
  const location = useLocation();
  const closeTo = `/products${location.search}`;
  return (
    <RouteDialog title={t("form.addTitle")} closeTo={closeTo}>
      <Toaster toast={actionData?.toast ?? null} placement="inline" />
      <ProductForm
        id="product-new"
        constraint={constraint}
        lastResult={actionData?.result}
        categories={list?.categories ?? []}
        suppliers={list?.suppliers ?? []}
        cancelTo={closeTo}
        submitLabel={t("form.create")}
        shelfAt={shelfAt}
      >
        <BelowCostConfirm
          answer={actionData?.belowCost?.answer}
          reason={actionData?.belowCost?.reason}
          errors={actionData?.belowCost?.errors}
        />
      </ProductForm>
    </RouteDialog>
  );
}
