import type { SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CategoryForm } from "~/components/CategoryForm/CategoryForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { categoryOptions, createCategory } from "~/models/category.server";
import { categorySchema } from "~/models/category-schema";
import { requireUser } from "~/utils/auth.server";
import { categoryRefusalError } from "~/utils/category-form.server";
import { parseForm } from "~/utils/form.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["common", "categories"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "category:write" });
  return { parents: await categoryOptions() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "category:write" });
  const submission = parseForm(await request.formData(), categorySchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  const result = await createCategory(submission.value);
  if (!result.ok) {
    const error = categoryRefusalError(result.reason);
    const reply =
      error.field === "form"
        ? submission.reply({ formErrors: [error.key] })
        : submission.reply({ fieldErrors: { [error.field]: [error.key] } });
    return data({ result: reply }, error.status);
  }
  return redirectWithToast("/categories", {
    type: "success",
    title: "toast.success",
    description: "categories:toast.created",
  });
}

export default function NewCategory() {
  const { t } = useTranslation("categories");
  const { parents } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  return (
    <RouteDialog title={t("form.addTitle")} closeTo="/categories">
      <CategoryForm
        id="category-new"
        lastResult={actionData?.result}
        parents={parents}
        submitLabel={t("form.create")}
      />
    </RouteDialog>
  );
}
