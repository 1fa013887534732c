import { ImportFilePage } from "~/components/ImportJob/ImportPages";
import { pageTitle } from "~/i18n/page-title";
import { importFileAction, importFileLoader } from "~/web/import/import-routes.server";

// /products/import: a file of products to check (nothing is written), then its import's page.
export const handle = { i18n: ["common", "import", "products"] };

export const loader = importFileLoader("products");

export const action = importFileAction("products");

export default function ProductsImportPage() {
  return <ImportFilePage kind="products" />;
}

export const meta = pageTitle("import:title");
