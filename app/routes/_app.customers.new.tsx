import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerForm } from "~/components/CustomerForm/CustomerForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { customerSchema } from "~/models/customer/customer-schema";
import { requireUser } from "~/web/auth.server";
import { type CustomerActionData, saveCustomerForm } from "~/web/customer/customer-form.server";
import { formConstraint } from "~/web/form.server";

export const handle = { i18n: ["common", "customers", "prices"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "customer:write" });
  return { constraint: formConstraint(customerSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "customer:write" });
  return saveCustomerForm(request, null, user);
}

export default function NewCustomer() {
  const { t } = useTranslation("customers");
  const actionData = useActionData<CustomerActionData>();
  const { constraint } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={t("form.addTitle")} closeTo="/customers">
      <CustomerForm
        id="customer-new"
        constraint={constraint}
        lastResult={actionData?.result}
        belowCost={actionData?.belowCost}
        submitLabel={t("form.create")}
      />
    </RouteDialog>
  );
}
