import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { RuleForm, ruleJson } from "~/components/RuleForm/RuleForm";
import { ruleSchema } from "~/models/automation/rule-schema";
import { RULE_EXAMPLES, RULES_TAB } from "~/models/automation/rule-types";
import { requireUser } from "~/web/auth.server";
import { type RuleActionData, saveRuleForm } from "~/web/automation/rule-form.server";
import { formConstraint } from "~/web/form.server";

export const handle = { i18n: ["common", "notifications"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "automation:write" });
  return { constraint: formConstraint(ruleSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "automation:write" });
  return saveRuleForm(request, null, user.id);
}

export default function NewRule() {
  const { t } = useTranslation("notifications");
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<RuleActionData>();
  // A new rule starts as the spec's reorder example; its type's example is shown under each field.
  return (
    <RouteDialog title={t("page.rules.form.addTitle")} closeTo={RULES_TAB}>
      <RuleForm
        id="rule-new"
        constraint={constraint}
        lastResult={actionData?.result}
        defaultValue={{
          name: "",
          type: "reorder",
          isActive: true,
          conditions: ruleJson(RULE_EXAMPLES.reorder.conditions),
          actions: ruleJson(RULE_EXAMPLES.reorder.actions),
        }}
        submitLabel={t("page.rules.form.create")}
        cancelTo={RULES_TAB}
      />
    </RouteDialog>
  );
}
