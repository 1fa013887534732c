import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentPrint } from "~/components/Document/DocumentPrint";
import { requireUser } from "~/web/auth.server";
import { loadPrintedDocument } from "~/web/order/document-print.server";

// Outside the app shell: the page is the printed quote and nothing else. Any signed-in user may print.
export const handle = { i18n: ["common", "orders"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return loadPrintedDocument("quote", params.id);
}

export default function PrintQuotePage() {
  return <DocumentPrint data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.document.number ?? "Quote"} · ${data?.shop.name ?? "VoltStock"}` },
];
