import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { customerSchema } from "~/models/customer-schema";
import { useHydrated } from "~/utils/use-hydrated";
import { Button, buttonClass } from "../Button/Button";
import { ErrorList, Field, SelectField } from "../Field/Field";
import * as field from "../Field/Field.css";
import * as s from "../ProductForm/ProductForm.css";

export type CustomerFormValues = Partial<Record<keyof typeof customerSchema.shape, string>>;

type Props = {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: CustomerFormValues;
  submitLabel: string;
};

/** Add or edit a customer. Company and VAT number are for business customers (hidden for others with JavaScript). */
export function CustomerForm({ id, lastResult, defaultValue, submitLabel }: Props) {
  const { t } = useTranslation("customers");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: { customerType: "individual", vipStatus: "false", ...defaultValue },
    constraint: getZodConstraint(customerSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: customerSchema, disableAutoCoercion: true }),
  });
  const business = !hydrated || fields.customerType.value === "business";
  const text = (f: Parameters<typeof getInputProps>[0], type: "text" | "email" | "tel" = "text") =>
    getInputProps(f, { type });
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset>
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
      <div className={field.field}>
        <label className={field.label} htmlFor={fields.notes.id}>
          {t("form.notes")}
        </label>
        <textarea className={field.input} rows={3} {...getTextareaProps(fields.notes)} />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className={s.footer}>
        <Link to="/customers" className={buttonClass("secondary")} preventScrollReset>
          {t("common:actions.cancel")}
        </Link>
        <Button type="submit" disabled={pending}>
          {pending ? t("common:actions.saving") : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
