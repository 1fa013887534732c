import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDelete } from "~/components/ConfirmDelete/ConfirmDelete";
import { deleteSupplier, getSupplier } from "~/models/supplier/supplier.server";
import { requireUser } from "~/web/auth.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

export const handle = { i18n: ["common", "suppliers"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "supplier:write" });
  const id = idParam(params.id);
  const supplier = id ? await getSupplier(id) : null;
  if (!supplier) throw recordNotFound("supplier");
  return { supplier: { id: supplier.id, name: supplier.name } };
}

/** Refused while products (or purchase orders) name the supplier: the toast says how many products. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "supplier:write" });
  const id = idParam(params.id);
  const result = id ? await deleteSupplier(id) : ({ ok: false, reason: "notFound" } as const);
  if (result.ok) {
    return redirectWithToast("/suppliers", {
      type: "success",
      title: "toast.success",
      description: "suppliers:toast.deleted",
    });
  }
  if (result.reason === "notFound") {
    return redirectWithToast("/suppliers", {
      type: "error",
      title: "suppliers:toast.deleteFailed",
      description: "suppliers:errors.notFound",
    });
  }
  return redirectWithToast(`/suppliers/${id}`, {
    type: "error",
    title: "suppliers:toast.deleteFailed",
    description: result.productCount > 0 ? "suppliers:errors.inUse" : "suppliers:errors.inUseElsewhere",
    values: { count: result.productCount },
  });
}

export default function DeleteSupplier() {
  const { t } = useTranslation("suppliers");
  const { supplier } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete
      title={t("delete.title")}
      question={t("delete.question")}
      subject={<strong>{supplier.name}</strong>}
      closeTo="/suppliers"
    />
  );
}
