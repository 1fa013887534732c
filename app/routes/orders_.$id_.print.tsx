import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentPrint } from "~/components/Document/DocumentPrint";
import { requireUser } from "~/web/auth.server";
import { loadPrintedDocument } from "~/web/order/document-print.server";

// Outside the app shell: the page is the printed order and nothing else. Any signed-in user may print.
export const handle = { i18n: ["common", "orders", "serials"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return loadPrintedDocument("order", params.id);
}

export default function PrintOrderPage() {
  return <DocumentPrint data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.document.number ?? "Order"} · ${data?.shop.name ?? "VoltStock"}` },
];
