import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as belowCostStyle from "~/components/BelowCost/BelowCost.css";
import { BelowCostConfirm } from "~/components/BelowCost/BelowCostConfirm";
import { ErrorList, Field, SelectField, TextareaField } from "~/components/Field/Field";
import { FormFooter } from "~/components/FormFooter/FormFooter";
import * as s from "~/components/ProductForm/ProductForm.css";
import type { customerFields } from "~/models/customer/customer-schema";
import type { CustomerActionData } from "~/web/customer/customer-form.server";
import type { FormConstraint } from "~/web/form-constraint";
import { useHydrated } from "~/web/use-hydrated";
import { useSchemaForm } from "~/web/use-schema-form";

export type CustomerFormValues = Partial<Record<keyof typeof customerFields.shape, string>>;

type Props = {
  id: string;
  /** From the loader: `formConstraint(customerSchema)`. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: CustomerFormValues;
  submitLabel: string;
  /** the action's answer when the discount sells products under cost (below-cost.ts) */
  belowCost?: CustomerActionData["belowCost"];
};

/** Add or edit a customer. Company and VAT number are for business customers (hidden for others with JavaScript). */
export function CustomerForm({ id, constraint, lastResult, defaultValue, submitLabel, belowCost }: Props) {
  const { t } = useTranslation("customers");
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm({
    id,
    constraint,
    schema: () => import("~/models/customer/customer-schema").then((m) => m.customerSchema),
    lastResult,
    serverChecks: true,
    defaultValue: { customerType: "individual", vipStatus: "false", ...defaultValue },
  });
  const business = !hydrated || fields.customerType.value === "business";
  const text = (f: Parameters<typeof getInputProps>[0], type: "text" | "email" | "tel" = "text") =>
    getInputProps(f, { type });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      {defaultValue?.version ? <input type="hidden" name="version" value={defaultValue.version} /> : null}
      <div className={s.grid}>
        <Field
          label={t("form.firstName")}
          errors={fields.firstName.errors}
          inputProps={text(fields.firstName)}
        />
        <Field
          label={t("form.lastName")}
          errors={fields.lastName.errors}
          inputProps={text(fields.lastName)}
        />
        <Field
          label={t("form.email")}
          errors={fields.email.errors}
          inputProps={text(fields.email, "email")}
        />
        <Field label={t("form.phone")} errors={fields.phone.errors} inputProps={text(fields.phone, "tel")} />
        <SelectField
          label={t("form.type")}
          errors={fields.customerType.errors}
          selectProps={getSelectProps(fields.customerType)}
          options={[
            { value: "individual", label: t("type.individual") },
            { value: "business", label: t("type.business") },
          ]}
        />
        <SelectField
          label={t("form.vip")}
          selectProps={getSelectProps(fields.vipStatus)}
          options={[
            { value: "false", label: t("status.regular") },
            { value: "true", label: t("status.vip") },
          ]}
        />
        {business ? (
          <>
            <Field
              label={t("form.company")}
              errors={fields.company.errors}
              inputProps={text(fields.company)}
            />
            <Field
              label={t("form.vatNumber")}
              errors={fields.vatNumber.errors}
              inputProps={text(fields.vatNumber)}
            />
          </>
        ) : null}
        <Field label={t("form.address")} errors={fields.address.errors} inputProps={text(fields.address)} />
        <Field
          label={t("form.postalCode")}
          errors={fields.postalCode.errors}
          inputProps={text(fields.postalCode)}
        />
        <Field label={t("form.city")} errors={fields.city.errors} inputProps={text(fields.city)} />
        <Field label={t("form.country")} errors={fields.country.errors} inputProps={text(fields.country)} />
        <Field
          label={t("form.discount")}
          errors={fields.discountPercentage.errors}
          inputProps={{ ...text(fields.discountPercentage), inputMode: "decimal" }}
        />
        <Field
          label={t("form.creditLimit")}
          errors={fields.creditLimit.errors}
          inputProps={{ ...text(fields.creditLimit), inputMode: "decimal" }}
        />
      </div>
      <TextareaField
        label={t("form.notes")}
        errors={fields.notes.errors}
        textareaProps={getTextareaProps(fields.notes)}
      />
      {belowCost ? (
        <>
          <p className={belowCostStyle.hint} data-testid="discount-below-cost">
            {t("belowCost.products", { count: belowCost.products, discount: belowCost.discount })}
          </p>
          <BelowCostConfirm
            answer={belowCost.answer}
            reason={fields.belowCostReason.value}
            errors={fields.belowCostReason.errors}
          />
        </>
      ) : (
        <ErrorList id="below-cost-reason-error" errors={fields.belowCostReason.errors} />
      )}
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormFooter cancelTo="/customers" submitLabel={submitLabel} />
    </Form>
  );
}
