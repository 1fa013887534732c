import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SelectField } from "~/components/Field/Field";
import { FormFooter } from "~/components/FormFooter/FormFooter";
import { useFormat } from "~/i18n/use-format";
import type { MeasureUnit } from "~/models/product/measure";
import { PRODUCT_STATUSES } from "~/models/product/product-status";
import type { TrackingMode } from "~/models/product/tracking";
import { EDIT_REASONS } from "~/models/stock/stock-reason";
import { vatRateChoices, vatRateKey } from "~/models/vat";
import type { FormConstraint } from "~/web/form-constraint";
import { useSchemaForm } from "~/web/use-schema-form";
import { useSettings } from "~/web/use-settings";
import * as s from "./ProductForm.css";

export type ProductFormValues = {
  name: string;
  sku: string;
  brand: string;
  categoryId: string;
  purchasePrice: string;
  sellingPrice: string;
  vatInclusive: string;
  vatRate: string;
  stockLevel: string;
  /** An edit's reason for a new stock level (a movement of the ledger). */
  stockReason?: string;
  supplier: string;
  /** Empty: the shop's default (shown as the placeholder). */
  reorderPoint: string;
  reorderQuantity: string;
  ean: string;
  barcode: string;
  /** A shelf or bin ("A-12"): a stock count may cover one. */
  location?: string;
  /** Sold by measure: m, kg or l (empty: by the piece), and how much of it ("5", "0,75"). */
  unit?: string;
  netQuantity?: string;
  /** Serial tracking (issue #31): none, serial or imei, and the guarantee's months (empty: none). */
  tracking?: string;
  guaranteeMonths?: string;
  imageUrl: string;
  status: string;
  version?: string;
};

/** The form's text fields, each labelled `form.<its name>`. */
type TextField =
  | "name"
  | "sku"
  | "brand"
  | "purchasePrice"
  | "sellingPrice"
  | "stockLevel"
  | "supplier"
  | "reorderPoint"
  | "reorderQuantity"
  | "ean"
  | "barcode"
  | "location"
  | "netQuantity"
  | "guaranteeMonths"
  | "imageUrl";

type Props = {
  id: string;
  /** From the loader: `formConstraint(productSchema)`. */
  constraint: FormConstraint;
  defaultValue?: Partial<ProductFormValues>;
  lastResult?: SubmissionResult<string[]>;
  categories: { id: number; name: string; depth: number }[];
  /** The suppliers' names the supplier field offers; another name typed adds a supplier. */
  suppliers: { id: number; name: string }[];
  cancelTo: string;
  submitLabel: string;
  /** An edit: a new stock level is recorded as a movement, with the reason chosen here. */
  stockReasons?: boolean;
  /** Shown above the buttons: the below-cost guard's box, once the server asked for a reason. */
  children?: ReactNode;
  /** The default location's name: the shelf field is the shelf there (issue #32). */
  shelfAt?: string;
};

/** The add/edit product form: a real POST form, checked in the browser with the server's schema. */
export function ProductForm({
  id,
  constraint,
  defaultValue,
  lastResult,
  categories,
  suppliers,
  cancelTo,
  submitLabel,
  stockReasons = false,
  children,
  shelfAt,
}: Props) {
  const { t } = useTranslation("products");
  const settings = useSettings();
  const format = useFormat();
  const [form, fields] = useSchemaForm({
    id,
    constraint,
    schema: () => import("~/models/product/product-schema").then((m) => m.productSchema),
    lastResult,
    serverChecks: true,
    defaultValue: {
      vatInclusive: "true",
      vatRate: vatRateKey(settings.vatRate),
      status: "active",
      stockLevel: "0",
      tracking: "none",
      ...defaultValue,
    },
  });
  /** A select, labelled `form.<label>`. */
  const select = (
    name: "categoryId" | "vatInclusive" | "vatRate" | "status" | "unit" | "tracking",
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <SelectField
      label={t(`form.${label}`)}
      errors={fields[name].errors}
      selectProps={getSelectProps(fields[name])}
      options={options}
    />
  );
  /** A text field labelled `form.<its name>` (one call each: the form's bundle is near its budget). */
  const input = (name: TextField, more?: InputHTMLAttributes<HTMLInputElement>) => (
    <Field
      label={name === "location" && shelfAt ? t("form.shelfAt", { location: shelfAt }) : t(`form.${name}`)}
      errors={fields[name].errors}
      inputProps={{ ...getInputProps(fields[name], { type: name === "imageUrl" ? "url" : "text" }), ...more }}
    />
  );

  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      {fields.version.initialValue ? (
        <input type="hidden" name="version" value={fields.version.initialValue} />
      ) : null}
      <div className={s.grid}>
        {input("name")}
        {input("sku")}
        {input("brand")}
        {select("categoryId", "category", [
          { value: "", label: t("form.noCategory") },
          ...categories.map((c) => ({
            value: String(c.id),
            label: `${"\u2003".repeat(c.depth)}${c.name}`,
          })),
        ])}
        {input("purchasePrice", { inputMode: "decimal", placeholder: "0,00" })}
        {select("vatInclusive", "vat", [
          { value: "true", label: t("form.vatInclusive") },
          { value: "false", label: t("form.vatExclusive") },
        ])}
        {input("sellingPrice", { inputMode: "decimal", placeholder: "0,00" })}
        {select(
          "vatRate",
          "vatRate",
          vatRateChoices(settings.vatRate, defaultValue?.vatRate).map((rate) => ({
            value: rate,
            label: format.rate(rate),
          })),
        )}
        {input("stockLevel", { inputMode: "numeric" })}
        {stockReasons ? (
          <SelectField
            label={t("stock:edit.reason")}
            errors={fields.stockReason.errors}
            selectProps={{ ...getSelectProps(fields.stockReason), title: t("stock:edit.hint") }}
            options={EDIT_REASONS.map((reason) => ({ value: reason, label: t(`stock:reasons.${reason}`) }))}
          />
        ) : null}
        {input("supplier", {
          // A native list of the suppliers' names (no JavaScript needed): pick one, or type a new
          // name, which the save adds as a supplier.
          list: `${id}-suppliers`,
          autoComplete: "off",
          placeholder: t("form.supplierPlaceholder"),
        })}
        <datalist id={`${id}-suppliers`}>
          {suppliers.map((supplier) => (
            <option key={supplier.id} value={supplier.name} />
          ))}
        </datalist>
        {input("reorderPoint", {
          inputMode: "numeric",
          placeholder: t("form.shopDefault", { value: format.number(settings.reorderPoint) }),
        })}
        {input("reorderQuantity", {
          inputMode: "numeric",
          placeholder: t("form.shopDefault", { value: format.number(settings.reorderQuantity) }),
        })}
        {select(
          "status",
          "status",
          PRODUCT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
        )}
        {input("ean", { inputMode: "numeric" })}
        {input("barcode")}
        {input("location")}
        {/* Side by side in one cell of the grid: the quantity is read in its unit. */}
        <div className={s.measure}>
          {select("unit", "unit", [
            { value: "", label: t("form.noUnit") },
            // The SI symbols, alike in every language; the list's own copy keeps the schema's
            // module (MEASURE_UNITS) out of this bundle, which is near its budget.
            ...(["m", "kg", "l"] satisfies MeasureUnit[]).map((unit) => ({ value: unit, label: unit })),
          ])}
          {input("netQuantity", { inputMode: "decimal", placeholder: "0,75" })}
        </div>
        {/* Serial numbers or IMEIs per unit (issue #31) and the guarantee that follows a unit sold. */}
        <div className={s.measure}>
          {select(
            "tracking",
            "tracking",
            (["none", "serial", "imei"] satisfies TrackingMode[]).map((mode) => ({
              value: mode,
              label: t(`tracking.${mode}`),
            })),
          )}
          {input("guaranteeMonths", { inputMode: "numeric" })}
        </div>
      </div>
      {input("imageUrl")}
      <ErrorList id={form.errorId} errors={form.errors} />
      {children}
      <FormFooter cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
