import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewPurchaseOrder } from "~/components/PurchaseOrder/PurchaseOrder";
import { pageTitle } from "~/i18n/page-title";
import { requireUser } from "~/web/auth.server";
import {
  type EditorActionData,
  loadNewPurchaseOrder,
  purchaseOrderAction,
} from "~/web/purchase-order/purchase-order-form.server";

export const handle = { i18n: ["common", "purchasing"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { permission: "purchase:write" });
  return loadNewPurchaseOrder(new URL(request.url), user.id);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "purchase:write" });
  return purchaseOrderAction(request, null, user);
}

export const meta = pageTitle("purchasing:list.newTitle");

export default function NewPurchaseOrderPage() {
  return (
    <NewPurchaseOrder data={useLoaderData<typeof loader>()} actionData={useActionData<EditorActionData>()} />
  );
}
