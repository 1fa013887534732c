import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Button, buttonClass } from "~/components/Button/Button";
import { DateRangeFilter } from "~/components/DateRangeFilter/DateRangeFilter";
import { Icon } from "~/components/Icon/Icon";
import { FilterSelect } from "~/components/ListFilters/ListFilters";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as list from "~/components/ProductList/ProductList.css";
import { Cut, DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import type { AuditChange } from "~/models/audit/audit.entity";
import { type AuditRow, listAudit } from "~/models/audit/audit.server";
import { AUDITED_PAGES, AUDITED_TYPES } from "~/models/audit/audited";
import { calendarDayParam } from "~/models/calendar-day";
import { displayName } from "~/models/user/user";
import { listUsers } from "~/models/user/user.server";
import { requireUser } from "~/web/auth.server";
import { idParam, pageNumber } from "~/web/params";

export const handle = { i18n: ["common", "audit"] };

const PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "audit:read" });
  const params = new URL(request.url).searchParams;
  const filters = {
    userId: idParam(params.get("user") ?? undefined),
    entityType: AUDITED_TYPES.find((type) => type === params.get("type")) ?? null,
    entityId: idParam(params.get("id") ?? undefined),
    from: calendarDayParam(params.get("from")),
    to: calendarDayParam(params.get("to")),
  };
  const page = pageNumber(params.get("page"));
  const [{ rows, total }, users] = await Promise.all([
    listAudit(filters, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    listUsers(),
  ]);
  return {
    rows,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters,
    users: users.map((user) => ({ id: user.id, name: displayName(user) })),
    // From the loader: the audited entities' declarations stay on the server.
    types: AUDITED_TYPES,
    recordPages: AUDITED_PAGES,
  };
}

export const meta = pageTitle("audit:title");

/** Where a record is seen, while it exists. */
function recordLink(row: AuditRow, pages: Partial<Record<string, string>>): string | null {
  if (row.action === "delete") return null;
  const id = row.entityId;
  // Each audited entity names its page in its aggregate's declaration.
  return pages[row.entityType]?.replace(":id", String(id)) ?? null;
}

const MONEY_FIELDS = new Set([
  "purchasePrice",
  "sellingPrice",
  "discountPrice",
  "originalPrice",
  "creditLimit",
  // A price below cost confirmed (below_cost): the price and the net cost.
  "price",
  "cost",
]);
type Format = ReturnType<typeof useFormat>;

/** A value as a line of the list: money and flags as the reader writes them, at most 60 characters. */
function shown(field: string, value: unknown, t: TFunction, format: Format): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (MONEY_FIELDS.has(field) && typeof value === "string") return format.money(value);
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function ChangeList({ changes, t }: { changes: Record<string, AuditChange>; t: TFunction }) {
  const format = useFormat();
  const entries = Object.entries(changes);
  if (entries.length === 0) return <>—</>;
  return (
    <ul className={table.plainList}>
      {entries.map(([field, change]) => {
        const label = t(`fields.${field}`, { defaultValue: field });
        const value =
          "from" in change && "to" in change
            ? `${shown(field, change.from, t, format)} → ${shown(field, change.to, t, format)}`
            : "to" in change || "from" in change
              ? shown(field, "to" in change ? change.to : change.from, t, format)
              : t("changed"); // a secret: changed, its values not kept
        return (
          <li key={field}>
            <strong>{label}</strong> {value}
          </li>
        );
      })}
    </ul>
  );
}

const ACTION_TONES = { create: "success", update: "neutral", delete: "warning" } as const;

export default function AuditPage() {
  const { t } = useTranslation("audit");
  const format = useFormat();
  const { rows, total, page, pages, filters, users, types, recordPages } = useLoaderData<typeof loader>();
  const query = (n: number) => {
    const params = new URLSearchParams();
    if (filters.userId) params.set("user", String(filters.userId));
    if (filters.entityType) params.set("type", filters.entityType);
    if (filters.entityId) params.set("id", String(filters.entityId));
    if (filters.from) params.set("from", filters.from);
    if (filters.to) params.set("to", filters.to);
    params.set("page", String(n));
    return `?${params}`;
  };
  const key = JSON.stringify(filters);
  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} />
      <Form method="get" className={list.filters} role="search" key={key}>
        <FilterSelect
          id="audit-user"
          name="user"
          label={t("filters.user")}
          value={filters.userId ? String(filters.userId) : ""}
          anyLabel={t("filters.anyUser")}
          options={users.map((user) => ({ value: user.id, label: user.name }))}
        />
        <FilterSelect
          id="audit-type"
          name="type"
          label={t("filters.type")}
          value={filters.entityType ?? ""}
          anyLabel={t("filters.anyType")}
          options={types.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        />
        <DateRangeFilter
          idPrefix="audit"
          from={filters.from ?? null}
          to={filters.to ?? null}
          labels={{ from: t("filters.from"), to: t("filters.to") }}
        />
        {filters.entityId ? <input type="hidden" name="id" value={filters.entityId} /> : null}
        <Button type="submit">
          <Icon name="search" size={16} />
          {t("filters.apply")}
        </Button>
        <Link to="/audit" className={buttonClass("secondary")}>
          {t("filters.clear")}
        </Link>
      </Form>
      <DataTable
        label={t("title")}
        columns={[
          {
            key: "time",
            label: t("table.time"),
            cell: (row) => (
              <span title={t("request", { id: row.requestId ?? "—" })}>{format.dateTime(row.createdAt)}</span>
            ),
          },
          {
            key: "user",
            label: t("table.user"),
            cell: (row) => <Cut text={row.userName || t("nobody")} max="14rem" />,
          },
          {
            key: "action",
            kind: "badge",
            label: t("table.action"),
            cell: (row) => <Badge tone={ACTION_TONES[row.action]}>{t(`actions.${row.action}`)}</Badge>,
          },
          {
            key: "record",
            kind: "primary",
            label: t("table.record"),
            cell: (row) => {
              const to = recordLink(row, recordPages);
              return (
                <>
                  <div className={table.muted}>{t(`types.${row.entityType}`)}</div>
                  {to ? (
                    <Link to={to}>
                      <Cut text={row.entityLabel} max="column" />
                    </Link>
                  ) : (
                    <Cut text={row.entityLabel} max="column" />
                  )}
                </>
              );
            },
          },
          {
            key: "changes",
            label: t("table.changes"),
            cell: (row) => <ChangeList changes={row.changes} t={t} />,
          },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-testid": "audit-row", "data-action": row.action })}
        empty={t("empty")}
      />
      <Pager
        page={page}
        pages={pages}
        summary={t("pageOf", { page, pages, total: format.number(total) })}
        to={query}
        testId="audit-total"
        total={total}
      />
    </>
  );
}
