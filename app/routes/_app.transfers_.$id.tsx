import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TransferPage } from "~/components/Transfer/Transfer";
import { requireUser } from "~/web/auth.server";
import {
  findTransfer,
  loadTransfer,
  type ReceiptState,
  transferAction,
} from "~/web/transfer/transfer-form.server";

export const handle = { i18n: ["common", "transfers", "serials"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadTransfer(params.id, user);
}

// Admins and managers send, cancel and delete; a salesperson receives into their own location
// (the write path decides).
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const transfer = await findTransfer(params.id);
  return transferAction(request, transfer, user);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.transfer.number ?? "Transfer"} · VoltStock` },
];

export default function TransferRoute() {
  const actionData = useActionData<{ receipt?: ReceiptState }>();
  return <TransferPage data={useLoaderData<typeof loader>()} receipt={actionData?.receipt} />;
}
