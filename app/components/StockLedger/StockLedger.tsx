import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { ErrorList, Field, SelectField } from "~/components/Field/Field";
import { Pager } from "~/components/Pager/Pager";
import { Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { StockMovementRow } from "~/models/stock/stock-movement.server";
import { MANUAL_REASONS } from "~/models/stock/stock-reason";
import type { FormConstraint } from "~/web/form-constraint";
import { useSchemaForm } from "~/web/use-schema-form";
import * as s from "./StockLedger.css";

/** A quantity as the ledger shows it: signed, "+12" or "−3", in the reader's number format. */
function SignedQuantity({ quantity }: { quantity: number }) {
  const format = useFormat();
  return (
    <span className={quantity > 0 ? s.into : s.out}>
      {quantity > 0 ? "+" : "−"}
      {format.number(Math.abs(quantity))}
    </span>
  );
}

/** A page of a product's stock ledger, newest first, with links to the pages before and after. */
export function StockLedger({
  movements,
  total,
  page,
  pages,
  pageTo,
}: {
  movements: StockMovementRow[];
  total: number;
  page: number;
  pages: number;
  pageTo: (page: number) => string;
}) {
  const { t } = useTranslation("stock");
  const format = useFormat();
  return (
    <div data-testid="stock-ledger">
      <DataTable
        label={t("title")}
        primaryMin="5.5rem"
        columns={[
          {
            key: "date",
            label: t("table.date"),
            cell: (row) => <span className={s.moment}>{format.dateTime(row.createdAt)}</span>,
          },
          {
            key: "reason",
            kind: "primary",
            label: t("table.reason"),
            cell: (row) => (
              <>
                <div>{t(`reasons.${row.reason}`)}</div>
                {/* Where it moved (issue #32), under what: a line, not a column the table has no room for. */}
                <div className={table.muted} data-testid="movement-location">
                  <Cut text={row.location.name} max="10rem" />
                </div>
                {row.reference ? (
                  <div className={`${table.muted} ${table.nowrap}`}>{row.reference}</div>
                ) : null}
              </>
            ),
          },
          {
            key: "quantity",
            kind: "numeric",
            label: t("table.quantity"),
            testId: "movement-quantity",
            cell: (row) => <SignedQuantity quantity={row.quantity} />,
          },
          {
            key: "stockAfter",
            kind: "numeric",
            label: t("table.stockAfter"),
            testId: "movement-stock-after",
            cell: (row) => format.number(row.stockAfter),
          },
          {
            key: "user",
            label: t("table.user"),
            cell: (row) => (row.userName ? <Cut text={row.userName} max="7rem" /> : "—"),
          },
          {
            key: "note",
            label: t("table.note"),
            cell: (row) => (
              <span className={s.note}>{row.note ? <Cut text={row.note} max="column" /> : "—"}</span>
            ),
          },
        ]}
        rows={movements}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-testid": "stock-movement", "data-reason": row.reason })}
        empty={t("empty")}
      />
      {total > 0 ? (
        <Pager
          page={page}
          pages={pages}
          summary={t("pageOf", { page, pages, total: format.number(total) })}
          to={pageTo}
          testId="stock-ledger-total"
          total={total}
        />
      ) : null}
    </div>
  );
}

/**
 * Records a movement by hand: a plain POST form to the product page's action (intent
 * "stock-movement"), so it works before and without JavaScript.
 */
export function StockMovementForm({
  id,
  constraint,
  lastResult,
  locations,
  locationId,
}: {
  id: string;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  /** The active locations to choose from (issue #32), and the one chosen first (the user's work location). */
  locations: { id: number; name: string }[];
  locationId: number;
}) {
  const { t } = useTranslation("stock");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "stock-movement";
  const [form, fields] = useSchemaForm({
    id,
    constraint,
    schema: () => import("~/models/stock/stock-movement-schema").then((m) => m.stockMovementSchema),
    lastResult,
    defaultValue: { reason: "receipt", locationId: String(locationId) },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset aria-label={t("form.title")}>
      <input type="hidden" name="intent" value="stock-movement" />
      <p className={s.hint}>{t("form.quantityHint")}</p>
      <div className={s.form}>
        <Field
          label={t("form.quantity")}
          errors={fields.quantity.errors}
          // No numeric keypad: a phone's has no minus sign.
          inputProps={getInputProps(fields.quantity, { type: "text" })}
        />
        <SelectField
          label={t("form.reason")}
          errors={fields.reason.errors}
          selectProps={getSelectProps(fields.reason)}
          options={MANUAL_REASONS.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }))}
        />
        <SelectField
          label={t("form.location")}
          errors={fields.locationId.errors}
          selectProps={getSelectProps(fields.locationId)}
          options={locations.map((location) => ({ value: String(location.id), label: location.name }))}
        />
        <div className={s.wide}>
          <Field
            label={t("form.note")}
            errors={fields.note.errors}
            inputProps={getInputProps(fields.note, { type: "text" })}
          />
        </div>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className={s.footer}>
        <Button type="submit" disabled={pending}>
          {pending ? t("form.saving") : t("form.submit")}
        </Button>
      </div>
    </Form>
  );
}
