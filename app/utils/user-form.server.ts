import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { UserRefusal } from "~/models/user.server";

export type UserActionData = { result: SubmissionResult<string[]> };

/** The i18n key and status for a refused user change (page and API share them). */
export function userRefusal(reason: UserRefusal): { key: string; status: number; field?: "email" } {
  switch (reason) {
    case "emailTaken":
      return { key: "auth.errors.emailTaken", status: 409, field: "email" };
    case "lastAdmin":
      return { key: "users:errors.lastAdmin", status: 409 };
    case "self":
      return { key: "users:errors.self", status: 409 };
    case "stale":
      return { key: "toast.staleEdit", status: 409 };
    case "notFound":
      return { key: "users:errors.notFound", status: 404 };
  }
}

export function userRefusalReply(
  reply: (options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }) => SubmissionResult<string[]>,
  reason: UserRefusal,
) {
  const { key, status, field } = userRefusal(reason);
  const result = field ? reply({ fieldErrors: { [field]: [key] } }) : reply({ formErrors: [key] });
  return data<UserActionData>({ result }, status);
}
