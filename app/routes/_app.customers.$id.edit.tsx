import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerForm } from "~/components/CustomerForm/CustomerForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { getCustomer } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { requireUser } from "~/web/auth.server";
import { type CustomerActionData, saveCustomerForm } from "~/web/customer/customer-form.server";
import { formConstraint } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";

export const handle = { i18n: ["common", "customers", "prices"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "customer:write" });
  const id = idParam(params.id);
  const customer = id ? await getCustomer(id) : null;
  if (!customer) throw recordNotFound("customer");
  return { customer, constraint: formConstraint(customerSchema) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "customer:write" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("customer");
  return saveCustomerForm(request, id, user);
}

export default function EditCustomer() {
  const { t } = useTranslation("customers");
  const { customer: c, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<CustomerActionData>();
  const text = (v: string | null) => v ?? "";
  return (
    <RouteDialog
      title={t("form.editTitle")}
      description={`${c.firstName} ${c.lastName}`}
      closeTo="/customers"
    >
      <CustomerForm
        constraint={constraint}
        id={`customer-edit-${c.id}-${c.version}`}
        lastResult={actionData?.result}
        belowCost={actionData?.belowCost}
        submitLabel={t("form.save")}
        defaultValue={{
          firstName: c.firstName,
          lastName: c.lastName,
          email: c.email,
          phone: text(c.phone),
          company: text(c.company),
          vatNumber: text(c.vatNumber),
          address: text(c.address),
          city: text(c.city),
          postalCode: text(c.postalCode),
          country: text(c.country),
          customerType: c.customerType === "business" ? "business" : "individual",
          vipStatus: String(c.vipStatus),
          discountPercentage: c.discountPercentage,
          creditLimit: c.creditLimit,
          notes: text(c.notes),
          version: String(c.version),
        }}
      />
    </RouteDialog>
  );
}
