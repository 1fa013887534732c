import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { StatCards } from "~/components/StatCards/StatCards";
import { Cut, DataTable, EditDeleteLinks, RowActions, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { displayName } from "~/models/user/user";
import { approveUser, listUsers, summarizeUsers } from "~/models/user/user.server";
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
      <DataTable
        label={t("title")}
        columns={[
          {
            key: "name",
            kind: "primary",
            label: t("table.name"),
            cell: (u) => (
              <strong className={table.clamp} title={displayName(u)}>
                {displayName(u)}
              </strong>
            ),
          },
          { key: "email", label: t("table.email"), cell: (u) => <Cut text={u.email} max="18rem" /> },
          { key: "role", kind: "badge", label: t("table.role"), cell: (u) => t(`common:roles.${u.role}`) },
          {
            key: "status",
            kind: "badge",
            label: t("table.status"),
            cell: (u) => (
              <Badge tone={u.isActive ? "success" : "warning"}>
                {u.isActive ? t("status.active") : t("status.inactive")}
              </Badge>
            ),
          },
          { key: "created", kind: "badge", label: t("table.created"), cell: (u) => format.date(u.createdAt) },
          {
            key: "actions",
            kind: "actions",
            label: t("table.actions"),
            cell: (u) => (
              <RowActions>
                {u.isActive ? null : (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="userId" value={u.id} />
                    <RowButton
                      name="intent"
                      value="approve"
                      icon="check"
                      label={t("approve")}
                      target={u.email}
                    />
                  </Form>
                )}
                <EditDeleteLinks
                  editTo={`/users/${u.id}/edit`}
                  // No one deletes their own account here.
                  deleteTo={u.id !== me?.id && `/users/${u.id}/delete`}
                  target={u.email}
                />
              </RowActions>
            ),
          },
        ]}
        rows={users}
        rowKey={(u) => u.id}
        rowProps={() => ({ "data-testid": "user-row" })}
      />
    </>
  );
}
