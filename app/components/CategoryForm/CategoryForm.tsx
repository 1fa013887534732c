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
import type { CategoryOption } from "~/models/category/category.server";
import type { FormConstraint } from "~/web/form-constraint";
import { useSchemaForm } from "~/web/use-schema-form";

type Props = {
  id: string;
  /** From the loader: `formConstraint(categorySchema)`. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  parents: CategoryOption[];
  defaultValue?: { name: string; description: string; parentId: string; version: string };
  submitLabel: string;
};

/** Add or edit a category: name, description and parent (a native select: works without JavaScript). */
export function CategoryForm({ id, constraint, lastResult, parents, defaultValue, submitLabel }: Props) {
  const { t } = useTranslation("categories");
  const [form, fields] = useSchemaForm({
    id,
    constraint,
    schema: () => import("~/models/category/category-schema").then((m) => m.categorySchema),
    lastResult,
    defaultValue,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      {defaultValue?.version ? <input type="hidden" name="version" value={defaultValue.version} /> : null}
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
      <SelectField
        label={t("form.parent")}
        errors={fields.parentId.errors}
        selectProps={getSelectProps(fields.parentId)}
        options={[
          { value: "", label: t("form.noParent") },
          ...parents.map((c) => ({ value: String(c.id), label: `${"\u2003".repeat(c.depth)}${c.name}` })),
        ]}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormFooter cancelTo="/categories" submitLabel={submitLabel} />
    </Form>
  );
}
