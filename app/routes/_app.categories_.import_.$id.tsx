import { ImportJobPage } from "~/components/ImportJob/ImportPages";
import { pageTitle } from "~/i18n/page-title";
import { importJobAction, importJobLoader } from "~/web/import/import-routes.server";

// /categories/import/:id: what the check of a file of categories found, the start, the progress and the outcome.
export const handle = { i18n: ["common", "import", "categories"] };

export const loader = importJobLoader("categories");

export const action = importJobAction("categories");

export default function CategoriesImportJobPage() {
  return <ImportJobPage kind="categories" />;
}

export const meta = pageTitle("import:categories.title");
