import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerForm } from "~/components/CustomerForm/CustomerForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { type CustomerActionData, saveCustomerForm } from "~/models/customer/customer-form.server";
import { requireUser } from "~/utils/auth.server";

export const handle = { i18n: ["common", "customers"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "customer:write" });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "customer:write" });
  return saveCustomerForm(request, null);
}

export default function NewCustomer() {
  const { t } = useTranslation("customers");
  const actionData = useActionData<CustomerActionData>();
  return (
    <RouteDialog title={t("form.addTitle")} closeTo="/customers">
      <CustomerForm id="customer-new" lastResult={actionData?.result} submitLabel={t("form.create")} />
    </RouteDialog>
  );
}
