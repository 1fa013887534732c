/**
 * An alert's title and message in the reader's language, from the facts it was raised with
 * (`data`): the same words on the dashboard, on /notifications and in e-mails. An alert raised
 * before alerts carried their facts keeps its stored English text.
 */
export type AlertFacts = {
  type: string;
  title: string;
  message: string;
  data: Record<string, unknown> | null;
};

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Formats = {
  percent: (value: number) => string;
  money: (value: string) => string;
  date: (iso: string) => string;
};

const KNOWN = new Set(["low_stock", "low_margin", "price_change", "product_status", "campaign"]);

export function alertText(
  alert: AlertFacts,
  t: Translate,
  format: Formats,
): { title: string; message: string } {
  const data = alert.data ?? {};
  if (!KNOWN.has(alert.type) || Object.keys(data).length === 0)
    return { title: alert.title, message: alert.message };
  const rule = typeof data.rule === "string" ? data.rule : null;
  const title = rule
    ? t("notifications:alerts.ruleTitle", { type: t(`notifications:types.${alert.type}`), rule })
    : t(`notifications:types.${alert.type}`);
  const values: Record<string, unknown> = { ...data };
  if (typeof data.margin === "number") values.margin = format.percent(data.margin);
  if (typeof data.below === "number" && alert.type === "low_margin")
    values.below = format.percent(data.below);
  if (typeof data.from === "string" && alert.type === "price_change") values.from = format.money(data.from);
  if (typeof data.to === "string" && alert.type === "price_change") values.to = format.money(data.to);
  if (alert.type === "product_status") {
    values.from = t(`products:status.${data.from}`);
    values.to = t(`products:status.${data.to}`);
  }
  if (typeof data.date === "string") values.date = format.date(data.date);
  const variant =
    alert.type === "campaign"
      ? `campaign.${data.kind === "end" ? "end" : "start"}`
      : `${alert.type}.${rule ? "rule" : alert.type === "low_stock" && typeof data.location === "string" ? "location" : "shop"}`;
  let message = t(`notifications:alerts.${variant}`, values);
  if (alert.type === "low_stock" && typeof data.reorderQuantity === "number") {
    message = `${message} ${t("notifications:alerts.reorder", { quantity: data.reorderQuantity })}`;
  }
  return { title, message };
}
