import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDelete } from "~/components/ConfirmDelete/ConfirmDelete";
import { deleteRule, getRule } from "~/models/automation/automation.server";
import { RULES_TAB } from "~/models/automation/rule-types";
import { requireUser } from "~/web/auth.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

export const handle = { i18n: ["common", "notifications"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "automation:write" });
  const id = idParam(params.id);
  const rule = id ? await getRule(id) : null;
  if (!rule) throw recordNotFound("automationRule");
  return { rule: { id: rule.id, name: rule.name } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "automation:write" });
  const id = idParam(params.id);
  const deleted = id ? await deleteRule(id) : false;
  return redirectWithToast(
    RULES_TAB,
    deleted
      ? { type: "success", title: "toast.success", description: "notifications:page.rules.toast.deleted" }
      : { type: "error", title: "toast.error", description: "notifications:errors.notFound" },
  );
}

export default function DeleteRule() {
  const { t } = useTranslation("notifications");
  const { rule } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete
      title={t("page.rules.delete.title")}
      question={t("page.rules.delete.question")}
      subject={<strong>{rule.name}</strong>}
      closeTo={RULES_TAB}
    />
  );
}
