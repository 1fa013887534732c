import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as header from "~/components/PageHeader/PageHeader.css";
import * as detail from "~/components/ProductList/ProductDetail.css";
import { ShipSerials } from "~/components/Serial/ShipSerials";
import { useFormat } from "~/i18n/use-format";
import { isReturnable } from "~/models/customer-return/customer-return-state";
import type { EditorActionData, loadDocument } from "~/web/order/document-form.server";
import type { ShipmentActionData } from "~/web/order/shipment-form.server";
import { DocumentEditor, DocumentLines, DocumentMoves, DocumentStatus, DocumentTotals } from "./Document";
import * as s from "./Document.css";

type Data = Awaited<ReturnType<typeof loadDocument>>;

/** A quote's or an order's page: its status and moves, then the editor while editable, else its lines. */
export function DocumentDetail({
  data,
  actionData,
}: {
  data: Data;
  actionData?:
    | (Partial<EditorActionData & ShipmentActionData> & { values?: Record<string, string | number> })
    | null;
}) {
  const { t } = useTranslation("orders");
  const format = useFormat();
  const { document } = data;
  const editor = actionData?.editor ?? data.editor;
  // Serial-tracked lines ship through their own form (issue #31), not the plain button.
  const shipment = actionData?.shipment ?? data.shipment;
  const moves = shipment ? data.moves.filter((move) => move.to !== "shipped") : data.moves;
  const screen = document.kind === "quote" ? "quotes" : "orders";
  return (
    <>
      <Link to={`/${screen}`} className={detail.back}>
        ← {t(`${screen}.back`)}
      </Link>
      <PageHeader
        title={document.number}
        lead={
          <span className={detail.badges}>
            <DocumentStatus kind={document.kind} status={document.status} />
            {document.kind === "order" ? (
              <DocumentStatus kind="payment" status={document.paymentStatus} />
            ) : null}
            <span>{format.date(document.date)}</span>
          </span>
        }
        actions={
          <span className={header.actions}>
            {/* Goods of a shipped or delivered order come back on a return (issue #31), any role. */}
            {document.kind === "order" && isReturnable(document.status) ? (
              <Link
                to={`/returns/new?order=${document.id}`}
                className={buttonClass("secondary")}
                data-testid="register-return"
              >
                {t("detail.registerReturn")}
              </Link>
            ) : null}
            {/* A page of its own outside the app shell, loaded as a document: no client navigation. */}
            <Link
              to={`/${screen}/${document.id}/print`}
              reloadDocument
              className={buttonClass("secondary")}
              data-testid="print-link"
            >
              {t("print.link")}
            </Link>
          </span>
        }
      />
      <div className={s.stack}>
        <DocumentMoves
          kind={document.kind}
          number={document.number}
          moves={moves}
          version={document.version}
        />
        {shipment ? (
          <ShipSerials shipment={shipment} version={document.version} label={t("actions.order.shipped")} />
        ) : null}
        {editor ? (
          <DocumentEditor
            kind={document.kind}
            editor={editor}
            values={actionData?.values}
            locations={data.editor?.locations}
          />
        ) : (
          <>
            <Card>
              <dl className={s.facts}>
                <dt className={s.term}>{t("detail.customer")}</dt>
                <dd className={s.value} data-testid="document-customer">
                  {document.customer ? (
                    <>
                      <Link to={`/customers/${document.customer.id}`}>{document.customer.name}</Link>
                      {document.customer.company ? ` (${document.customer.company})` : ""}
                    </>
                  ) : (
                    t("detail.noCustomer")
                  )}
                </dd>
                {document.kind === "quote" ? (
                  <>
                    <dt className={s.term}>{t("detail.validUntil")}</dt>
                    <dd className={s.value}>{format.date(`${document.validUntil}T12:00:00`)}</dd>
                  </>
                ) : null}
                {document.kind === "quote" && document.orderId ? (
                  <>
                    <dt className={s.term}>{t("detail.toOrder")}</dt>
                    <dd className={s.value}>
                      <Link to={`/orders/${document.orderId}`}>{t("detail.toOrder")}</Link>
                    </dd>
                  </>
                ) : null}
                {document.kind === "order" ? (
                  <>
                    <dt className={s.term}>{t("detail.location")}</dt>
                    <dd className={s.value} data-testid="document-location">
                      {document.location.name}
                    </dd>
                  </>
                ) : null}
                {document.kind === "order" && document.quoteId ? (
                  <>
                    <dt className={s.term}>{t("detail.fromQuote")}</dt>
                    <dd className={s.value}>
                      <Link to={`/quotes/${document.quoteId}`}>{t("detail.fromQuote")}</Link>
                    </dd>
                  </>
                ) : null}
                {document.notes ? (
                  <>
                    <dt className={s.term}>{t("detail.notes")}</dt>
                    <dd className={s.value}>{document.notes}</dd>
                  </>
                ) : null}
              </dl>
            </Card>
            <DocumentLines lines={document.lines} units={document.kind === "order" ? document.units : []} />
            <Card title={t("totals.title")}>
              <DocumentTotals amounts={document} />
            </Card>
          </>
        )}
      </div>
    </>
  );
}

/** A new quote's or order's page: the editor alone. */
export function NewDocument({
  kind,
  data,
  actionData,
}: {
  kind: "quote" | "order";
  data: { editor: Data["editor"] & object };
  actionData?: (EditorActionData & { values?: Record<string, string | number> }) | null;
}) {
  const { t } = useTranslation("orders");
  const screen = kind === "quote" ? "quotes" : "orders";
  return (
    <>
      <Link to={`/${screen}`} className={detail.back}>
        ← {t(`${screen}.back`)}
      </Link>
      <PageHeader title={t(`${screen}.newTitle`)} />
      <DocumentEditor
        kind={kind}
        editor={actionData?.editor ?? data.editor}
        values={actionData?.values}
        locations={data.editor.locations}
      />
    </>
  );
}
