import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewReturn } from "~/components/CustomerReturn/CustomerReturn";
import { pageTitle } from "~/i18n/page-title";
import { requireUser } from "~/web/auth.server";
import {
  type EditorActionData,
  loadNewReturn,
  newReturnAction,
} from "~/web/customer-return/customer-return-form.server";

export const handle = { i18n: ["common", "returns", "orders"] };

// Any role registers a return at the counter, as a draft (`?order=ID`, or the order's number asked).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { permission: "return:draft" });
  return loadNewReturn(new URL(request.url), user.role);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "return:draft" });
  return newReturnAction(request, user);
}

export const meta = pageTitle("returns:new.title");

export default function NewReturnPage() {
  return (
    <NewReturn data={useLoaderData<typeof loader>()} editor={useActionData<EditorActionData>()?.editor} />
  );
}
