import type { CategoryRefusal } from "~/models/category.server";

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
