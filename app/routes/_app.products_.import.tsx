import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList, TextareaField } from "~/components/Field/Field";
import * as field from "~/components/Field/Field.css";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as detail from "~/components/ProductList/ProductDetail.css";
import { Code, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { importProducts } from "~/models/product/product.server";
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "~/models/product/product-import";
import { type ImportRow, previewImport } from "~/models/product/product-import.server";
import { requireUser } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["common", "import", "products"] };

const TEMPLATE = `${IMPORT_COLUMNS.join(",")}\nLenovo ThinkPad E14,LEN-E14-001,Lenovo,Laptops,600.00,999.90,true,25.5,12,Tech Data Finland,4006381333931,,,active\n`;

type ActionData = { csv: string; rows: ImportRow[]; fileErrors: string[]; valid: number; committed?: false };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "product:write" });
  return null;
}

/** Preview checks every row and writes nothing; import writes all rows or none. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "product:write" });
  const form = await readForm(request);
  const file = form.get("file");
  const csv = file instanceof File && file.size > 0 ? await file.text() : String(form.get("csv") ?? "");
  const preview = await previewImport(csv);
  const answer: ActionData = {
    csv,
    rows: preview.rows,
    fileErrors: preview.fileErrors,
    valid: preview.inputs.length,
  };
  const clean = preview.fileErrors.length === 0 && preview.inputs.length === preview.rows.length;
  if (form.get("intent") !== "import" || !clean) return data(answer, clean ? 200 : 400);
  const result = await importProducts(preview.inputs, user.id);
  if (!result.ok) return data({ ...answer, fileErrors: ["import:errors.changed"] }, 409);
  return redirectWithToast("/products", {
    type: "success",
    title: "toast.success",
    description: "import:toast.imported",
    values: { count: result.count },
  });
}

export const meta = pageTitle("import:title");

export default function ImportPage() {
  const { t } = useTranslation("import");
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const invalid = actionData ? actionData.rows.length - actionData.valid : 0;
  const ready =
    actionData && actionData.fileErrors.length === 0 && actionData.rows.length > 0 && invalid === 0;
  return (
    <>
      <Link to="/products" className={detail.back}>
        ← {t("back")}
      </Link>
      <PageHeader title={t("title")} lead={t("lead", { max: MAX_IMPORT_ROWS })} />
      <div className={detail.layout}>
        <Card title={t("file.title")}>
          <Form method="post" encType="multipart/form-data">
            <div className={field.field}>
              <label className={field.label} htmlFor="import-file">
                {t("file.choose")}
              </label>
              <input
                id="import-file"
                className={field.input}
                type="file"
                name="file"
                accept=".csv,text/csv"
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
          <p>
            <code>{IMPORT_COLUMNS.join(", ")}</code>
          </p>
          <a
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`}
            download="products-template.csv"
          >
            {t("columns.template")}
          </a>
        </Card>
      </div>
      {actionData ? (
        <Card title={t("result.title")} className={detail.back}>
          <ErrorList errors={actionData.fileErrors} />
          {actionData.rows.length ? (
            <p data-testid="import-summary">
              {t("result.summary", { total: actionData.rows.length, valid: actionData.valid, invalid })}
            </p>
          ) : null}
          {ready ? (
            <Form method="post">
              <input type="hidden" name="csv" value={actionData.csv} />
              <Button type="submit" name="intent" value="import" disabled={pending}>
                {t("import", { count: actionData.valid })}
              </Button>
            </Form>
          ) : null}
          {actionData.rows.length ? (
            <div className={detail.spacedAbove}>
              <DataTable
                label={t("result.title")}
                columns={[
                  { key: "line", kind: "numeric", label: t("result.line"), cell: (row) => row.line },
                  {
                    key: "name",
                    kind: "primary",
                    label: t("result.name"),
                    cell: (row) => (
                      <span className={table.clamp} title={row.name}>
                        {row.name}
                      </span>
                    ),
                  },
                  {
                    key: "sku",
                    kind: "code",
                    label: t("result.sku"),
                    cell: (row) => <Code value={row.sku} />,
                  },
                  {
                    key: "status",
                    label: t("result.status"),
                    cell: (row) =>
                      row.errors.length === 0 ? (
                        <Badge tone="success">{t("result.ok")}</Badge>
                      ) : (
                        <ul className={field.errors}>
                          {row.errors.map((e) => (
                            <li key={`${e.field}${e.message}`}>
                              {e.field ? `${e.field}: ` : ""}
                              {t(e.message)}
                            </li>
                          ))}
                        </ul>
                      ),
                  },
                ]}
                rows={actionData.rows.slice(0, 500)}
                rowKey={(row) => row.line}
                rowProps={() => ({ "data-testid": "import-row" })}
              />
            </div>
          ) : null}
        </Card>
      ) : null}
    </>
  );
}
