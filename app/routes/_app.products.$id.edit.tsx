import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { BelowCostConfirm } from "~/components/BelowCost/BelowCostConfirm";
import { ProductForm } from "~/components/ProductForm/ProductForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { Toaster } from "~/components/Toaster/Toaster";
import { getProduct } from "~/models/product/product-reads.server";
import { productSchema } from "~/models/product/product-schema";
import { defaultLocationName } from "~/models/stock/product-place.server";
import { vatRateKey } from "~/models/vat";
import { requireUser } from "~/web/auth.server";
import { formConstraint } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { type ProductActionData, saveProductForm } from "~/web/product/product-form.server";

/**
 * What this dialog reads of its parent route's loader (the products list): the form's categories
 * and suppliers. Named by shape, since no module imports a route.
 */
type ProductListChoices = Pick<ComponentProps<typeof ProductForm>, "categories" | "suppliers">;

export const handle = { i18n: ["common", "products", "stock", "prices"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "product:write" });
  const id = idParam(params.id);
  const product = id ? await getProduct(id) : null;
  if (!product) throw recordNotFound("product");
  // The shelf field is the shelf at the default location (issue #32).
  return { product, constraint: formConstraint(productSchema), shelfAt: await defaultLocationName() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "product:write" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("product");
  return saveProductForm(request, user, id);
}

export default function EditProduct() {
  const { t } = useTranslation("products");
  const { product, constraint, shelfAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<ProductActionData>();
  const list = useRouteLoaderData<ProductListChoices>("routes/_app.products");
  const location = useLocation();
  const closeTo = `/products${location.search}`;
  return (
    <RouteDialog title={t("form.editTitle")} description={product.name} closeTo={closeTo}>
      <Toaster toast={actionData?.toast ?? null} placement="inline" />
      <ProductForm
        constraint={constraint}
        id={`product-edit-${product.id}-${product.version}`}
        lastResult={actionData?.result}
        categories={list?.categories ?? []}
        suppliers={list?.suppliers ?? []}
        cancelTo={closeTo}
        submitLabel={t("form.save")}
        stockReasons
        shelfAt={shelfAt}
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
          stockReason: "adjustment",
          supplier: product.supplier,
          reorderPoint: product.reorderPoint === null ? "" : String(product.reorderPoint),
          reorderQuantity: product.reorderQuantity === null ? "" : String(product.reorderQuantity),
          ean: product.ean ?? "",
          barcode: product.barcode ?? "",
          location: product.location ?? "",
          unit: product.unit ?? "",
          netQuantity: product.netQuantity ?? "",
          tracking: product.tracking,
          guaranteeMonths: product.guaranteeMonths === null ? "" : String(product.guaranteeMonths),
          imageUrl: product.imageUrl ?? "",
          status: product.status,
          version: String(product.version),
        }}
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
