import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import * as list from "~/components/ProductList/ProductList.css";
import { Code, Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { ReorderGroup } from "~/models/stock/reorder.server";
import { useCan } from "~/web/use-can";
import * as s from "./ReorderList.css";

/**
 * The "To reorder" tab's page of lines, a card per supplier: its name, lead time, how many lines
 * and their value at cost (over all pages), then its lines, most urgent first.
 */
export function ReorderGroups({ groups }: { groups: ReorderGroup[] }) {
  const { t } = useTranslation("inventory");
  const format = useFormat();
  const location = useLocation();
  const mayOrder = useCan("purchase:write");
  const mayTransfer = useCan("transfer:write");
  return (
    <div className={s.groups}>
      {groups.map((group) => (
        <Card key={group.supplierId}>
          <div data-testid="reorder-group" data-supplier={group.supplierName}>
            <div className={s.head}>
              <h2 className={s.name} id={`reorder-supplier-${group.supplierId}`}>
                <Link to={`/suppliers/${group.supplierId}`} className={list.productName}>
                  {group.supplierName}
                </Link>
                {group.continued ? <span className={table.muted}> {t("reorder.continued")}</span> : null}
              </h2>
              <p className={s.facts}>
                <span className={s.fact} data-testid="reorder-lead-time">
                  {t("reorder.leadTime", { count: group.leadTimeDays })}
                </span>
                <span className={s.fact} data-testid="reorder-line-count">
                  {t("reorder.lines", { count: group.lineCount, formatted: format.number(group.lineCount) })}
                </span>
                <span className={s.fact} data-testid="reorder-group-value">
                  {t("reorder.atCost", { value: format.money(group.value) })}
                </span>
              </p>
            </div>
            <DataTable
              label={t("reorder.tableLabel", { supplier: group.supplierName })}
              columns={[
                {
                  key: "product",
                  kind: "primary",
                  label: t("reorder.table.product"),
                  cell: (line) => (
                    <>
                      <Link
                        to={`/products/${line.productId}`}
                        className={`${list.productName} ${table.clamp}`}
                        title={line.name}
                      >
                        {line.name}
                      </Link>
                      <div className={table.muted}>
                        <Cut text={line.brand} max="column" />
                      </div>
                      {line.location ? (
                        <div className={table.muted} data-testid="reorder-location">
                          {t("reorder.atLocation", { location: line.location.name })}
                        </div>
                      ) : null}
                    </>
                  ),
                },
                {
                  key: "sku",
                  kind: "code",
                  label: t("reorder.table.sku"),
                  cell: (line) => <Code value={line.sku} />,
                },
                {
                  key: "stock",
                  kind: "numeric",
                  label: t("reorder.table.stock"),
                  testId: "reorder-stock",
                  cell: (line) => format.number(line.stockLevel),
                },
                {
                  key: "point",
                  kind: "numeric",
                  label: t("reorder.table.point"),
                  testId: "reorder-point",
                  cell: (line) =>
                    line.ownPoint ? (
                      <span className={s.own} title={t("reorder.ownPoint")}>
                        {format.number(line.reorderPoint)}
                      </span>
                    ) : (
                      <span title={t("reorder.shopPoint")}>{format.number(line.reorderPoint)}</span>
                    ),
                },
                {
                  key: "suggested",
                  kind: "numeric",
                  label: t("reorder.table.suggested"),
                  testId: "reorder-suggested",
                  cell: (line) => (
                    <>
                      <strong>{format.number(line.suggestedQuantity)}</strong>
                      {line.transferFrom ? (
                        <div className={table.muted} data-testid="reorder-transfer">
                          {mayTransfer && line.location ? (
                            // A new transfer with this line filled in, to check and create.
                            <Link
                              to={transferLink(line.transferFrom, line.location.id, line.sku)}
                              title={t("reorder.transferHint")}
                              data-testid="reorder-transfer-link"
                            >
                              {t("reorder.transferFrom", {
                                quantity: format.number(line.transferFrom.quantity),
                                location: line.transferFrom.name,
                              })}
                            </Link>
                          ) : (
                            t("reorder.transferFrom", {
                              quantity: format.number(line.transferFrom.quantity),
                              location: line.transferFrom.name,
                            })
                          )}
                        </div>
                      ) : null}
                    </>
                  ),
                },
                {
                  key: "unitCost",
                  kind: "numeric",
                  label: t("reorder.table.unitCost"),
                  optional: true,
                  cell: (line) => format.money(line.unitCost),
                },
                {
                  key: "lineValue",
                  kind: "numeric",
                  label: t("reorder.table.lineValue"),
                  testId: "reorder-line-value",
                  cell: (line) => format.money(line.lineValue),
                },
              ]}
              rows={group.lines}
              rowKey={(line) => `${line.productId}:${line.location?.id ?? ""}`}
              rowProps={(line) => ({ "data-testid": "reorder-line", "data-sku": line.sku })}
            />
            {mayOrder && toBuy(group.lines).length > 0 ? (
              // One click: the lines shown become a draft purchase order of this supplier (purchasing).
              <Form method="post" action="/purchasing/from-reorder" className={s.draft}>
                <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
                {toBuy(group.lines).map((line) => (
                  <span key={line.productId} hidden>
                    <input type="hidden" name="productId[]" value={line.productId} />
                    <input type="hidden" name="quantity[]" value={line.suggestedQuantity} />
                  </span>
                ))}
                <Button
                  type="submit"
                  variant="secondary"
                  data-testid="reorder-draft"
                  title={t("reorder.draftHint")}
                >
                  {t("reorder.draft")}
                </Button>
              </Form>
            ) : null}
          </div>
        </Card>
      ))}
    </div>
  );
}

/** The new transfer's form started with a line's suggested transfer. */
function transferLink(from: { locationId: number; quantity: number }, to: number, sku: string): string {
  const query = new URLSearchParams({
    from: String(from.locationId),
    to: String(to),
    sku,
    quantity: String(from.quantity),
  });
  return `/transfers/new?${query}`;
}

/**
 * The lines a draft purchase order takes: each product once (its total's line and a location's
 * line both name it across all locations: the larger suggestion), those with something to buy.
 */
function toBuy(lines: ReorderGroup["lines"]): { productId: number; suggestedQuantity: number }[] {
  const most = new Map<number, number>();
  for (const line of lines)
    most.set(line.productId, Math.max(most.get(line.productId) ?? 0, line.suggestedQuantity));
  return [...most]
    .filter(([, quantity]) => quantity > 0)
    .map(([productId, suggestedQuantity]) => ({ productId, suggestedQuantity }));
}
