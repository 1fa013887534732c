import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewDocument } from "~/components/Document/DocumentDetail";
import { pageTitle } from "~/i18n/page-title";
import { requireUser } from "~/web/auth.server";
import { documentAction, type EditorActionData, newOrderEditor } from "~/web/order/document-form.server";

export const handle = { i18n: ["common", "orders", "products", "prices"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { permission: "order:write" });
  return { editor: await newOrderEditor(user.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "order:write" });
  return documentAction("order", request, null, user);
}

export const meta = pageTitle("orders:orders.newTitle");

export default function NewOrderPage() {
  const actionData = useActionData<EditorActionData & { values?: Record<string, string | number> }>();
  return <NewDocument kind="order" data={useLoaderData<typeof loader>()} actionData={actionData} />;
}
