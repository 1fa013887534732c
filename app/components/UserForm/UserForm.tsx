import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SelectField } from "~/components/Field/Field";
import { FormFooter } from "~/components/FormFooter/FormFooter";
import * as s from "~/components/ProductForm/ProductForm.css";
import { ROLES } from "~/models/user/roles";
import type { FormConstraint } from "~/web/form-constraint";
import { useSchemaForm } from "~/web/use-schema-form";

export type UserFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  isActive: string;
  version?: string;
};

type Props = {
  id: string;
  mode: "new" | "edit";
  /** From the loader: `formConstraint` of the mode's schema. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: UserFormValues;
  submitLabel: string;
};

/** Add or edit a user: the password is required for a new user and optional on edit. */
export function UserForm({ id, mode, constraint, lastResult, defaultValue, submitLabel }: Props) {
  const { t } = useTranslation("users");
  const [form, fields] = useSchemaForm({
    id,
    constraint,
    schema: () =>
      import("~/models/user/user-schema").then((m) => (mode === "new" ? m.newUserSchema : m.editUserSchema)),
    lastResult,
    serverChecks: true,
    defaultValue: { role: "salesperson", isActive: "true", ...defaultValue },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      {defaultValue?.version ? <input type="hidden" name="version" value={defaultValue.version} /> : null}
      <div className={s.grid}>
        <Field
          label={t("form.firstName")}
          errors={fields.firstName.errors}
          inputProps={getInputProps(fields.firstName, { type: "text" })}
        />
        <Field
          label={t("form.lastName")}
          errors={fields.lastName.errors}
          inputProps={getInputProps(fields.lastName, { type: "text" })}
        />
        <Field
          label={t("form.email")}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
        />
        <Field
          label={mode === "new" ? t("form.password") : t("form.newPassword")}
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            // On edit an empty password keeps the old one.
            required: mode === "new",
          }}
        />
        <SelectField
          label={t("form.role")}
          errors={fields.role.errors}
          selectProps={getSelectProps(fields.role)}
          options={ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
        />
        <SelectField
          label={t("form.status")}
          selectProps={getSelectProps(fields.isActive)}
          options={[
            { value: "true", label: t("status.active") },
            { value: "false", label: t("status.inactive") },
          ]}
        />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormFooter cancelTo="/users" submitLabel={submitLabel} />
    </Form>
  );
}
