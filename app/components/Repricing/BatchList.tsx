import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/Badge/Badge";
import { Card } from "~/components/Card/Card";
import { Cut, DataTable } from "~/components/Table/DataTable";
import { useFormat } from "~/i18n/use-format";
import type { BatchState } from "~/models/price-batch/price-batch";
import type { PriceBatchRow } from "~/models/price-batch/price-batch.server";
import { ruleText, scopeText } from "./batch-words";
import * as s from "./Repricing.css";

const STATE_TONE: Record<BatchState, BadgeTone> = { preview: "info", applied: "success", undone: "neutral" };

export function BatchStateBadge({ state }: { state: BatchState }) {
  const { t } = useTranslation("repricing");
  return (
    <Badge tone={STATE_TONE[state]} testId="batch-state">
      {t(`states.${state}`)}
    </Badge>
  );
}

/** The latest batches, each linking to its page (its preview, or to undo it). */
export function BatchList({ batches }: { batches: PriceBatchRow[] }) {
  const { t } = useTranslation("repricing");
  const format = useFormat();
  return (
    <Card title={t("list.title")} className={s.section}>
      <DataTable
        label={t("list.title")}
        rows={batches}
        rowKey={(batch) => batch.id}
        rowProps={() => ({ "data-testid": "batch-row" })}
        empty={t("list.empty")}
        columns={[
          {
            key: "batch",
            kind: "primary",
            label: t("list.batch"),
            cell: (batch) => (
              <Link to={`/products/reprice/${batch.id}`}>
                <Cut text={`#${batch.id} ${scopeText(t, batch)}`} lines={2} />
              </Link>
            ),
          },
          { key: "rule", kind: "text", label: t("list.rule"), cell: (batch) => ruleText(t, format, batch) },
          {
            key: "products",
            kind: "numeric",
            label: t("list.products"),
            cell: (batch) => format.number(batch.products),
          },
          {
            key: "state",
            kind: "badge",
            label: t("list.state"),
            cell: (batch) => <BatchStateBadge state={batch.state} />,
          },
          {
            key: "created",
            kind: "text",
            label: t("list.created"),
            cell: (batch) => (
              <>
                <span className={s.nowrap}>{format.dateTime(batch.createdAt)}</span>
                {batch.createdByName ? <Cut text={batch.createdByName} max="column" /> : null}
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
