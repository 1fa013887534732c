import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { changeRule, createRule } from "~/models/automation/automation.server";
import { ruleSchema } from "~/models/automation/rule-schema";
import { RULES_TAB } from "~/models/automation/rule-types";
import { parseForm, readForm } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";

export type RuleActionData = { result: SubmissionResult<string[]> };

/**
 * The create and edit rule forms' action: one parse (each JSON error under its textarea, naming
 * the field), one write, a toast back on the rules tab. Nothing is stored on an error.
 */
export async function saveRuleForm(request: Request, id: number | null, userId: number) {
  const form = await readForm(request);
  // An unticked checkbox sends nothing: the rule is then off.
  if (!form.has("isActive")) form.set("isActive", "false");
  const submission = parseForm(form, ruleSchema);
  if (submission.status !== "success") return data<RuleActionData>({ result: submission.reply() }, 400);
  if (id === null) {
    await createRule(submission.value, userId);
  } else {
    const result = await changeRule(id, submission.value);
    if (!result.ok) {
      const key = result.reason === "stale" ? "toast.staleEdit" : "notifications:errors.notFound";
      return data<RuleActionData>(
        { result: submission.reply({ formErrors: [key] }) },
        result.reason === "stale" ? 409 : 404,
      );
    }
  }
  return redirectWithToast(RULES_TAB, {
    type: "success",
    title: "toast.success",
    description:
      id === null ? "notifications:page.rules.toast.created" : "notifications:page.rules.toast.updated",
  });
}
