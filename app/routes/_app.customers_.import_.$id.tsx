import { ImportJobPage } from "~/components/ImportJob/ImportPages";
import { pageTitle } from "~/i18n/page-title";
import { importJobAction, importJobLoader } from "~/web/import/import-routes.server";

// /customers/import/:id: what the check of a file of customers found, the start, the progress and the outcome.
export const handle = { i18n: ["common", "import", "customers"] };

export const loader = importJobLoader("customers");

export const action = importJobAction("customers");

export default function CustomersImportJobPage() {
  return <ImportJobPage kind="customers" />;
}

export const meta = pageTitle("import:customers.title");
