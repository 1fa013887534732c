import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { CategoryRefusal } from "~/models/category/category.server";
import { createCategory, updateCategory } from "~/models/category/category.server";
import { categorySchema } from "~/models/category/category-schema";
import { parseForm, readForm } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";

/** Where a refused category write shows on the page form, and its message key. */
export function categoryRefusalError(reason: CategoryRefusal): {
  field: "parentId" | "form";
  key: string;
  status: number;
} {
  switch (reason) {
    case "cycle":
      return { field: "parentId", key: "categories:errors.cycle", status: 409 };
    case "unknownParent":
      return { field: "parentId", key: "categories:errors.unknownParent", status: 400 };
    case "stale":
      return { field: "form", key: "toast.staleEdit", status: 409 };
    case "hasChildren":
      return { field: "form", key: "categories:errors.hasChildren", status: 409 };
    case "hasProducts":
      return { field: "form", key: "categories:errors.hasProducts", status: 409 };
    case "notFound":
      return { field: "form", key: "categories:errors.notFound", status: 404 };
  }
}

export type CategoryActionData = { result: SubmissionResult<string[]> };

/** The add and edit category forms' action: refusals show on the parent field or the form. */
export async function saveCategoryForm(request: Request, id: number | null) {
  const submission = parseForm(await readForm(request), categorySchema);
  if (submission.status !== "success") return data<CategoryActionData>({ result: submission.reply() }, 400);
  const result =
    id === null ? await createCategory(submission.value) : await updateCategory(id, submission.value);
  if (!result.ok) {
    const error = categoryRefusalError(result.reason);
    const reply =
      error.field === "form"
        ? submission.reply({ formErrors: [error.key] })
        : submission.reply({ fieldErrors: { [error.field]: [error.key] } });
    return data<CategoryActionData>({ result: reply }, error.status);
  }
  return redirectWithToast("/categories", {
    type: "success",
    title: "toast.success",
    description: id === null ? "categories:toast.created" : "categories:toast.updated",
  });
}
