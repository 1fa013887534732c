import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList, TextareaField } from "~/components/Field/Field";
import * as field from "~/components/Field/Field.css";
import { ImportStatusBadge } from "~/components/ImportJob/ImportJob";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as detail from "~/components/ProductList/ProductDetail.css";
import { DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { checkImportFile, listImportJobs } from "~/models/import/import-job.server";
import {
  columnHeader,
  IMPORT_COLUMNS,
  type ImportMessage,
  MAX_IMPORT_ROWS,
  REQUIRED_FOR_NEW,
} from "~/models/product/product-import";
import { DERIVED_PRODUCT_KEYS } from "~/models/report/file-columns";
import { requireUser } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";

export const handle = { i18n: ["common", "import", "products"] };

/** Pasted text is given back with its error; a file is not (it may be megabytes). */
const ECHO_LIMIT = 200_000;

type ActionData = { error: ImportMessage; csv: string };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "product:write" });
  return { recent: await listImportJobs(10) };
}

/** Checks the file (nothing is written to the catalogue) and opens what the check found. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "product:write" });
  const form = await readForm(request);
  const file = form.get("file");
  const uploaded = file instanceof File && file.size > 0;
  const csv = uploaded ? await file.text() : String(form.get("csv") ?? "");
  const echo = uploaded || csv.length > ECHO_LIMIT ? "" : csv;
  if (csv.trim() === "")
    return data<ActionData>({ error: { message: "import:errors.file.missing" }, csv: echo }, 400);
  const result = await checkImportFile({ text: csv, fileName: uploaded ? file.name : null, userId: user.id });
  if (!result.ok) return data<ActionData>({ error: result.error, csv: echo }, 400);
  return redirect(`/products/import/${result.id}`);
}

export const meta = pageTitle("import:title");

/** The columns a file may have, without the derived ones the import reads past. */
const READ_COLUMNS = IMPORT_COLUMNS.filter((column) => !DERIVED_PRODUCT_KEYS.includes(column.key));

const SAMPLE: Record<string, string> = {
  name: "Lenovo ThinkPad E14",
  sku: "LEN-E14-001",
  brand: "Lenovo",
  category: "Laptops",
  purchasePrice: "600.00",
  sellingPrice: "999.90",
  vatInclusive: "true",
  vatRate: "25.5",
  stockLevel: "12",
  status: "active",
  supplier: "Tech Data Finland",
  ean: "4006381333931",
  barcode: "",
  imageUrl: "",
};

/** A template in the standard CSV (keys, codes) or as Excel (Finnish) writes it (headers, ; and decimal commas). */
function template(kind: "csv" | "excel", language: string) {
  if (kind === "csv") {
    return `${READ_COLUMNS.map((c) => c.key).join(",")}\n${READ_COLUMNS.map((c) => SAMPLE[c.key]).join(",")}\n`;
  }
  const words: Record<string, string> = { vatInclusive: language === "fi" ? "kyllä" : "yes" };
  const cell = (key: string) => {
    const value = words[key] ?? SAMPLE[key];
    const kind = READ_COLUMNS.find((c) => c.key === key)?.kind;
    if (kind === "decimal") return value.replace(".", ",");
    return kind === "code" && value ? `="${value}"` : value;
  };
  return `\uFEFF${READ_COLUMNS.map((c) => columnHeader(c.key, language)).join(";")}\r\n${READ_COLUMNS.map((c) => cell(c.key)).join(";")}\r\n`;
}

export default function ImportPage() {
  const { t, i18n } = useTranslation("import");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useFormat();
  const { recent } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const pending = useNavigation().state !== "idle";
  const headers = (keys: readonly string[]) => keys.map((key) => columnHeader(key, language)).join(", ");
  return (
    <>
      <Link to="/products" className={detail.back}>
        ← {t("back")}
      </Link>
      <PageHeader title={t("title")} lead={t("lead", { max: MAX_IMPORT_ROWS })} />
      <div className={detail.layout}>
        <Card title={t("file.title")}>
          <Form method="post" encType="multipart/form-data">
            {actionData ? (
              <div data-testid="import-file-error">
                <ErrorList errors={[t(actionData.error.message, actionData.error.values)]} />
              </div>
            ) : null}
            <div className={field.field}>
              <label className={field.label} htmlFor="import-file">
                {t("file.choose")}
              </label>
              <input
                id="import-file"
                className={field.input}
                type="file"
                name="file"
                accept=".csv,text/csv,text/plain"
              />
            </div>
            <TextareaField
              label={t("file.paste")}
              textareaProps={{
                id: "import-csv",
                name: "csv",
                rows: 8,
                defaultValue: actionData?.csv ?? "",
                spellCheck: false,
              }}
            />
            <Button type="submit" name="intent" value="preview" disabled={pending}>
              {t("preview")}
            </Button>
          </Form>
        </Card>
        <Card title={t("columns.title")}>
          <p className={table.muted}>{t("columns.text")}</p>
          <p>{t("columns.list", { columns: headers(READ_COLUMNS.map((c) => c.key)) })}</p>
          <p>{t("columns.newNeeds", { columns: headers(REQUIRED_FOR_NEW) })}</p>
          <p className={detail.badges}>
            <a
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(template("excel", language))}`}
              download="products-template-excel.csv"
            >
              {t("columns.templateExcel")}
            </a>
            <a
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(template("csv", language))}`}
              download="products-template.csv"
            >
              {t("columns.templateCsv")}
            </a>
          </p>
        </Card>
      </div>
      <Card title={t("recent.title")} className={detail.spacedAbove}>
        <DataTable
          label={t("recent.title")}
          rows={recent}
          rowKey={(job) => job.id}
          rowProps={() => ({ "data-testid": "recent-import" })}
          empty={<span className={table.muted}>{t("recent.none")}</span>}
          columns={[
            {
              key: "file",
              kind: "primary",
              label: t("recent.file"),
              cell: (job) => (
                <Link
                  to={`/products/import/${job.id}`}
                  className={table.clamp}
                  title={job.fileName ?? undefined}
                >
                  {job.fileName ?? t("recent.pasted")}
                </Link>
              ),
            },
            { key: "when", label: t("recent.when"), cell: (job) => format.dateTime(job.createdAt) },
            { key: "by", label: t("recent.by"), optional: true, cell: (job) => job.createdBy ?? "—" },
            {
              key: "rows",
              kind: "numeric",
              label: t("recent.rows"),
              cell: (job) => format.number(job.total),
            },
            {
              key: "status",
              kind: "badge",
              label: t("recent.status"),
              cell: (job) => <ImportStatusBadge status={job.status} />,
            },
          ]}
        />
      </Card>
    </>
  );
}
