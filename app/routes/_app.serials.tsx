import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { Field } from "~/components/Field/Field";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as s from "~/components/ProductList/ProductDetail.css";
import { Code, DataTable } from "~/components/Table/DataTable";
import { pageTitle } from "~/i18n/page-title";
import { findSerialUnits } from "~/models/serial/serial.server";
import { requireUser } from "~/web/auth.server";

export const handle = { i18n: ["common", "serials"] };

/**
 * Find a unit by its serial or IMEI (issue #31): one unit found opens it; a serial shared by
 * products of different makers lists them. Every role may look.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200).trim();
  const units = q ? await findSerialUnits(q) : [];
  if (units.length === 1) throw redirect(`/serials/${units[0].id}`);
  return { q, units };
}

export const meta = pageTitle("serials:title");

export default function SerialSearch() {
  const { t } = useTranslation("serials");
  const { q, units } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t("title")} />
      <Card title={t("searchTitle")}>
        <Form method="get" className={s.stack} role="search">
          <Field
            label={t("searchLabel")}
            inputProps={{
              id: "serial-query",
              name: "q",
              type: "search",
              defaultValue: q,
              maxLength: 100,
              autoComplete: "off",
              spellCheck: false,
            }}
          />
          <div>
            <Button type="submit">{t("search")}</Button>
          </div>
        </Form>
        {q ? (
          units.length === 0 ? (
            <p className={s.spacedAbove} data-testid="serial-none">
              {t("none", { serial: q.toUpperCase() })}
            </p>
          ) : (
            <div className={s.spacedAbove}>
              <p>{t("found", { count: units.length, serial: units[0].serial })}</p>
              <DataTable
                label={t("title")}
                columns={[
                  {
                    key: "serial",
                    kind: "primary",
                    label: t("unit.serial"),
                    cell: (unit) => <Link to={`/serials/${unit.id}`}>{unit.serial}</Link>,
                  },
                  {
                    key: "product",
                    label: t("unit.product"),
                    cell: (unit) => (
                      <>
                        {unit.productName} <Code value={unit.sku} />
                      </>
                    ),
                  },
                  { key: "state", label: t("unit.state"), cell: (unit) => t(`state.${unit.state}`) },
                ]}
                rows={units}
                rowKey={(unit) => unit.id}
              />
            </div>
          )
        ) : null}
      </Card>
    </>
  );
}
