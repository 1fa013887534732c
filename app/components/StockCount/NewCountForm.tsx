import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList, Field, SelectField } from "~/components/Field/Field";
import type { CategoryOption } from "~/models/category/category.server";
import { COUNT_SCOPES } from "~/models/stock-count/stock-count";
import type { CountLocationOptions } from "~/models/stock-count/stock-count.server";
import type { FormConstraint } from "~/web/form-constraint";
import { useHydrated } from "~/web/use-hydrated";
import { useSchemaForm } from "~/web/use-schema-form";
import * as s from "./StockCount.css";

/**
 * "New count": what to count (the whole shop, a category, a shelf), optionally only the products
 * not counted for some days. Without JavaScript every field shows (the server ignores those the
 * scope does not use); with it, only the scope's.
 */
export function NewCountForm({
  categories,
  locations,
  constraint,
  lastResult,
}: {
  categories: CategoryOption[];
  /** Where the count may be (issue #32), the person's work location chosen at first. */
  locations: CountLocationOptions;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("stock-count");
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm({
    id: "new-count",
    constraint,
    schema: () => import("~/models/stock-count/stock-count-schema").then((m) => m.newCountSchema),
    lastResult,
    defaultValue: {
      scope: "shop",
      locationId: String(locations.chosen),
      categoryId: "",
      shelf: "",
      notCountedDays: "",
      note: "",
    },
  });
  const scope = fields.scope.value ?? "shop";
  return (
    <Card title={t("new.title")} className={s.section}>
      <Form method="post" {...getFormProps(form)} data-testid="new-count-form">
        <div className={s.fields}>
          <SelectField
            label={t("new.location")}
            errors={fields.locationId.errors}
            selectProps={getSelectProps(fields.locationId)}
            options={locations.options.map((place) => ({ value: String(place.id), label: place.name }))}
          />
          <SelectField
            label={t("new.scope")}
            errors={fields.scope.errors}
            selectProps={getSelectProps(fields.scope)}
            options={COUNT_SCOPES.map((value) => ({ value, label: t(`scopes.${value}`) }))}
          />
          {!hydrated || scope === "category" ? (
            <SelectField
              label={t("new.category")}
              errors={fields.categoryId.errors}
              selectProps={getSelectProps(fields.categoryId)}
              options={[
                { value: "", label: t("new.chooseCategory") },
                ...categories.map((c) => ({
                  value: String(c.id),
                  label: `${"\u2003".repeat(c.depth)}${c.name}`,
                })),
              ]}
            />
          ) : null}
          {!hydrated || scope === "shelf" ? (
            <Field
              label={t("new.shelf")}
              errors={fields.shelf.errors}
              inputProps={{ ...getInputProps(fields.shelf, { type: "text" }), autoComplete: "off" }}
            />
          ) : null}
          <Field
            label={t("new.days")}
            errors={fields.notCountedDays.errors}
            inputProps={{ ...getInputProps(fields.notCountedDays, { type: "text" }), inputMode: "numeric" }}
          />
          <Field
            label={t("new.note")}
            errors={fields.note.errors}
            inputProps={getInputProps(fields.note, { type: "text" })}
          />
        </div>
        <p className={s.hint}>{t("new.daysHint")}</p>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit">{t("new.submit")}</Button>
      </Form>
    </Card>
  );
}
