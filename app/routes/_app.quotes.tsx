import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentList } from "~/components/Document/DocumentList";
import { pageTitle } from "~/i18n/page-title";
import { requireUser } from "~/web/auth.server";
import { loadDocumentList } from "~/web/order/document-list.server";

export const handle = { i18n: ["common", "orders"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return loadDocumentList("quote", new URL(request.url));
}

export const meta = pageTitle("orders:quotes.title");

export default function QuotesPage() {
  return <DocumentList data={useLoaderData<typeof loader>()} />;
}
