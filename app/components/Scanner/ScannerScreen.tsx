import { Form, Link, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { CameraScanner } from "~/components/CameraScanner/CameraScanner";
import { Card } from "~/components/Card/Card";
import * as dash from "~/components/Dashboard/Dashboard.css";
import { CUSTOMER_SUGGESTIONS_ID, useCustomerSuggestions } from "~/components/Document/use-suggestions";
import { Field } from "~/components/Field/Field";
import * as field from "~/components/Field/Field.css";
import { Icon } from "~/components/Icon/Icon";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as header from "~/components/PageHeader/PageHeader.css";
import * as list from "~/components/ProductList/ProductList.css";
import { Code, DataTable, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import { labelPreviewHref } from "~/models/label/label-source";
import type { ScannedLine } from "~/models/scanned-list";
import type { DocumentError } from "~/web/scanner-page.server";

/** What the scanner page shows: the scanned list, its count and total, and a refused document. */
export type ScannerScreenProps = {
  items: ScannedLine[];
  count: number;
  total: string;
  /** the list's location (issue #32): the user's work location */
  location: { id: number; name: string };
  canMakeDocument: boolean;
  documentError: DocumentError | null;
};

const AUTO_SUBMIT_LENGTHS = [8, 12, 13];
const SCANNED_LABELS = labelPreviewHref({ from: "scanned" });

/** The barcode scanner: a code field (and the camera), the scanned list, the list made a document. */
export function ScannerScreen({
  items,
  count,
  total,
  location,
  canMakeDocument,
  documentError,
}: ScannerScreenProps) {
  const { t } = useTranslation("scanner");
  const format = useFormat();
  const [params] = useSearchParams();
  const hidden = params.get("scanner") === "hidden";
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // After each scan the field is empty and focused again, ready for the next code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes
  useEffect(() => {
    form.current?.reset();
    form.current?.querySelector<HTMLInputElement>("input[name=code]")?.focus();
  }, [count, items.length]);
  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        actions={
          <Link
            to={hidden ? "/barcode-scanner" : "/barcode-scanner?scanner=hidden"}
            className={buttonClass("secondary")}
          >
            {hidden ? t("show") : t("hide")}
          </Link>
        }
      />
      <div className={dash.columns}>
        {hidden ? null : (
          <Card title={t("panel.title")}>
            <Form
              method="post"
              ref={form}
              onSubmit={(event) => {
                // A manual submit replaces the automatic one still waiting.
                clearTimeout(timer.current);
                // Once sent, the code leaves the field (after the form's data is read): the next
                // scan starts afresh, and pressing Add after an automatic submit adds nothing twice.
                const code = event.currentTarget.elements.namedItem("code");
                setTimeout(() => {
                  if (code instanceof HTMLInputElement) code.value = "";
                });
              }}
              className={list.filters}
              style={{ border: "none", padding: 0 }}
              replace
            >
              <input type="hidden" name="intent" value="scan" />
              <div className={`${list.filter} ${list.grow}`}>
                <Field
                  label={t("panel.code")}
                  inputProps={{
                    id: "scan-code",
                    name: "code",
                    autoFocus: true,
                    autoComplete: "off",
                    required: true,
                    placeholder: t("panel.placeholder"),
                    // A scanner types the whole code at once: submit 100 ms after 8, 12 or 13 characters.
                    onChange: (event) => {
                      clearTimeout(timer.current);
                      const length = event.currentTarget.value.trim().length;
                      if (AUTO_SUBMIT_LENGTHS.includes(length)) {
                        timer.current = setTimeout(() => form.current?.requestSubmit(), 100);
                      }
                    },
                  }}
                />
              </div>
              <Button type="submit">
                <Icon name="scanner" size={16} />
                {t("panel.add")}
              </Button>
            </Form>
            <CameraScanner
              onCode={(code) => {
                // As if typed: the code goes into the field and the form is sent.
                const input = form.current?.querySelector<HTMLInputElement>("input[name=code]");
                if (!input) return;
                input.value = code;
                clearTimeout(timer.current);
                form.current?.requestSubmit();
              }}
            />
          </Card>
        )}
        <Card title={t("help.title")}>
          <ol className={table.muted}>
            <li>{t("help.one")}</li>
            <li>{t("help.two")}</li>
            <li>{t("help.three")}</li>
          </ol>
        </Card>
      </div>
      <Card title={t("list.title")}>
        <p data-testid="scanned-location">{t("list.location", { location: location.name })}</p>
        <p data-testid="scanned-summary">{t("list.summary", { count, total: format.money(total) })}</p>
        {items.length === 0 ? (
          <p className={table.muted}>{t("list.empty")}</p>
        ) : (
          <>
            <DataTable
              label={t("list.title")}
              columns={[
                {
                  key: "product",
                  kind: "primary",
                  label: t("list.product"),
                  cell: (item) => (
                    <>
                      <strong className={table.clamp} title={item.name}>
                        {item.name}
                      </strong>
                      <Code value={item.sku} />
                    </>
                  ),
                },
                {
                  key: "price",
                  kind: "numeric",
                  label: t("list.price"),
                  cell: (item) => format.money(item.price),
                },
                {
                  key: "stock",
                  kind: "numeric",
                  label: t("list.stock"),
                  cell: (item) => (
                    <span data-testid="scanned-stock">
                      {t("list.stockHere", {
                        here: format.number(item.stockHere),
                        total: format.number(item.stockTotal),
                      })}
                    </span>
                  ),
                },
                {
                  key: "quantity",
                  kind: "badge",
                  label: t("list.quantity"),
                  cell: (item) => (
                    <Form method="post" className={list.stockCell} replace>
                      <input type="hidden" name="productId" value={item.productId} />
                      <Button
                        type="submit"
                        variant="secondary"
                        name="intent"
                        value="minus"
                        aria-label={`${t("list.minus")}: ${item.name}`}
                      >
                        −
                      </Button>
                      <span data-testid="scanned-quantity">{item.quantity}</span>
                      <Button
                        type="submit"
                        variant="secondary"
                        name="intent"
                        value="plus"
                        aria-label={`${t("list.plus")}: ${item.name}`}
                      >
                        +
                      </Button>
                    </Form>
                  ),
                },
                {
                  key: "total",
                  kind: "numeric",
                  label: t("list.total"),
                  cell: (item) => format.money(item.total),
                },
                {
                  key: "remove",
                  kind: "actions",
                  label: t("list.remove"),
                  cell: (item) => (
                    <Form method="post" replace>
                      <input type="hidden" name="productId" value={item.productId} />
                      <RowButton
                        name="intent"
                        value="remove"
                        icon="trash"
                        tone="danger"
                        label={t("list.remove")}
                        target={item.name}
                      />
                    </Form>
                  ),
                },
              ]}
              rows={items}
              rowKey={(item) => item.productId}
              rowProps={() => ({ "data-testid": "scanned-item" })}
            />
            <div className={header.actions} style={{ marginTop: 16 }}>
              <Form method="post" replace>
                <Button type="submit" variant="secondary" name="intent" value="clear">
                  {t("list.clear")}
                </Button>
              </Form>
              {/* Shelf labels of the list's products, one each (issue #30). */}
              <Link to={SCANNED_LABELS} className={buttonClass("secondary")}>
                {t("list.printLabels")}
              </Link>
            </div>
          </>
        )}
      </Card>
      {canMakeDocument && items.length > 0 ? <ListToDocument error={documentError} /> : null}
    </>
  );
}

/** The list made a new quote or order for a customer: a plain form with two buttons. */
function ListToDocument({ error }: { error: DocumentError | null }) {
  const suggestCustomers = useCustomerSuggestions();
  const { t } = useTranslation("scanner");
  const { t: tc } = useTranslation();
  return (
    <Card title={t("toDocument.title")}>
      <p className={table.muted}>{t("toDocument.lead")}</p>
      <Form
        method="post"
        className={list.filters}
        style={{ border: "none", padding: 0 }}
        data-testid="scanner-to-document"
      >
        <div className={`${list.filter} ${list.grow}`}>
          <Field
            label={t("toDocument.customer")}
            inputProps={{
              id: "scanner-customer",
              name: "customer",
              defaultValue: error?.customer ?? "",
              placeholder: t("orders:editor.customerPlaceholder"),
              list: CUSTOMER_SUGGESTIONS_ID,
              autoComplete: "off",
              maxLength: 400,
              onInput: suggestCustomers.onInput,
            }}
          />
          <datalist id={CUSTOMER_SUGGESTIONS_ID}>
            {suggestCustomers.suggestions.map((customer) => (
              <option key={customer.value} value={customer.value} />
            ))}
          </datalist>
        </div>
        <Button type="submit" variant="secondary" name="intent" value="toQuote">
          {t("toDocument.toQuote")}
        </Button>
        <Button type="submit" name="intent" value="toOrder">
          {t("toDocument.toOrder")}
        </Button>
      </Form>
      {error ? (
        <p role="alert" className={field.errors} data-testid="scanner-document-error">
          {tc(error.message, error.values)}
        </p>
      ) : null}
    </Card>
  );
}
