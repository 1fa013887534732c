import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { SupplierForm } from "~/components/SupplierForm/SupplierForm";
import { getSupplier } from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import { requireUser } from "~/web/auth.server";
import { formConstraint } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { type SupplierActionData, saveSupplierForm } from "~/web/supplier/supplier-form.server";

export const handle = { i18n: ["common", "suppliers"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "supplier:write" });
  const id = idParam(params.id);
  const supplier = id ? await getSupplier(id) : null;
  if (!supplier) throw recordNotFound("supplier");
  return { supplier, constraint: formConstraint(supplierSchema) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "supplier:write" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("supplier");
  return saveSupplierForm(request, id);
}

export default function EditSupplier() {
  const { t } = useTranslation("suppliers");
  const { supplier: s, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<SupplierActionData>();
  return (
    <RouteDialog title={t("form.editTitle")} description={s.name} closeTo="/suppliers">
      <SupplierForm
        id={`supplier-edit-${s.id}-${s.version}`}
        constraint={constraint}
        lastResult={actionData?.result}
        submitLabel={t("form.save")}
        cancelTo="/suppliers"
        defaultValue={{
          name: s.name,
          contactName: s.contactName ?? "",
          email: s.email ?? "",
          phone: s.phone ?? "",
          leadTimeDays: String(s.leadTimeDays),
          notes: s.notes ?? "",
          version: String(s.version),
        }}
      />
    </RouteDialog>
  );
}
