import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { MarkStockDefective } from "~/components/MarkDefective/MarkDefective";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { PriceChart } from "~/components/PriceChart/PriceChart";
import { PriceClaim } from "~/components/PriceClaim/PriceClaim";
import * as claimStyle from "~/components/PriceClaim/PriceClaim.css";
import { MarginBadge, StatusBadge, StockBadge } from "~/components/ProductBadges/ProductBadges";
import * as s from "~/components/ProductList/ProductDetail.css";
import { StockChart } from "~/components/StockChart/StockChart";
import { StockByLocation } from "~/components/StockLedger/StockByLocation";
import { StockLedger, StockMovementForm } from "~/components/StockLedger/StockLedger";
import { Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { Toaster } from "~/components/Toaster/Toaster";
import { useFormat } from "~/i18n/use-format";
import { unitPrice } from "~/models/label/label-facts";
import { activeLocations } from "~/models/location/location.server";
import { ownLocationChoice } from "~/models/location/location-writes.server";
import { fromCents } from "~/models/money";
import { listPriceHistory, priceClaims } from "~/models/price/price-history.server";
import type { MeasureUnit } from "~/models/product/measure";
import { getProduct } from "~/models/product/product-reads.server";
import { stockByLocation } from "~/models/stock/stock-by-location.server";
import { listStockMovements, stockHistory } from "~/models/stock/stock-movement.server";
import { stockMovementSchema } from "~/models/stock/stock-movement-schema";
import { productInTransit } from "~/models/transfer/transfer.server";
import { can } from "~/models/user/permissions";
import { requireUser } from "~/web/auth.server";
import { formConstraint, readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam, pageNumber } from "~/web/params";
import type { RootData } from "~/web/root-loader.server";
import { locationPointForm } from "~/web/stock/location-point-form.server";
import { markStockDefectiveForm } from "~/web/stock/mark-defective-form.server";
import { type MovementActionData, recordMovementForm } from "~/web/stock/stock-movement-form.server";
import { useSettings } from "~/web/use-settings";

export const handle = { i18n: ["common", "products", "prices", "stock", "transfers"] };

/** Movements a page of the product's stock ledger shows (`?movements=N` is the page). */
const MOVEMENTS_PAGE = 10;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const product = id ? await getProduct(id) : null;
  if (!product) throw recordNotFound("product");
  const page = pageNumber(new URL(request.url).searchParams.get("movements"));
  const writes = can(user.role, "stock:write");
  const [history, claims, ledger, stock, places, locations, choice, inTransit] = await Promise.all([
    listPriceHistory(product.id),
    priceClaims([product.id]),
    listStockMovements(product.id, { limit: MOVEMENTS_PAGE, offset: (page - 1) * MOVEMENTS_PAGE }),
    stockHistory(product.id),
    // Its stock, shelf and reorder point in each location (issue #32).
    stockByLocation(product.id),
    activeLocations(),
    writes ? ownLocationChoice(user.id) : null,
    productInTransit(product.id),
  ]);
  return {
    product,
    history,
    claim: claims.get(product.id) ?? null,
    stock,
    inTransit,
    ledger: { ...ledger, page, pages: Math.max(1, Math.ceil(ledger.total / MOVEMENTS_PAGE)) },
    places,
    locations,
    // Only for those who may record a movement: the others get no form. It moves stock in the
    // user's work location unless they choose another (issue #32).
    movementConstraint: writes ? formConstraint(stockMovementSchema) : null,
    movementPlaces: choice && {
      locations: choice.locations.map(({ id, name }) => ({ id, name })),
      chosen: choice.own ?? choice.locations.find((location) => location.isDefault)?.id ?? 0,
    },
  };
}

// Admins and managers record stock movements here; the product's other changes have their routes.
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "stock:write" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("product");
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "stock-movement":
      return recordMovementForm(form, id, user.id);
    case "mark-defective":
      return markStockDefectiveForm(form, id, user.id);
    case "location-point":
      return locationPointForm(form, id);
    default:
      throw data({ message: "Unknown intent" }, { status: 400 });
  }
}

/**
 * A product sold by measure: "5 m · 2,98 €/m", its selling price per unit as its shelf label
 * computes it (label-facts.ts); "—" for one sold by the piece.
 */
function measureText(
  product: { unit: MeasureUnit | null; netQuantity: string | null; sellingPrice: string },
  format: ReturnType<typeof useFormat>,
): string {
  const { unit, netQuantity } = product;
  if (unit === null || netQuantity === null) return "—";
  // As many decimals as it has ("0.75": 0,75).
  const quantity = format.number(Number(netQuantity), netQuantity.split(".")[1]?.length ?? 0);
  const cents = unitPrice(product.sellingPrice, unit, netQuantity);
  // A no-break space holds a quantity to its unit: a narrow column breaks only at the dot.
  return cents === null
    ? `${quantity}\u00a0${unit}`
    : `${quantity}\u00a0${unit} · ${format.money(fromCents(cents))}/${unit}`;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.product.name ?? "Product"} · VoltStock` },
];

export default function ProductDetail() {
  const { t, i18n } = useTranslation(["products", "prices"]);
  const {
    product,
    history,
    claim,
    ledger,
    stock,
    places,
    inTransit,
    locations,
    movementConstraint,
    movementPlaces,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<MovementActionData>();
  const user = useRouteLoaderData<RootData>("root")?.user;
  const format = useFormat();
  const settings = useSettings();
  const details: [string, ReactNode][] = [
    [t("table.sku"), product.sku],
    [t("table.brand"), product.brand],
    [t("detail.category"), product.categoryName ?? t("form.noCategory")],
    [
      t("detail.supplier"),
      <Link key="supplier" to={`/suppliers/${product.supplierId}`}>
        {product.supplier}
      </Link>,
    ],
    [t("detail.ean"), product.ean ?? "—"],
    [t("detail.barcode"), product.barcode ?? "—"],
    [t("detail.measure"), measureText(product, format)],
    [t("detail.tracking"), t(`tracking.${product.tracking}`)],
    [
      t("detail.guarantee"),
      product.guaranteeMonths === null
        ? "—"
        : t("detail.guaranteeMonths", { count: product.guaranteeMonths }),
    ],
    [
      t("detail.lastCounted"),
      product.lastCountedAt ? format.date(product.lastCountedAt) : t("detail.neverCounted"),
    ],
    [t("detail.vatRate"), format.rate(product.vatRate)],
    [t("form.stockLevel"), t("stock.units", { count: product.stockLevel })],
    // Sent between locations and not yet received (issue #32): out of the stock level above.
    ...(inTransit.quantity > 0
      ? ([
          [
            t("transfers:inTransit.title"),
            <span key="in-transit" data-testid="product-in-transit">
              {format.number(inTransit.quantity)} (
              {inTransit.transfers.map((transfer, index) => (
                <span key={transfer.id}>
                  {index > 0 ? ", " : ""}
                  <Link to={`/transfers/${transfer.id}`}>{transfer.number}</Link>
                </span>
              ))}
              )
            </span>,
          ],
        ] as [string, ReactNode][])
      : []),
    // Not sellable, kept apart until a supplier claim sends it back (issue #31).
    [t("stock:defective.label"), t("stock.units", { count: product.defectiveStock })],
    [
      t("detail.reorderPoint"),
      product.reorderPoint === null
        ? t("detail.shopDefault", { value: format.number(settings.reorderPoint) })
        : format.number(product.reorderPoint),
    ],
    [
      t("detail.reorderQuantity"),
      product.reorderQuantity === null
        ? t("detail.shopDefault", { value: format.number(settings.reorderQuantity) })
        : format.number(product.reorderQuantity),
    ],
    [t("detail.createdAt"), format.date(product.createdAt)],
    [t("detail.updatedAt"), format.date(product.updatedAt)],
  ];
  return (
    <>
      <Link to="/products" className={s.back}>
        ← {t("detail.back")}
      </Link>
      <PageHeader
        title={product.name}
        lead={
          <span className={s.badges}>
            <StatusBadge status={product.status} />
            <StockBadge stockLevel={product.stockLevel} />
          </span>
        }
        actions={
          <>
            {/* Its shelf label on the shop's default layout (no layout named): a download (issue #30). */}
            <form method="post" action="/labels/print" style={{ display: "contents" }}>
              <input type="hidden" name="product" value={product.id} />
              <input type="hidden" name="language" value={i18n.language} />
              <button type="submit" className={buttonClass("secondary")}>
                {t("common:labels.printOne")}
              </button>
            </form>
            {can(user?.role, "product:write") ? (
              <Link to={`/products/${product.id}/edit`} className={buttonClass("primary")}>
                {t("common:actions.edit")}
              </Link>
            ) : null}
          </>
        }
      />
      <div className={s.layout}>
        <div className={s.stack}>
          {product.imageUrl ? <img className={s.image} src={product.imageUrl} alt={product.name} /> : null}
          <Card title={t("detail.details")}>
            <dl className={s.list}>
              {details.map(([term, value]) => (
                <div key={term} style={{ display: "contents" }}>
                  <dt className={s.term}>{term}</dt>
                  <dd className={s.value}>{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
        <div className={s.stack}>
          <Card>
            <div className={s.figures}>
              <div className={s.figure}>
                <span className={s.term}>{t("detail.sellingPrice")}</span>
                <span className={s.big}>{format.money(product.sellingPrice)}</span>
              </div>
              <div className={s.figure}>
                <span className={s.term}>{t("detail.purchasePrice")}</span>
                <span className={s.big}>{format.money(product.purchasePrice)}</span>
                <span className={s.term}>
                  {product.vatInclusive ? t("detail.vatInclusive") : t("detail.vatExclusive")}
                </span>
              </div>
              <div className={s.figure}>
                <span className={s.term}>{t("detail.profit")}</span>
                <span className={s.big}>{format.money(product.profit)}</span>
              </div>
              <div className={s.figure}>
                <span className={s.term}>{t("detail.currentMargin")}</span>
                <span className={s.big} data-testid="current-margin">
                  <MarginBadge margin={product.margin} category={product.marginCategory} />
                </span>
              </div>
            </div>
          </Card>
          {claim ? (
            <Card title={t("prices:claim.title")}>
              <PriceClaim claim={claim} testId="price-claim" />
            </Card>
          ) : null}
          <Card title={t("detail.history")}>
            {history.length ? (
              <>
                <PriceChart points={history} />
                <div className={s.spacedAbove} data-testid="price-history">
                  <DataTable
                    label={t("detail.history")}
                    columns={[
                      {
                        key: "changedAt",
                        label: t("detail.changedAt"),
                        cell: (row) => format.dateTime(row.at),
                      },
                      {
                        key: "purchase",
                        kind: "numeric",
                        label: t("detail.purchasePrice"),
                        cell: (row) => format.money(row.purchasePrice),
                      },
                      {
                        key: "selling",
                        kind: "numeric",
                        label: t("detail.sellingPrice"),
                        // A campaign's price, while one ran, under the product's own.
                        cell: (row) =>
                          row.reduced ? (
                            <span className={claimStyle.lines}>
                              {format.money(row.sellingPrice)}
                              <span className={claimStyle.note} data-testid="history-campaign-price">
                                {t("prices:log.campaignPrice", { price: format.money(row.price) })}
                              </span>
                            </span>
                          ) : (
                            format.money(row.sellingPrice)
                          ),
                      },
                      {
                        key: "margin",
                        kind: "numeric",
                        label: t("table.margin"),
                        cell: (row) => format.percent(Number(row.margin)),
                      },
                      {
                        key: "changedBy",
                        label: t("detail.changedBy"),
                        // The person, and the path the change came by (a form, the API, a campaign...).
                        cell: (row) => (
                          <>
                            {row.changedBy ? <Cut text={row.changedBy} /> : "—"}
                            <br />
                            <span className={claimStyle.note}>{t(`prices:log.sources.${row.source}`)}</span>
                          </>
                        ),
                      },
                    ]}
                    rows={[...history].reverse()}
                    rowKey={(row) => row.id}
                  />
                </div>
              </>
            ) : (
              <p className={table.muted}>{t("detail.historyEmpty")}</p>
            )}
          </Card>
          <StockByLocation rows={places} locations={locations} stockLevel={product.stockLevel} />
          <Card title={t("stock:title")}>
            <p className={table.muted}>{t("stock:lead")}</p>
            <StockChart points={stock} />
            {movementConstraint && movementPlaces ? (
              <>
                <Toaster toast={actionData?.toast ?? null} placement="inline" />
                <StockMovementForm
                  // A recorded movement moves the product's version: the form starts afresh.
                  id={`stock-movement-${product.id}-${product.version}`}
                  constraint={movementConstraint}
                  lastResult={actionData?.result}
                  locations={movementPlaces.locations}
                  locationId={movementPlaces.chosen}
                />
              </>
            ) : null}
            <StockLedger
              movements={ledger.movements}
              total={ledger.total}
              page={ledger.page}
              pages={ledger.pages}
              pageTo={(page) => `?movements=${page}`}
            />
          </Card>
          {movementPlaces ? <MarkStockDefective product={product} places={movementPlaces} /> : null}
        </div>
      </div>
    </>
  );
}
