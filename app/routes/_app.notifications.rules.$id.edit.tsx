import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { RuleForm, ruleJson } from "~/components/RuleForm/RuleForm";
import { getRule } from "~/models/automation/automation.server";
import { ruleSchema } from "~/models/automation/rule-schema";
import { RULES_TAB } from "~/models/automation/rule-types";
import { requireUser } from "~/web/auth.server";
import { type RuleActionData, saveRuleForm } from "~/web/automation/rule-form.server";
import { formConstraint } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";

export const handle = { i18n: ["common", "notifications"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "automation:write" });
  const id = idParam(params.id);
  const rule = id ? await getRule(id) : null;
  if (!rule) throw recordNotFound("automationRule");
  return { rule, constraint: formConstraint(ruleSchema) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "automation:write" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("automationRule");
  return saveRuleForm(request, id, user.id);
}

export default function EditRule() {
  const { t } = useTranslation("notifications");
  const { rule, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<RuleActionData>();
  return (
    <RouteDialog title={t("page.rules.form.editTitle")} closeTo={RULES_TAB}>
      <RuleForm
        id={`rule-${rule.id}-${rule.version}`}
        constraint={constraint}
        lastResult={actionData?.result}
        defaultValue={{
          name: rule.name,
          type: rule.type,
          isActive: rule.isActive,
          conditions: ruleJson(rule.conditions),
          actions: ruleJson(rule.actions),
          version: String(rule.version),
        }}
        submitLabel={t("page.rules.form.save")}
        cancelTo={RULES_TAB}
      />
    </RouteDialog>
  );
}
