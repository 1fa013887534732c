import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { buttonClass } from "~/components/Button/Button";
import { DataTable, EditDeleteLinks, RowActions, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import { changeRule, listRules } from "~/models/automation/automation.server";
import { RULES_TAB } from "~/models/automation/rule-types";
import { can } from "~/models/user/permissions";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";
import { useCan } from "~/web/use-can";

/** The automation rules tab of /notifications; the rule dialogs open over it (its children). */
export const handle = { i18n: ["common", "notifications"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { rules: await listRules() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") !== "toggle-rule") throw data({ message: "Unknown action" }, 400);
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

export default function RulesTab() {
  return (
    <>
      <Rules />
      <Outlet />
    </>
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
