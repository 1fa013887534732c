import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Button, buttonClass } from "~/components/Button/Button";
import { ErrorList } from "~/components/Field/Field";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { Pager } from "~/components/Pager/Pager";
import * as list from "~/components/ProductList/ProductList.css";
import { DataTable, EditDeleteLinks, RowActions, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { listAlertHistory, markAlertsRead } from "~/models/alert/alert.server";
import { alertText } from "~/models/alert/alert-text";
import { changeRule, listRules } from "~/models/automation/automation.server";
import { RULES_TAB } from "~/models/automation/rule-types";
import { listOutbox, listSettings, saveSettings } from "~/models/notification/notification.server";
import { settingChangeSchema } from "~/models/notification/notification-schema";
import { hasThreshold, NOTIFICATION_TYPES } from "~/models/notification/notification-types";
import { can } from "~/models/user/permissions";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { idParam, pageNumber } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";
import { useCan } from "~/web/use-can";

export const handle = { i18n: ["common", "notifications", "products"] };

const TABS = ["settings", "rules", "recent"] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 25;
const OUTBOX_PAGE_SIZE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  // The rule dialogs (/notifications/rules/...) open over the rules tab.
  const tab: Tab = url.pathname.includes("/rules/")
    ? "rules"
    : (TABS.find((name) => name === url.searchParams.get("tab")) ?? "settings");
  const page = pageNumber(url.searchParams.get("page"));
  const outboxPage = pageNumber(url.searchParams.get("outbox"));
  const isAdmin = user.role === "admin";
  return {
    tab,
    page,
    outboxPage,
    settings: tab === "settings" ? await listSettings(user.id) : [],
    rules: tab === "rules" ? await listRules() : [],
    history:
      tab === "recent"
        ? await listAlertHistory({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })
        : { alerts: [], total: 0 },
    outbox:
      tab === "recent" && isAdmin
        ? await listOutbox({ limit: OUTBOX_PAGE_SIZE, offset: (outboxPage - 1) * OUTBOX_PAGE_SIZE })
        : null,
  };
}

type ActionData = { settingErrors?: Record<string, string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const back = String(form.get("back") ?? "");
  const returnTo = back.startsWith("/notifications") ? back : "/notifications?tab=recent";
  switch (intent) {
    case "save-settings": {
      // A ticked box sends "on", an unticked one nothing: every switch is read as on or off.
      const errors: Record<string, string[]> = {};
      const changes = [];
      for (const type of NOTIFICATION_TYPES) {
        const parsed = settingChangeSchema.safeParse({
          enabled: form.has(`${type}.enabled`),
          emailEnabled: form.has(`${type}.emailEnabled`),
          smsEnabled: form.has(`${type}.smsEnabled`),
          ...(hasThreshold(type) ? { thresholdValue: String(form.get(`${type}.thresholdValue`) ?? "") } : {}),
        });
        if (parsed.success) changes.push({ type, ...parsed.data });
        else
          for (const issue of parsed.error.issues)
            errors[`${type}.${issue.path.join(".")}`] = [issue.message];
      }
      if (Object.keys(errors).length > 0) return data<ActionData>({ settingErrors: errors }, 400);
      await saveSettings(user.id, changes);
      return redirectWithToast("/notifications?tab=settings", {
        type: "success",
        title: "toast.success",
        description: "notifications:page.settings.saved",
      });
    }
    case "toggle-rule": {
      if (!can(user.role, "automation:write")) throw data({ message: "Forbidden" }, 403);
      const id = idParam(String(form.get("ruleId") ?? ""));
      const active = form.get("isActive") === "true";
      const result = id ? await changeRule(id, { isActive: active }) : null;
      if (!result?.ok) {
        return redirectWithToast(RULES_TAB, {
          type: "error",
          title: "toast.error",
          description: "notifications:errors.notFound",
        });
      }
      return redirectWithToast(RULES_TAB, {
        type: "success",
        title: "toast.success",
        description: active
          ? "notifications:page.rules.toast.activated"
          : "notifications:page.rules.toast.deactivated",
      });
    }
    case "mark-read": {
      const id = idParam(String(form.get("alertId") ?? ""));
      if (id) await markAlertsRead([id]);
      return redirectWithToast(returnTo, {
        type: "success",
        title: "toast.success",
        description: "notifications:page.recent.marked",
      });
    }
    case "mark-all-read": {
      await markAlertsRead("all");
      return redirectWithToast(returnTo, {
        type: "success",
        title: "toast.success",
        description: "notifications:page.recent.allMarked",
      });
    }
    default:
      throw data({ message: "Unknown action" }, 400);
  }
}

export const meta = pageTitle("nav.notifications");

export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const { tab } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t("page.title")} lead={t("page.lead")} />
      <nav className={list.filters} aria-label={t("page.tabs.label")}>
        {TABS.map((name) => (
          <Link
            key={name}
            to={`/notifications?tab=${name}`}
            className={buttonClass(name === tab ? "primary" : "secondary")}
            aria-current={name === tab ? "page" : undefined}
            preventScrollReset
          >
            {t(`page.tabs.${name}`)}
          </Link>
        ))}
      </nav>
      {tab === "settings" ? <Settings /> : null}
      {tab === "rules" ? <Rules /> : null}
      {tab === "recent" ? <Recent /> : null}
      <Outlet />
    </>
  );
}

/** A setting's switches and the words their column is headed with. */
const SWITCHES = [
  ["enabled", "inApp"],
  ["emailEnabled", "email"],
  ["smsEnabled", "sms"],
] as const;

/** Every type's switches and threshold, one form, one Save. */
function Settings() {
  const { t } = useTranslation("notifications");
  const { settings } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const errors = actionData?.settingErrors ?? {};
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="save-settings" />
      <DataTable
        label={t("page.settings.caption")}
        columns={[
          {
            key: "type",
            kind: "primary",
            label: t("page.settings.type"),
            cell: (setting) => (
              <span>
                <strong>{t(`types.${setting.type}`)}</strong>
                <br />
                <span className={table.muted}>{t(`page.settings.descriptions.${setting.type}`)}</span>
              </span>
            ),
          },
          ...SWITCHES.map(([name, label]) => ({
            key: name,
            kind: "badge" as const,
            label: t(`page.settings.${label}`),
            cell: (setting: (typeof settings)[number]) => (
              <input
                type="checkbox"
                name={`${setting.type}.${name}`}
                defaultChecked={setting[name]}
                aria-label={`${t(`types.${setting.type}`)}: ${t(`page.settings.${label}`)}`}
              />
            ),
          })),
          {
            key: "threshold",
            label: t("page.settings.threshold"),
            cell: (setting) => {
              if (setting.thresholdValue === null && !hasThreshold(setting.type))
                return t("page.settings.noThreshold");
              const field = `${setting.type}.thresholdValue`;
              const fieldErrors = errors[field];
              return (
                <span>
                  <input
                    name={field}
                    inputMode="decimal"
                    size={6}
                    defaultValue={setting.thresholdValue ?? ""}
                    aria-label={`${t(`types.${setting.type}`)}: ${t("page.settings.threshold")}`}
                    aria-invalid={fieldErrors ? true : undefined}
                    aria-describedby={fieldErrors ? `${field}-error` : undefined}
                  />{" "}
                  <span className={table.muted}>{t(`page.settings.units.${setting.type}`)}</span>
                  <ErrorList id={`${field}-error`} errors={fieldErrors} />
                </span>
              );
            },
          },
        ]}
        rows={settings}
        rowKey={(setting) => setting.type}
        rowProps={(setting) => ({ "data-testid": "setting-row", "data-type": setting.type })}
      />
      <p className={table.muted}>{t("page.settings.hint")}</p>
      <Button type="submit">{t("page.settings.save")}</Button>
    </Form>
  );
}

function Rules() {
  const { t } = useTranslation("notifications");
  const format = useFormat();
  const { rules } = useLoaderData<typeof loader>();
  const canEdit = useCan("automation:write");
  return (
    <>
      {canEdit ? (
        <p>
          <Link to="/notifications/rules/new" className={buttonClass("primary")} preventScrollReset>
            {t("page.rules.add")}
          </Link>
        </p>
      ) : (
        <p className={table.muted}>{t("page.rules.readOnly")}</p>
      )}
      <DataTable
        label={t("page.tabs.rules")}
        columns={[
          { key: "name", kind: "primary", label: t("page.rules.table.name"), cell: (rule) => rule.name },
          {
            key: "type",
            kind: "badge",
            label: t("page.rules.table.type"),
            cell: (rule) => t(`page.rules.types.${rule.type}`),
          },
          {
            key: "active",
            kind: "badge",
            label: t("page.rules.table.active"),
            cell: (rule) => (
              <Badge tone={rule.isActive ? "success" : "neutral"}>
                {rule.isActive ? t("page.rules.yes") : t("page.rules.no")}
              </Badge>
            ),
          },
          {
            key: "lastRun",
            label: t("page.rules.table.lastRun"),
            cell: (rule) => (rule.lastRun ? format.dateTime(rule.lastRun) : t("page.rules.never")),
          },
          {
            key: "createdBy",
            label: t("page.rules.table.createdBy"),
            optional: true,
            cell: (rule) => rule.createdBy?.name ?? "—",
          },
          canEdit && {
            key: "actions",
            kind: "actions",
            label: t("page.rules.table.actions"),
            cell: (rule) => (
              <RowActions>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="toggle-rule" />
                  <input type="hidden" name="ruleId" value={rule.id} />
                  <input type="hidden" name="isActive" value={rule.isActive ? "false" : "true"} />
                  <RowButton
                    icon={rule.isActive ? "close" : "check"}
                    label={rule.isActive ? t("page.rules.deactivate") : t("page.rules.activate")}
                    target={rule.name}
                  />
                </Form>
                <EditDeleteLinks
                  editTo={`/notifications/rules/${rule.id}/edit`}
                  deleteTo={`/notifications/rules/${rule.id}/delete`}
                  target={rule.name}
                />
              </RowActions>
            ),
          },
        ]}
        rows={rules}
        rowKey={(rule) => rule.id}
        rowProps={() => ({ "data-testid": "rule-row" })}
        empty={t("page.rules.empty")}
      />
    </>
  );
}

function Recent() {
  const { t } = useTranslation("notifications");
  const format = useFormat();
  const location = useLocation();
  const { history, page, outbox, outboxPage } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(history.total / PAGE_SIZE));
  const back = `${location.pathname}${location.search}`;
  const texts = {
    percent: (value: number) => format.percent(value),
    money: (value: string) => format.money(value),
    date: (value: string) => format.date(value),
  };
  return (
    <>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="back" value={back} />
        <Button type="submit" name="intent" value="mark-all-read" variant="secondary">
          {t("page.recent.markAllRead")}
        </Button>
      </Form>
      <DataTable
        label={t("page.recent.caption")}
        columns={[
          {
            key: "alert",
            kind: "primary",
            label: t("page.recent.caption"),
            cell: (alert) => {
              const text = alertText(alert, t, texts);
              return (
                <span>
                  <strong>{text.title}</strong>
                  <br />
                  {alert.productId ? (
                    <Link to={`/products/${alert.productId}`}>{text.message}</Link>
                  ) : (
                    text.message
                  )}
                </span>
              );
            },
          },
          {
            key: "state",
            kind: "badge",
            label: t("page.recent.unread"),
            cell: (alert) => (
              <Badge tone={alert.isRead ? "neutral" : "info"}>
                {alert.isRead ? t("page.recent.read") : t("page.recent.unread")}
              </Badge>
            ),
          },
          {
            key: "time",
            label: t("page.outbox.time"),
            cell: (alert) => format.dateTime(alert.createdAt),
          },
          {
            key: "actions",
            kind: "actions",
            label: t("page.rules.table.actions"),
            cell: (alert) =>
              alert.isRead ? null : (
                <RowActions>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="mark-read" />
                    <input type="hidden" name="alertId" value={alert.id} />
                    <input type="hidden" name="back" value={back} />
                    <RowButton
                      icon="check"
                      label={t("page.recent.markRead")}
                      target={alertText(alert, t, texts).title}
                    />
                  </Form>
                </RowActions>
              ),
          },
        ]}
        rows={history.alerts}
        rowKey={(alert) => alert.id}
        rowProps={(alert) => ({
          "data-testid": "notification-row",
          "data-read": alert.isRead ? "true" : "false",
        })}
        empty={t("page.recent.empty")}
      />
      <Pager
        page={page}
        pages={pages}
        summary={t("page.recent.pageOf", { page, pages, total: format.number(history.total) })}
        to={(n) => `/notifications?tab=recent&page=${n}`}
      />
      {outbox ? (
        <section aria-labelledby="outbox-title">
          <h2 id="outbox-title">{t("page.outbox.title")}</h2>
          <p className={table.muted}>{t("page.outbox.lead")}</p>
          <DataTable
            label={t("page.outbox.title")}
            columns={[
              { key: "to", kind: "code", label: t("page.outbox.to"), cell: (mail) => mail.toAddress },
              {
                key: "subject",
                kind: "primary",
                label: t("page.outbox.subject"),
                cell: (mail) => mail.subject,
              },
              {
                key: "status",
                kind: "badge",
                label: t("page.outbox.status"),
                cell: (mail) => t(`page.outbox.statuses.${mail.status}`),
              },
              { key: "time", label: t("page.outbox.time"), cell: (mail) => format.dateTime(mail.createdAt) },
            ]}
            rows={outbox.messages}
            rowKey={(mail) => mail.id}
            rowProps={() => ({ "data-testid": "outbox-row" })}
            empty={t("page.outbox.empty")}
          />
          <Pager
            page={outboxPage}
            pages={Math.max(1, Math.ceil(outbox.total / OUTBOX_PAGE_SIZE))}
            summary={t("page.outbox.pageOf", {
              page: outboxPage,
              pages: Math.max(1, Math.ceil(outbox.total / OUTBOX_PAGE_SIZE)),
              total: format.number(outbox.total),
            })}
            to={(n) => `/notifications?tab=recent&page=${page}&outbox=${n}`}
          />
        </section>
      ) : null}
    </>
  );
}
