import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { z } from "zod/v4";
import { createUserByAdmin, type UserRefusal, updateUser, userEmailInUse } from "~/models/user/user.server";
import {
  type EditUserInput,
  editUserSchema,
  type NewUserInput,
  newUserSchema,
} from "~/models/user/user-schema";
import { currentSessionId } from "~/web/auth.server";
import { parseForm, readForm, refusedReply, type StoredCheck } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";

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

/** The user forms' check only the database can make: an e-mail another account signs in with. */
const emailCheck = (exceptId: number): StoredCheck => ({
  field: "email",
  inUse: (email) => userEmailInUse(email, exceptId),
  message: "auth.errors.emailTaken",
});

/**
 * A user form's input, or the answer listing every field's error at once (the e-mail in use too).
 * The password never travels back.
 */
export async function readUserForm<S extends z.ZodType>(request: Request, schema: S, exceptId = 0) {
  const form = await readForm(request);
  const submission = parseForm(form, schema);
  const refused = await refusedReply(submission, form, [emailCheck(exceptId)], { hideFields: ["password"] });
  if (refused || submission.status !== "success") {
    return {
      ok: false as const,
      response: data<UserActionData>(
        { result: refused ?? submission.reply({ hideFields: ["password"] }) },
        400,
      ),
    };
  }
  return { ok: true as const, value: submission.value as z.output<S>, reply: submission.reply };
}

/** The admin's add and edit user forms' action: one parse, one write, a toast back on the list. */
export async function saveUserForm(request: Request, id: number | null) {
  const submitted = await readUserForm(request, id === null ? newUserSchema : editUserSchema, id ?? 0);
  if (!submitted.ok) return submitted.response;
  const result =
    id === null
      ? await createUserByAdmin(submitted.value as NewUserInput)
      : await updateUser(id, submitted.value as EditUserInput, await currentSessionId(request));
  if (!result.ok) return userRefusalReply(submitted.reply, result.reason);
  return redirectWithToast("/users", {
    type: "success",
    title: "toast.success",
    description: id === null ? "users:toast.created" : "users:toast.updated",
  });
}
