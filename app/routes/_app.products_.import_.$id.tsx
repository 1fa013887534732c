import { ImportJobPage } from "~/components/ImportJob/ImportPages";
import { pageTitle } from "~/i18n/page-title";
import { importJobAction, importJobLoader } from "~/web/import/import-routes.server";

// /products/import/:id: what the check of a file of products found, the start, the progress and the outcome.
export const handle = { i18n: ["common", "import", "products", "prices"] };

export const loader = importJobLoader("products");

export const action = importJobAction("products");

export default function ProductsImportJobPage() {
  return <ImportJobPage kind="products" />;
}

export const meta = pageTitle("import:title");
