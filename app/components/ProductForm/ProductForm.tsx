import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SelectField } from "~/components/Field/Field";
import { FormFooter } from "~/components/FormFooter/FormFooter";
import { useFormat } from "~/i18n/use-format";
import { MEASURE_UNITS } from "~/models/product/measure";
import { PRODUCT_STATUSES } from "~/models/product/product-status";
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
  imageUrl: string;
  status: string;
  version?: string;
};

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
      ...defaultValue,
    },
  });
  const text = (field: Parameters<typeof getInputProps>[0], type: "text" | "url" = "text") =>
    getInputProps(field, { type });

  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      {fields.version.initialValue ? (
        <input type="hidden" name="version" value={fields.version.initialValue} />
      ) : null}
      <div className={s.grid}>
        <Field label={t("form.name")} errors={fields.name.errors} inputProps={text(fields.name)} />
        <Field label={t("form.sku")} errors={fields.sku.errors} inputProps={text(fields.sku)} />
        <Field label={t("form.brand")} errors={fields.brand.errors} inputProps={text(fields.brand)} />
        <SelectField
          label={t("form.category")}
          errors={fields.categoryId.errors}
          selectProps={getSelectProps(fields.categoryId)}
          options={[
            { value: "", label: t("form.noCategory") },
            ...categories.map((c) => ({
              value: String(c.id),
              label: `${"\u2003".repeat(c.depth)}${c.name}`,
            })),
          ]}
        />
        <Field
          label={t("form.purchasePrice")}
          errors={fields.purchasePrice.errors}
          inputProps={{ ...text(fields.purchasePrice), inputMode: "decimal", placeholder: "0,00" }}
        />
        <SelectField
          label={t("form.vat")}
          errors={fields.vatInclusive.errors}
          selectProps={getSelectProps(fields.vatInclusive)}
          options={[
            { value: "true", label: t("form.vatInclusive") },
            { value: "false", label: t("form.vatExclusive") },
          ]}
        />
        <Field
          label={t("form.sellingPrice")}
          errors={fields.sellingPrice.errors}
          inputProps={{ ...text(fields.sellingPrice), inputMode: "decimal", placeholder: "0,00" }}
        />
        <SelectField
          label={t("form.vatRate")}
          errors={fields.vatRate.errors}
          selectProps={getSelectProps(fields.vatRate)}
          options={vatRateChoices(settings.vatRate, defaultValue?.vatRate).map((rate) => ({
            value: rate,
            label: format.rate(rate),
          }))}
        />
        <Field
          label={t("form.stockLevel")}
          errors={fields.stockLevel.errors}
          inputProps={{ ...text(fields.stockLevel), inputMode: "numeric" }}
        />
        {stockReasons ? (
          <SelectField
            label={t("stock:edit.reason")}
            errors={fields.stockReason.errors}
            selectProps={{ ...getSelectProps(fields.stockReason), title: t("stock:edit.hint") }}
            options={EDIT_REASONS.map((reason) => ({ value: reason, label: t(`stock:reasons.${reason}`) }))}
          />
        ) : null}
        <Field
          label={t("form.supplier")}
          errors={fields.supplier.errors}
          inputProps={{
            ...text(fields.supplier),
            // A native list of the suppliers' names (no JavaScript needed): pick one, or type a new
            // name, which the save adds as a supplier.
            list: `${id}-suppliers`,
            autoComplete: "off",
            placeholder: t("form.supplierPlaceholder"),
          }}
        />
        <datalist id={`${id}-suppliers`}>
          {suppliers.map((supplier) => (
            <option key={supplier.id} value={supplier.name} />
          ))}
        </datalist>
        <Field
          label={t("form.reorderPoint")}
          errors={fields.reorderPoint.errors}
          inputProps={{
            ...text(fields.reorderPoint),
            inputMode: "numeric",
            placeholder: t("form.shopDefault", { value: format.number(settings.reorderPoint) }),
          }}
        />
        <Field
          label={t("form.reorderQuantity")}
          errors={fields.reorderQuantity.errors}
          inputProps={{
            ...text(fields.reorderQuantity),
            inputMode: "numeric",
            placeholder: t("form.shopDefault", { value: format.number(settings.reorderQuantity) }),
          }}
        />
        <SelectField
          label={t("form.status")}
          errors={fields.status.errors}
          selectProps={getSelectProps(fields.status)}
          options={PRODUCT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
        <Field
          label={t("form.ean")}
          errors={fields.ean.errors}
          inputProps={{ ...text(fields.ean), inputMode: "numeric" }}
        />
        <Field label={t("form.barcode")} errors={fields.barcode.errors} inputProps={text(fields.barcode)} />
        <Field
          label={t("form.location")}
          errors={fields.location.errors}
          inputProps={text(fields.location)}
        />
        {/* Side by side in one cell of the grid: the quantity is read in its unit. */}
        <div className={s.measure}>
          <SelectField
            label={t("form.unit")}
            errors={fields.unit.errors}
            selectProps={getSelectProps(fields.unit)}
            options={[
              { value: "", label: t("form.noUnit") },
              ...MEASURE_UNITS.map((unit) => ({ value: unit, label: t(`units.${unit}`) })),
            ]}
          />
          <Field
            label={t("form.netQuantity")}
            errors={fields.netQuantity.errors}
            inputProps={{
              ...text(fields.netQuantity),
              inputMode: "decimal",
              placeholder: t("form.netQuantityHint"),
            }}
          />
        </div>
      </div>
      <Field
        label={t("form.imageUrl")}
        errors={fields.imageUrl.errors}
        inputProps={text(fields.imageUrl, "url")}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      {children}
      <FormFooter cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
