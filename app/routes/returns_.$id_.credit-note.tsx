import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CreditNote } from "~/components/CustomerReturn/CreditNote";
import { requireUser } from "~/web/auth.server";
import { loadCreditNote } from "~/web/customer-return/customer-return-form.server";

// Outside the app shell: the page is the credit note and nothing else. Any signed-in user prints it.
export const handle = { i18n: ["common", "orders", "returns"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return loadCreditNote(params.id);
}

export default function CreditNotePage() {
  return <CreditNote data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.ret.number ?? "Credit note"} · ${data?.shop.name ?? "VoltStock"}` },
];
