import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, TextareaField } from "~/components/Field/Field";
import { FormFooter } from "~/components/FormFooter/FormFooter";
import * as s from "~/components/ProductForm/ProductForm.css";
import type { FormConstraint } from "~/web/form-constraint";
import { useSchemaForm } from "~/web/use-schema-form";

export type SupplierFormValues = Partial<
  Record<"name" | "contactName" | "email" | "phone" | "leadTimeDays" | "notes" | "version", string>
>;

type Props = {
  id: string;
  /** From the loader: `formConstraint(supplierSchema)`. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: SupplierFormValues;
  submitLabel: string;
  cancelTo: string;
};

/** Add or edit a supplier: a real POST form, checked in the browser with the server's schema. */
export function SupplierForm({ id, constraint, lastResult, defaultValue, submitLabel, cancelTo }: Props) {
  const { t } = useTranslation("suppliers");
  const [form, fields] = useSchemaForm({
    id,
    constraint,
    schema: () => import("~/models/supplier/supplier-schema").then((m) => m.supplierSchema),
    lastResult,
    serverChecks: true,
    defaultValue: { leadTimeDays: "7", ...defaultValue },
  });
  const text = (f: Parameters<typeof getInputProps>[0], type: "text" | "email" | "tel" = "text") =>
    getInputProps(f, { type });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      {defaultValue?.version ? <input type="hidden" name="version" value={defaultValue.version} /> : null}
      <div className={s.grid}>
        <Field label={t("form.name")} errors={fields.name.errors} inputProps={text(fields.name)} />
        <Field
          label={t("form.contactName")}
          errors={fields.contactName.errors}
          inputProps={text(fields.contactName)}
        />
        <Field
          label={t("form.email")}
          errors={fields.email.errors}
          inputProps={text(fields.email, "email")}
        />
        <Field label={t("form.phone")} errors={fields.phone.errors} inputProps={text(fields.phone, "tel")} />
        <Field
          label={t("form.leadTimeDays")}
          errors={fields.leadTimeDays.errors}
          inputProps={{
            ...text(fields.leadTimeDays),
            inputMode: "numeric",
            title: t("form.leadTimeHint"),
          }}
        />
      </div>
      <TextareaField
        label={t("form.notes")}
        errors={fields.notes.errors}
        textareaProps={getTextareaProps(fields.notes)}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormFooter cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
