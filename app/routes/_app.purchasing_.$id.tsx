import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PurchaseOrderDetail } from "~/components/PurchaseOrder/PurchaseOrder";
import { requireUser } from "~/web/auth.server";
import {
  type EditorActionData,
  findPurchaseOrder,
  loadPurchaseOrder,
  purchaseOrderAction,
  type ReceiveActionData,
  type ScheduleActionData,
} from "~/web/purchase-order/purchase-order-form.server";

export const handle = { i18n: ["common", "purchasing", "serials"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadPurchaseOrder(params.id, user.role);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "purchase:write" });
  const order = await findPurchaseOrder(params.id);
  return purchaseOrderAction(request, order, user);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.order.number ?? "Purchase order"} · VoltStock` },
];

export default function PurchaseOrderPage() {
  const actionData = useActionData<
    Partial<EditorActionData> & Partial<ReceiveActionData> & Partial<ScheduleActionData>
  >();
  return <PurchaseOrderDetail data={useLoaderData<typeof loader>()} actionData={actionData} />;
}
