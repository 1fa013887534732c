import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDelete } from "~/components/ConfirmDelete/ConfirmDelete";
import { getProduct } from "~/models/product/product-reads.server";
import { deleteProduct } from "~/models/product/product-writes.server";
import { requireUser } from "~/web/auth.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

export const handle = { i18n: ["common", "products", "stock"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "product:delete" });
  const id = idParam(params.id);
  const product = id ? await getProduct(id) : null;
  if (!product) throw recordNotFound("product");
  return { product: { id: product.id, name: product.name, sku: product.sku } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "product:delete" });
  const id = idParam(params.id);
  const back = `/products${new URL(request.url).search}`;
  const result = id ? await deleteProduct(id) : ({ ok: false, reason: "notFound" } as const);
  if (result.ok) {
    return redirectWithToast(back, {
      type: "success",
      title: "toast.success",
      description: "products:toast.deleted",
    });
  }
  return redirectWithToast(back, {
    type: "error",
    title: "products:toast.deleteFailed",
    description: {
      inUse: "products:errors.inUse",
      hasMovements: "stock:errors.deleteHasMovements",
      notFound: "products:errors.notFound",
    }[result.reason],
  });
}

export default function DeleteProduct() {
  const { t } = useTranslation("products");
  const { product } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <ConfirmDelete
      title={t("delete.title")}
      question={t("delete.question")}
      subject={
        <>
          <strong>{product.name}</strong> <code>{product.sku}</code>
        </>
      }
      closeTo={`/products${location.search}`}
    />
  );
}
