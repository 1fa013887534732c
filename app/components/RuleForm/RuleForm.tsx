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
import { RULE_EXAMPLES, RULE_TYPES, type RuleType } from "~/models/automation/rule-types";
import type { FormConstraint } from "~/web/form-constraint";
import { useSchemaForm } from "~/web/use-schema-form";

type Props = {
  id: string;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  defaultValue: {
    name: string;
    type: RuleType;
    isActive: boolean;
    conditions: string;
    actions: string;
    version?: string;
  };
  submitLabel: string;
  cancelTo: string;
};

/** The JSON a rule type's example shows, as the textareas hold it. */
export function ruleJson(value: object) {
  return JSON.stringify(value);
}

/**
 * Create or edit an automation rule: name, type, conditions and actions as JSON (each problem shown
 * under its textarea, naming the field), active. A native form: works without JavaScript.
 */
export function RuleForm({ id, constraint, lastResult, defaultValue, submitLabel, cancelTo }: Props) {
  const { t } = useTranslation("notifications");
  const [form, fields] = useSchemaForm({
    id,
    constraint,
    schema: () => import("~/models/automation/rule-schema").then((m) => m.ruleSchema),
    lastResult,
    defaultValue: { ...defaultValue, isActive: defaultValue.isActive ? "on" : undefined },
  });
  // A JSON field's errors name the field they are about: "conditions.stockBelow — Enter a number".
  const jsonErrors = (name: "conditions" | "actions") =>
    Object.entries(fields[name].allErrors).flatMap(([path, messages]) =>
      messages.map((message) => (path === name ? t(message) : `${path} — ${t(message)}`)),
    );
  const type = (RULE_TYPES.find((name) => name === fields.type.value) ?? defaultValue.type) as RuleType;
  const example = RULE_EXAMPLES[type];
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      {defaultValue.version ? <input type="hidden" name="version" value={defaultValue.version} /> : null}
      <Field
        label={t("page.rules.form.name")}
        errors={fields.name.errors}
        inputProps={getInputProps(fields.name, { type: "text" })}
      />
      <SelectField
        label={t("page.rules.form.type")}
        errors={fields.type.errors}
        selectProps={getSelectProps(fields.type)}
        options={RULE_TYPES.map((name) => ({
          value: name,
          label: `${t(`page.rules.types.${name}`)} (${name})`,
        }))}
      />
      <p data-testid="rule-type-help">{t(`page.rules.typeHelp.${type}`)}</p>
      <TextareaField
        label={t("page.rules.form.conditions")}
        errors={jsonErrors("conditions")}
        textareaProps={{ ...getTextareaProps(fields.conditions), spellCheck: false, rows: 3 }}
      />
      <p>
        {t("page.rules.form.example")} <code>{ruleJson(example.conditions)}</code>
      </p>
      <TextareaField
        label={t("page.rules.form.actions")}
        errors={jsonErrors("actions")}
        textareaProps={{ ...getTextareaProps(fields.actions), spellCheck: false, rows: 2 }}
      />
      <p>
        {t("page.rules.form.example")} <code>{ruleJson(example.actions)}</code>
      </p>
      <label>
        <input {...getInputProps(fields.isActive, { type: "checkbox" })} /> {t("page.rules.form.active")}
      </label>
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormFooter cancelTo={cancelTo} submitLabel={submitLabel} />
    </Form>
  );
}
