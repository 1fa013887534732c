import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { SupplierForm } from "~/components/SupplierForm/SupplierForm";
import { supplierSchema } from "~/models/supplier/supplier-schema";
import { requireUser } from "~/web/auth.server";
import { formConstraint } from "~/web/form.server";
import { type SupplierActionData, saveSupplierForm } from "~/web/supplier/supplier-form.server";

export const handle = { i18n: ["common", "suppliers"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "supplier:write" });
  return { constraint: formConstraint(supplierSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "supplier:write" });
  return saveSupplierForm(request, null);
}

export default function NewSupplier() {
  const { t } = useTranslation("suppliers");
  const actionData = useActionData<SupplierActionData>();
  const { constraint } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={t("form.addTitle")} closeTo="/suppliers">
      <SupplierForm
        id="supplier-new"
        constraint={constraint}
        lastResult={actionData?.result}
        submitLabel={t("form.create")}
        cancelTo="/suppliers"
      />
    </RouteDialog>
  );
}
