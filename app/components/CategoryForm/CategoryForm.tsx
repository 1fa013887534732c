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
import type { CategoryOption } from "~/models/category.server";
import { categorySchema } from "~/models/category-schema";
import { Button, buttonClass } from "../Button/Button";
import { ErrorList, Field, SelectField } from "../Field/Field";
import * as field from "../Field/Field.css";
import * as s from "../ProductForm/ProductForm.css";

type Props = {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  parents: CategoryOption[];
  defaultValue?: { name: string; description: string; parentId: string; version: string };
  submitLabel: string;
};

/** Add or edit a category: name, description and parent (a native select: works without JavaScript). */
export function CategoryForm({ id, lastResult, parents, defaultValue, submitLabel }: Props) {
  const { t } = useTranslation("categories");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(categorySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: categorySchema, disableAutoCoercion: true }),
  });
  const descriptionError = fields.description.errors?.length ? `${fields.description.id}-error` : undefined;
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset>
      {defaultValue?.version ? <input type="hidden" name="version" value={defaultValue.version} /> : null}
      <Field
        label={t("form.name")}
        errors={fields.name.errors}
        inputProps={getInputProps(fields.name, { type: "text" })}
      />
      <div className={field.field}>
        <label className={field.label} htmlFor={fields.description.id}>
          {t("form.description")}
        </label>
        <textarea
          className={field.input}
          rows={3}
          {...getTextareaProps(fields.description)}
          aria-describedby={descriptionError}
        />
        <ErrorList id={descriptionError} errors={fields.description.errors} />
      </div>
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
      <div className={s.footer}>
        <Link to="/categories" className={buttonClass("secondary")} preventScrollReset>
          {t("common:actions.cancel")}
        </Link>
        <Button type="submit" disabled={pending}>
          {pending ? t("common:actions.saving") : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
