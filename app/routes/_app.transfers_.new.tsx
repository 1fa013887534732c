import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewTransferPage } from "~/components/Transfer/Transfer";
import { pageTitle } from "~/i18n/page-title";
import { requireUser } from "~/web/auth.server";
import {
  loadNewTransfer,
  type NewTransferState,
  newTransferAction,
} from "~/web/transfer/transfer-form.server";

export const handle = { i18n: ["common", "transfers", "serials"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "transfer:write" });
  return loadNewTransfer(new URL(request.url).searchParams);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "transfer:write" });
  return newTransferAction(request, user);
}

export const meta = pageTitle("transfers:new.title");

export default function NewTransferRoute() {
  const actionData = useActionData<{ state?: NewTransferState }>();
  return <NewTransferPage data={useLoaderData<typeof loader>()} state={actionData?.state} />;
}
