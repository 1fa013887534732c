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
import { campaignSchema } from "~/models/campaign-schema";
import { Button, buttonClass } from "../Button/Button";
import { ErrorList, Field, SelectField } from "../Field/Field";
import * as field from "../Field/Field.css";
import * as s from "../ProductForm/ProductForm.css";

export type CampaignFormValues = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  isActive: string;
  version?: string;
};

type Props = {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue: CampaignFormValues;
  submitLabel: string;
};

/** Add or edit a campaign: native date inputs and a select for on/off, so it works without JavaScript. */
export function CampaignForm({ id, lastResult, defaultValue, submitLabel }: Props) {
  const { t } = useTranslation("campaigns");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(campaignSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: campaignSchema, disableAutoCoercion: true }),
  });
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset>
      {defaultValue.version ? <input type="hidden" name="version" value={defaultValue.version} /> : null}
      <Field
        label={t("form.name")}
        errors={fields.name.errors}
        inputProps={getInputProps(fields.name, { type: "text" })}
      />
      <div className={field.field}>
        <label className={field.label} htmlFor={fields.description.id}>
          {t("form.description")}
        </label>
        <textarea className={field.input} rows={3} {...getTextareaProps(fields.description)} />
        <ErrorList errors={fields.description.errors} />
      </div>
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
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className={s.footer}>
        <Link to="/campaigns" className={buttonClass("secondary")} preventScrollReset>
          {t("common:actions.cancel")}
        </Link>
        <Button type="submit" disabled={pending}>
          {pending ? t("common:actions.saving") : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
