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

export type CampaignFormValues = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  isActive: string;
  /** The day its reference prices were printed, or "". */
  referenceFrozenOn: string;
  version?: string;
};

type Props = {
  id: string;
  /** From the loader: `formConstraint(campaignSchema)`. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  defaultValue: CampaignFormValues;
  submitLabel: string;
};

/** Add or edit a campaign: native date inputs and a select for on/off, so it works without JavaScript. */
export function CampaignForm({ id, constraint, lastResult, defaultValue, submitLabel }: Props) {
  const { t } = useTranslation("campaigns");
  const [form, fields] = useSchemaForm({
    id,
    constraint,
    schema: () => import("~/models/campaign/campaign-schema").then((m) => m.campaignSchema),
    lastResult,
    defaultValue,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      {defaultValue.version ? <input type="hidden" name="version" value={defaultValue.version} /> : null}
      <Field
        label={t("form.name")}
        errors={fields.name.errors}
        inputProps={getInputProps(fields.name, { type: "text" })}
      />
      <TextareaField
        label={t("form.description")}
        errors={fields.description.errors}
        textareaProps={getTextareaProps(fields.description)}
      />
      <div className={s.grid}>
        <Field
          label={t("form.start")}
          errors={fields.startDate.errors}
          inputProps={getInputProps(fields.startDate, { type: "date" })}
        />
        <Field
          label={t("form.end")}
          errors={fields.endDate.errors}
          inputProps={getInputProps(fields.endDate, { type: "date" })}
        />
        <SelectField
          label={t("form.isActive")}
          selectProps={getSelectProps(fields.isActive)}
          options={[
            { value: "true", label: t("form.on") },
            { value: "false", label: t("form.off") },
          ]}
        />
      </div>
      <Field
        label={t("form.referenceFrozenOn")}
        errors={fields.referenceFrozenOn.errors}
        inputProps={getInputProps(fields.referenceFrozenOn, { type: "date" })}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormFooter cancelTo="/campaigns" submitLabel={submitLabel} />
    </Form>
  );
}
