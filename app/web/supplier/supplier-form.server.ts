import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import {
  createSupplier,
  type SupplierRefusal,
  supplierNameInUse,
  updateSupplier,
} from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import { parseForm, readForm, refusedReply } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";

/** Where a refused supplier write shows (the name field or the whole form), its message key and status. */
export function supplierRefusalError(reason: SupplierRefusal): {
  field: "name" | "form";
  key: string;
  status: number;
} {
  switch (reason) {
    case "nameTaken":
      return { field: "name", key: "suppliers:errors.nameTaken", status: 409 };
    case "stale":
      return { field: "form", key: "toast.staleEdit", status: 409 };
    case "inUse":
      return { field: "form", key: "suppliers:errors.inUseElsewhere", status: 409 };
    case "notFound":
      return { field: "form", key: "suppliers:errors.notFound", status: 404 };
  }
}

export type SupplierActionData = { result: SubmissionResult<string[]> };

/**
 * The add and edit supplier forms' one action: every field's error at once (a name in use too),
 * one write through the supplier's write path, then the supplier's page with a toast.
 */
export async function saveSupplierForm(request: Request, id: number | null) {
  const form = await readForm(request);
  const submission = parseForm(form, supplierSchema);
  const refused = await refusedReply(submission, form, [
    {
      field: "name",
      inUse: (name) => supplierNameInUse(name, id ?? 0),
      message: "suppliers:errors.nameTaken",
    },
  ]);
  if (refused || submission.status !== "success") {
    return data<SupplierActionData>({ result: refused ?? submission.reply() }, 400);
  }
  const result =
    id === null ? await createSupplier(submission.value) : await updateSupplier(id, submission.value);
  if (!result.ok) {
    const error = supplierRefusalError(result.reason);
    const reply =
      error.field === "form"
        ? submission.reply({ formErrors: [error.key] })
        : submission.reply({ fieldErrors: { [error.field]: [error.key] } });
    return data<SupplierActionData>({ result: reply }, error.status);
  }
  return redirectWithToast(`/suppliers/${result.supplier.id}`, {
    type: "success",
    title: "toast.success",
    description: id === null ? "suppliers:toast.created" : "suppliers:toast.updated",
  });
}
