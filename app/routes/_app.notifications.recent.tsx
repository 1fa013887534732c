import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Button } from "~/components/Button/Button";
import { Pager } from "~/components/Pager/Pager";
import { DataTable, RowActions, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import { listAlertHistory, markAlertsRead } from "~/models/alert/alert.server";
import { alertText } from "~/models/alert/alert-text";
import { listOutbox } from "~/models/notification/notification.server";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { idParam, pageNumber } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

/** The recent notifications tab of /notifications: the alert history, and for an admin the outbox. */
export const handle = { i18n: ["common", "notifications", "products"] };

const PAGE_SIZE = 25;
const OUTBOX_PAGE_SIZE = 10;
const RECENT = "/notifications/recent";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const page = pageNumber(url.searchParams.get("page"));
  const outboxPage = pageNumber(url.searchParams.get("outbox"));
  return {
    page,
    outboxPage,
    history: await listAlertHistory({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    outbox:
      user.role === "admin"
        ? await listOutbox({ limit: OUTBOX_PAGE_SIZE, offset: (outboxPage - 1) * OUTBOX_PAGE_SIZE })
        : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await readForm(request);
  const back = String(form.get("back") ?? "");
  const returnTo = back.startsWith(RECENT) ? back : RECENT;
  switch (form.get("intent")) {
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

export default Recent;

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
        to={(n) => `${RECENT}?page=${n}`}
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
            to={(n) => `${RECENT}?page=${page}&outbox=${n}`}
          />
        </section>
      ) : null}
    </>
  );
}
