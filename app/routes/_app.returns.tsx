import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReturnList } from "~/components/CustomerReturn/CustomerReturn";
import { pageTitle } from "~/i18n/page-title";
import { requireUser } from "~/web/auth.server";
import { loadReturnList } from "~/web/customer-return/customer-return-form.server";

export const handle = { i18n: ["common", "returns"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return loadReturnList(new URL(request.url));
}

export const meta = pageTitle("returns:list.title");

export default function ReturnsPage() {
  return <ReturnList data={useLoaderData<typeof loader>()} />;
}
