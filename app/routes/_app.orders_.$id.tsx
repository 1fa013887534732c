import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DocumentDetail } from "~/components/Document/DocumentDetail";
import { requireUser } from "~/web/auth.server";
import {
  documentAction,
  type EditorActionData,
  findDocument,
  loadDocument,
} from "~/web/order/document-form.server";
import type { ShipmentActionData } from "~/web/order/shipment-form.server";

export const handle = { i18n: ["common", "orders", "products", "prices", "serials"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadDocument("order", params.id, user.role);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "order:write" });
  const document = await findDocument("order", params.id);
  return documentAction("order", request, document, user);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.document.number ?? "Order"} · VoltStock` },
];

export default function OrderPage() {
  const actionData = useActionData<
    Partial<EditorActionData & ShipmentActionData> & { values?: Record<string, string | number> }
  >();
  return <DocumentDetail data={useLoaderData<typeof loader>()} actionData={actionData} />;
}
