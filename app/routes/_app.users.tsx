import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Outlet, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApiTokens, type TokenFormResult } from "~/components/ApiTokens/ApiTokens";
import { Badge } from "~/components/Badge/Badge";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { StatCards } from "~/components/StatCards/StatCards";
import { Cut, DataTable, EditDeleteLinks, RowActions, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import { createApiToken, listApiTokens, revokeApiToken } from "~/models/api-token/api-token.server";
import { apiTokenSchema } from "~/models/api-token/api-token-schema";
import { refusingControlCharacters } from "~/models/clean-text";
import { displayName } from "~/models/user/user";
import { approveUser, listUsers, summarizeUsers } from "~/models/user/user.server";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { idParam } from "~/web/params";
import type { RootData } from "~/web/root-loader.server";
import { redirectWithToast } from "~/web/toast.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  const [users, tokens] = await Promise.all([listUsers(), listApiTokens()]);
  return { users, summary: summarizeUsers(users), tokens };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireUser(request, { permission: "user:manage" });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "createToken") {
    const parsed = refusingControlCharacters(apiTokenSchema).safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const result: TokenFormResult = {
        intent,
        errors: parsed.error.flatten().fieldErrors as Record<string, string[]>,
      };
      return data(result, { status: 400 });
    }
    const { token } = await createApiToken(parsed.data, admin.id);
    // Shown this once, in this answer: only its hash is kept.
    const result: TokenFormResult = { intent, created: { name: parsed.data.name, token } };
    return data(result, { headers: { "Cache-Control": "no-store" } });
  }
  if (intent === "revokeToken") {
    const id = idParam(String(form.get("tokenId") ?? ""));
    const revoked = id ? await revokeApiToken(id) : false;
    return redirectWithToast(
      "/users",
      revoked
        ? { type: "success", title: "toast.success", description: "users:tokens.revokedToast" }
        : { type: "error", title: "toast.error", description: "users:tokens.notFound" },
    );
  }
  if (intent !== "approve") throw data({ message: "Unknown intent" }, { status: 400 });
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
  const { users, summary, tokens } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
      <ApiTokens tokens={tokens} result={result && "intent" in result ? result : undefined} />
    </>
  );
}
