import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import * as doc from "~/components/Document/Document.css";
import { FormErrors } from "~/components/Document/LineEditor";
import { Field, SelectField, TextareaField } from "~/components/Field/Field";
import type { MarkDefectiveActionData } from "~/web/stock/mark-defective-form.server";
import { useCan } from "~/web/use-can";

/** This form's refusal, when the page's last post was it. */
function useRefusal(): MarkDefectiveActionData | null {
  const data = useActionData<MarkDefectiveActionData | Record<string, unknown>>();
  return data && "intent" in data && data.intent === "mark-defective"
    ? (data as MarkDefectiveActionData)
    : null;
}

/**
 * "Mark defective" on a unit's page (issue #31): a unit in stock found faulty leaves the sellable
 * stock for the defective stock, where a supplier claim gathers it. Admins and managers; a plain
 * form posting to the page.
 */
export function MarkUnitDefective({ unit }: { unit: { state: string; serial: string } }) {
  const { t } = useTranslation("serials");
  const allowed = useCan("serial:write");
  const refusal = useRefusal();
  if (!allowed) return null;
  // A refused post of a unit that left the stock meanwhile: the reason, without the form.
  if (unit.state !== "in_stock")
    return refusal ? <FormErrors keys={refusal.errors} values={refusal.values} /> : null;
  return (
    <Card title={t("markDefective.title")}>
      <Form method="post" className={doc.stack} data-testid="mark-defective" noValidate>
        <p className={doc.hint}>{t("markDefective.hint")}</p>
        <TextareaField
          label={t("markDefective.note")}
          textareaProps={{
            id: "defective-note",
            name: "note",
            defaultValue: refusal?.note ?? "",
            maxLength: 500,
            rows: 2,
          }}
        />
        <FormErrors keys={refusal?.errors} values={refusal?.values} />
        <div className={doc.buttons}>
          <Button type="submit" name="intent" value="mark-defective" variant="danger">
            {t("markDefective.submit")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/**
 * "Mark defective" on an untracked product's page: a quantity found faulty leaves the sellable
 * stock of the location it was found in (a damage movement) for the defective stock. A serial-tracked product's units are marked
 * on their own pages.
 */
export function MarkStockDefective({
  product,
  places,
}: {
  product: { tracking: string; stockLevel: number };
  /** The active locations to choose where it was found (issue #32), one's own first chosen. */
  places: { locations: { id: number; name: string }[]; chosen: number };
}) {
  const { t } = useTranslation("stock");
  const allowed = useCan("stock:write");
  const refusal = useRefusal();
  if (!allowed) return null;
  if (product.tracking !== "none" || product.stockLevel <= 0)
    return refusal ? (
      <FormErrors keys={refusal.errors} values={refusal.values} testId="mark-defective-errors" />
    ) : null;
  return (
    <Card title={t("markDefective.title")}>
      <Form method="post" className={doc.stack} data-testid="mark-stock-defective" noValidate>
        <p className={doc.hint}>{t("markDefective.hint")}</p>
        <div className={doc.fields}>
          <Field
            label={t("markDefective.quantity")}
            inputProps={{
              id: "defective-quantity",
              name: "quantity",
              defaultValue: refusal?.quantity ?? "1",
              inputMode: "numeric",
              maxLength: 7,
            }}
          />
          <SelectField
            label={t("markDefective.location")}
            selectProps={{
              id: "defective-location",
              name: "locationId",
              defaultValue: refusal?.locationId || String(places.chosen),
            }}
            options={places.locations.map((location) => ({
              value: String(location.id),
              label: location.name,
            }))}
          />
          <Field
            label={t("markDefective.note")}
            inputProps={{
              id: "defective-stock-note",
              name: "note",
              defaultValue: refusal?.note ?? "",
              maxLength: 500,
            }}
          />
        </div>
        <FormErrors keys={refusal?.errors} values={refusal?.values} testId="mark-defective-errors" />
        <div className={doc.buttons}>
          <Button type="submit" name="intent" value="mark-defective" variant="secondary">
            {t("markDefective.submit")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
