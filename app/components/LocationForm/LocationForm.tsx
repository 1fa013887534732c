import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SelectField, TextareaField } from "~/components/Field/Field";
import { FormFooter } from "~/components/FormFooter/FormFooter";
import * as s from "~/components/ProductForm/ProductForm.css";
import type { FormConstraint } from "~/web/form-constraint";
import { useSchemaForm } from "~/web/use-schema-form";

export type LocationFormValues = Partial<
  Record<"name" | "kind" | "address" | "active" | "isDefault" | "version", string>
>;

type Props = {
  id: string;
  /** From the loader: `formConstraint(locationSchema)`. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: LocationFormValues;
  submitLabel: string;
  cancelTo: string;
};

/** Add or edit a location (issue #32): a real POST form, checked in the browser with the server's schema. */
export function LocationForm({ id, constraint, lastResult, defaultValue, submitLabel, cancelTo }: Props) {
  const { t } = useTranslation("locations");
  const [form, fields] = useSchemaForm({
    id,
    constraint,
    schema: () => import("~/models/location/location-schema").then((m) => m.locationSchema),
    lastResult,
    serverChecks: true,
    defaultValue: { kind: "store", active: "true", isDefault: "false", ...defaultValue },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      {defaultValue?.version ? <input type="hidden" name="version" value={defaultValue.version} /> : null}
      <div className={s.grid}>
        <Field
          label={t("form.name")}
          errors={fields.name.errors}
          inputProps={getInputProps(fields.name, { type: "text" })}
        />
        <SelectField
          label={t("form.kind")}
          errors={fields.kind.errors}
          selectProps={getSelectProps(fields.kind)}
          options={[
            { value: "store", label: t("kind.store") },
            { value: "warehouse", label: t("kind.warehouse") },
          ]}
        />
        <SelectField
          label={t("form.active")}
          errors={fields.active.errors}
          selectProps={getSelectProps(fields.active)}
          options={[
            { value: "true", label: t("active") },
            { value: "false", label: t("inactive") },
          ]}
        />
        <SelectField
          label={t("form.isDefault")}
          errors={fields.isDefault.errors}
          selectProps={getSelectProps(fields.isDefault)}
          options={[
            { value: "false", label: t("form.isDefaultNo") },
            { value: "true", label: t("form.isDefaultYes") },
          ]}
        />
      </div>
      <TextareaField
        label={t("form.address")}
        errors={fields.address.errors}
        textareaProps={getTextareaProps(fields.address)}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormFooter cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
