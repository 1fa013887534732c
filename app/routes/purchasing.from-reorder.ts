import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireUser } from "~/web/auth.server";
import { draftsFromReorderAction } from "~/web/purchase-order/purchase-order-form.server";

// POST /purchasing/from-reorder (the inventory's "To reorder" tab): productId[] and quantity[]
// become one draft purchase order per supplier, then /purchasing with a toast naming them.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/purchasing");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "purchase:write" });
  return draftsFromReorderAction(request, user);
}
