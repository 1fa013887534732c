import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Button, buttonClass } from "~/components/Button/Button";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { StatCards } from "~/components/StatCards/StatCards";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { displayName } from "~/models/user";
import { approveUser, listUsers, summarizeUsers } from "~/models/user.server";
import type { RootData } from "~/root";
import { requireUser } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { idParam } from "~/utils/params";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  const users = await listUsers();
  return { users, summary: summarizeUsers(users) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  const form = await readForm(request);
  if (form.get("intent") !== "approve") throw data({ message: "Unknown intent" }, { status: 400 });
  const id = idParam(String(form.get("userId") ?? ""));
  const approved = id ? await approveUser(id) : false;
  return redirectWithToast(
    "/users",
    approved
      ? { type: "success", title: "toast.success", description: "users:toast.approved" }
      : { type: "error", title: "toast.error", description: "users:errors.notFound" },
  );
}

export const meta = pageTitle("users:title");

export default function UsersPage() {
  const { t } = useTranslation("users");
  const format = useFormat();
  const { users, summary } = useLoaderData<typeof loader>();
  const me = useRouteLoaderData<RootData>("root")?.user;
  return (
    <>
      <PageHeader title={t("title")} lead={t("lead")} add={{ to: "/users/new", label: t("add") }} />
      <StatCards
        items={[
          { label: t("cards.total"), value: summary.total, testId: "users-total" },
          { label: t("cards.active"), value: summary.active, testId: "users-active" },
          { label: t("cards.admins"), value: summary.admins, testId: "users-admins" },
          { label: t("cards.inactive"), value: summary.inactive, testId: "users-inactive" },
        ]}
      />
      <Outlet />
      <div className={table.wrap}>
        <table className={table.table}>
          <thead>
            <tr>
              {["name", "email", "role", "status", "created"].map((key) => (
                <th key={key} className={table.th}>
                  {t(`table.${key}`)}
                </th>
              ))}
              <th className={`${table.th} ${table.numeric}`}>{t("table.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} data-testid="user-row">
                <td className={table.td}>
                  <strong>{displayName(u)}</strong>
                </td>
                <td className={table.td}>{u.email}</td>
                <td className={table.td}>{t(`common:roles.${u.role}`)}</td>
                <td className={table.td}>
                  <Badge tone={u.isActive ? "success" : "warning"}>
                    {u.isActive ? t("status.active") : t("status.inactive")}
                  </Badge>
                </td>
                <td className={table.td}>{format.date(u.createdAt)}</td>
                <td className={table.td}>
                  <div className={table.actions}>
                    {u.isActive ? null : (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="userId" value={u.id} />
                        <Button
                          type="submit"
                          variant="ghost"
                          name="intent"
                          value="approve"
                          aria-label={`${t("approve")}: ${u.email}`}
                        >
                          {t("approve")}
                        </Button>
                      </Form>
                    )}
                    <Link
                      to={`/users/${u.id}/edit`}
                      className={buttonClass("ghost")}
                      aria-label={`${t("common:actions.edit")}: ${u.email}`}
                      preventScrollReset
                    >
                      {t("common:actions.edit")}
                    </Link>
                    {u.id === me?.id ? null : (
                      <Link
                        to={`/users/${u.id}/delete`}
                        className={buttonClass("ghost")}
                        aria-label={`${t("common:actions.delete")}: ${u.email}`}
                        preventScrollReset
                      >
                        {t("common:actions.delete")}
                      </Link>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
