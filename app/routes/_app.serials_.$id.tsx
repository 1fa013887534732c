import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import { Card } from "~/components/Card/Card";
import { MarkUnitDefective } from "~/components/MarkDefective/MarkDefective";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as s from "~/components/ProductList/ProductDetail.css";
import { Code, DataTable } from "~/components/Table/DataTable";
import { useFormat } from "~/i18n/use-format";
import { shopToday } from "~/models/campaign/campaign.server";
import { getSerialUnit } from "~/models/serial/serial.server";
import type { SerialDocumentType, SerialState } from "~/models/serial/serial-state";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { markUnitDefectiveForm } from "~/web/stock/mark-defective-form.server";

export const handle = { i18n: ["common", "serials"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const id = idParam(params.id);
  const unit = id ? await getSerialUnit(id) : null;
  if (!unit) throw recordNotFound("serialUnit");
  return { unit, today: shopToday() };
}

// Marking the unit defective (supplier claims, issue #31): admins and managers.
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "serial:write" });
  const id = idParam(params.id);
  if (!id || !(await getSerialUnit(id))) throw recordNotFound("serialUnit");
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "mark-defective":
      return markUnitDefectiveForm(form, id, user.id);
    default:
      throw data({ message: "Unknown intent" }, { status: 400 });
  }
}

const TONES: Record<SerialState, BadgeTone> = {
  in_stock: "success",
  sold: "neutral",
  returned: "warning",
  defective: "danger",
  at_supplier: "warning",
  scrapped: "neutral",
  in_transit: "info",
};

/** Where a document of the timeline is seen (the ones with pages so far). */
const DOCUMENT_PAGES: Partial<Record<SerialDocumentType, string>> = {
  purchase_order: "/purchasing",
  order: "/orders",
  stock_count: "/inventory/count",
  supplier_claim: "/purchasing/claims",
  return: "/returns",
  transfer: "/transfers",
};

/** The notes the app writes on a unit's events (a count's missing and found units, opening stock). */
const SYSTEM_NOTES = new Set(["missing", "found", "opening"]);

/** A unit of a serial-tracked product: its product, serial, state, guarantee and timeline. */
export default function SerialUnitPage() {
  const { t } = useTranslation("serials");
  const format = useFormat();
  const { unit, today } = useLoaderData<typeof loader>();
  const details: [string, ReactNode, string][] = [
    [
      t("unit.product"),
      <>
        <Link to={`/products/${unit.productId}`}>{unit.productName}</Link> <Code value={unit.sku} />
      </>,
      "product",
    ],
    [
      t(unit.tracking === "imei" ? "unit.imei" : "unit.serial"),
      <Code key="serial" value={unit.serial} />,
      "serial",
    ],
    [
      t("unit.state"),
      <Badge key="state" tone={TONES[unit.state]}>
        {t(`state.${unit.state}`)}
      </Badge>,
      "state",
    ],
    [t("unit.received"), unit.receivedAt ? format.dateTime(unit.receivedAt) : "—", "received"],
    [
      t("unit.guarantee"),
      unit.guaranteeMonths === null
        ? t("unit.noGuarantee")
        : t("unit.guaranteeMonths", { count: unit.guaranteeMonths }),
      "guarantee",
    ],
    ...(unit.sale ? saleDetails(unit.sale) : []),
  ];
  function saleDetails(sale: NonNullable<typeof unit.sale>): [string, ReactNode, string][] {
    const ended = sale.guaranteeEnds !== null && sale.guaranteeEnds < today;
    return [
      [
        t("unit.sold"),
        <>
          <Link to={`/orders/${sale.orderId}`}>{sale.orderNumber}</Link> · {format.date(sale.soldAt)}
        </>,
        "sold",
      ],
      [
        t("sold.soldTo"),
        sale.customerId ? (
          <Link key="customer" to={`/customers/${sale.customerId}`}>
            {sale.customerName}
          </Link>
        ) : (
          t("sold.walkIn")
        ),
        "customer",
      ],
      [
        t("sold.guarantee"),
        sale.guaranteeEnds ? (
          <>
            {format.date(`${sale.guaranteeEnds}T12:00:00`)}
            {ended ? ` (${t("sold.guaranteeEnded")})` : ""}
          </>
        ) : (
          t("sold.noGuarantee")
        ),
        "guarantee-ends",
      ],
    ];
  }
  return (
    <>
      <Link to="/serials" className={s.back}>
        ← {t("back")}
      </Link>
      <PageHeader title={unit.serial} lead={unit.productName} />
      <div className={s.layout}>
        <div className={s.stack}>
          <Card title={t("unit.details")}>
            <dl className={s.list} data-testid="serial-details">
              {details.map(([term, value, key]) => (
                <div key={key} style={{ display: "contents" }}>
                  <dt className={s.term}>{term}</dt>
                  <dd className={s.value} data-testid={`serial-${key}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
          <MarkUnitDefective unit={unit} />
        </div>
        <div className={s.stack}>
          <Card title={t("timeline.title")}>
            <div data-testid="serial-timeline">
              <DataTable
                label={t("timeline.title")}
                columns={[
                  { key: "when", label: t("timeline.when"), cell: (event) => format.dateTime(event.at) },
                  {
                    key: "what",
                    kind: "primary",
                    label: t("timeline.what"),
                    cell: (event) => t(`event.${event.kind}`),
                  },
                  {
                    key: "document",
                    label: t("timeline.document"),
                    cell: (event) => {
                      const page = event.documentType ? DOCUMENT_PAGES[event.documentType] : undefined;
                      if (!event.documentNumber) return "—";
                      return page && event.documentId ? (
                        <Link to={`${page}/${event.documentId}`}>{event.documentNumber}</Link>
                      ) : (
                        event.documentNumber
                      );
                    },
                  },
                  { key: "by", label: t("timeline.by"), cell: (event) => event.user ?? t("timeline.system") },
                  {
                    key: "note",
                    label: t("timeline.note"),
                    // The app's own notes are words it translates; a person's note is shown as written.
                    cell: (event) =>
                      event.note === null
                        ? ""
                        : SYSTEM_NOTES.has(event.note)
                          ? t(`notes.${event.note}`)
                          : event.note,
                  },
                ]}
                rows={unit.events}
                rowKey={(event) => event.id}
                rowProps={() => ({ "data-testid": "serial-event" })}
                empty={t("timeline.empty")}
              />
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.unit.serial ?? "Serial"} · VoltStock` },
];
