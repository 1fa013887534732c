import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TransfersPage } from "~/components/Transfer/Transfer";
import { pageTitle } from "~/i18n/page-title";
import { requireUser } from "~/web/auth.server";
import { loadTransfersPage } from "~/web/transfer/transfer-form.server";

export const handle = { i18n: ["common", "transfers"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadTransfersPage(new URL(request.url), user.role);
}

export const meta = pageTitle("transfers:list.title");

export default function TransfersRoute() {
  return <TransfersPage data={useLoaderData<typeof loader>()} />;
}
