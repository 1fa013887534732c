import { ImportFilePage } from "~/components/ImportJob/ImportPages";
import { pageTitle } from "~/i18n/page-title";
import { importFileAction, importFileLoader } from "~/web/import/import-routes.server";

// /customers/import: a file of customers to check (nothing is written), then its import's page.
export const handle = { i18n: ["common", "import", "customers"] };

export const loader = importFileLoader("customers");

export const action = importFileAction("customers");

export default function CustomersImportPage() {
  return <ImportFilePage kind="customers" />;
}

export const meta = pageTitle("import:customers.title");
