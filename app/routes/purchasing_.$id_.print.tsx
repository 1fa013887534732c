import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PurchaseOrderPrint } from "~/components/PurchaseOrder/PurchaseOrderPrint";
import { requireUser } from "~/web/auth.server";
import { loadPrintedPurchaseOrder } from "~/web/purchase-order/purchase-order-form.server";

// Outside the app shell: the page is the printed purchase order and nothing else. Any signed-in
// user may print it.
export const handle = { i18n: ["common", "purchasing"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return loadPrintedPurchaseOrder(params.id);
}

export default function PrintPurchaseOrderPage() {
  return <PurchaseOrderPrint data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.order.number ?? "Purchase order"} · ${data?.shop.name ?? "VoltStock"}` },
];
