import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList, Field, SelectField } from "~/components/Field/Field";
import type { CategoryOption } from "~/models/category/category.server";
import { REPRICE_SCOPES } from "~/models/price-batch/price-batch";
import { REPRICE_RULES, ROUNDINGS } from "~/models/price-batch/reprice";
import { PRODUCT_STATUSES } from "~/models/product/product-status";
import type { FormConstraint } from "~/web/form-constraint";
import { useHydrated } from "~/web/use-hydrated";
import { useSchemaForm } from "~/web/use-schema-form";
import * as s from "./Repricing.css";

type Option = { id: number; name: string };

/**
 * The new price batch: which products, the rule and its value, the rounding ladder. Without
 * JavaScript every scope's fields show (the server ignores those the scope does not use); with
 * it, only the chosen scope's. Sent, it stores a preview and opens it.
 */
export function RepriceForm({
  constraint,
  defaults,
  categories,
  suppliers,
  campaigns,
  scannedCount,
  lastResult,
  refusedProduct,
}: {
  constraint: FormConstraint;
  defaults: Record<string, string>;
  categories: CategoryOption[];
  suppliers: Option[];
  campaigns: Option[];
  scannedCount: number;
  lastResult?: SubmissionResult<string[]>;
  refusedProduct?: string;
}) {
  const { t } = useTranslation("repricing");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm({
    id: "reprice",
    constraint,
    schema: () => import("~/models/price-batch/price-batch-schema").then((m) => m.repriceSchema),
    lastResult,
    defaultValue: defaults,
  });
  const scope = fields.scope.value ?? "filters";
  const shows = (which: string) => !hydrated || scope === which;
  const select = (name: keyof typeof fields, label: string, options: { value: string; label: string }[]) => (
    <SelectField
      label={label}
      errors={fields[name].errors}
      selectProps={getSelectProps(fields[name])}
      options={options}
    />
  );
  return (
    <Card title={t("form.title")} className={s.section}>
      <Form method="post" {...getFormProps(form)} data-testid="reprice-form">
        <div className={s.fields}>
          {select(
            "scope",
            t("form.scope"),
            REPRICE_SCOPES.map((value) => ({ value, label: t(`form.scopes.${value}`) })),
          )}
          {shows("filters") ? (
            <>
              <Field
                label={t("form.search")}
                errors={fields.search.errors}
                inputProps={{ ...getInputProps(fields.search, { type: "search" }), autoComplete: "off" }}
              />
              {select("categoryId", t("form.category"), [
                { value: "", label: t("form.allCategories") },
                ...categories.map((c) => ({
                  value: String(c.id),
                  label: `${"\u2003".repeat(c.depth)}${c.name}`,
                })),
              ])}
              <Field
                label={t("form.brand")}
                errors={fields.brand.errors}
                inputProps={{ ...getInputProps(fields.brand, { type: "text" }), autoComplete: "off" }}
              />
              {select("supplierId", t("form.supplier"), [
                { value: "", label: t("form.allSuppliers") },
                ...suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
              ])}
              {select("status", t("form.status"), [
                { value: "", label: t("form.allStatuses") },
                ...PRODUCT_STATUSES.map((value) => ({ value, label: t(`products:status.${value}`) })),
              ])}
            </>
          ) : null}
          {shows("campaign")
            ? select("campaignId", t("form.campaign"), [
                { value: "", label: t("form.chooseCampaign") },
                ...campaigns.map((campaign) => ({ value: String(campaign.id), label: campaign.name })),
              ])
            : null}
        </div>
        {shows("scanned") ? (
          <p className={s.hint}>{t("form.scannedCount", { count: scannedCount })}</p>
        ) : null}
        <div className={s.fields}>
          {select(
            "rule",
            t("form.rule"),
            REPRICE_RULES.map((value) => ({ value, label: t(`form.rules.${value}`) })),
          )}
          <Field
            label={t("form.value")}
            errors={fields.value.errors}
            inputProps={{
              ...getInputProps(fields.value, { type: "text" }),
              inputMode: "decimal",
              autoComplete: "off",
            }}
          />
          {select(
            "rounding",
            t("form.rounding"),
            ROUNDINGS.map((value) => ({ value, label: t(`form.roundings.${value}`) })),
          )}
          <Field
            label={t("form.bandFrom")}
            errors={fields.bandFrom.errors}
            inputProps={{
              ...getInputProps(fields.bandFrom, { type: "text" }),
              inputMode: "decimal",
              autoComplete: "off",
            }}
          />
          {select("bandRounding", t("form.bandRounding"), [
            { value: "", label: t("form.noBand") },
            ...ROUNDINGS.map((value) => ({ value, label: t(`form.roundings.${value}`) })),
          ])}
        </div>
        <p className={s.hint}>{t("form.hint")}</p>
        {refusedProduct ? (
          <p className={s.refusal} role="alert" data-testid="reprice-refused">
            {t("errors.firstProduct", { product: refusedProduct })}
          </p>
        ) : null}
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? `${t("form.submit")}...` : t("form.submit")}
        </Button>
      </Form>
    </Card>
  );
}
