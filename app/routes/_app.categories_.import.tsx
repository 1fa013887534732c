import { ImportFilePage } from "~/components/ImportJob/ImportPages";
import { pageTitle } from "~/i18n/page-title";
import { importFileAction, importFileLoader } from "~/web/import/import-routes.server";

// /categories/import: a file of categories to check (nothing is written), then its import's page.
export const handle = { i18n: ["common", "import", "categories"] };

export const loader = importFileLoader("categories");

export const action = importFileAction("categories");

export default function CategoriesImportPage() {
  return <ImportFilePage kind="categories" />;
}

export const meta = pageTitle("import:categories.title");
