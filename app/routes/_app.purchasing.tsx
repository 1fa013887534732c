import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PurchaseOrderList } from "~/components/PurchaseOrder/PurchaseOrder";
import { pageTitle } from "~/i18n/page-title";
import { requireUser } from "~/web/auth.server";
import { loadPurchaseOrderList } from "~/web/purchase-order/purchase-order-form.server";

export const handle = { i18n: ["common", "purchasing"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return loadPurchaseOrderList(new URL(request.url));
}

export const meta = pageTitle("purchasing:list.title");

export default function PurchasingPage() {
  return <PurchaseOrderList data={useLoaderData<typeof loader>()} />;
}
