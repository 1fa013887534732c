import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { SelectField } from "~/components/Field/Field";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { UserForm } from "~/components/UserForm/UserForm";
import { locationIdField } from "~/models/location/location-schema";
import { ownLocationChoice, setOwnLocation } from "~/models/location/location-writes.server";
import { findUserById, userVersion } from "~/models/user/user.server";
import { editUserSchema } from "~/models/user/user-schema";
import { requireUser } from "~/web/auth.server";
import { formConstraint, readForm } from "~/web/form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";
import { saveUserForm, type UserActionData } from "~/web/user/user-form.server";

export const handle = { i18n: ["common", "users"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  const id = idParam(params.id);
  const user = id ? await findUserById(id) : null;
  if (!user || !id) throw recordNotFound("user");
  const [version, location] = await Promise.all([userVersion(id), ownLocationChoice(id)]);
  return { user, version, location, constraint: formConstraint(editUserSchema) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "user:manage" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("user");
  const form = await readForm(request.clone());
  if (form.get("intent") === "location") return saveUserLocation(id, form.get("locationId"));
  return saveUserForm(request, id);
}

/** The staff member's own location (issue #32), set by an admin: empty is none (the default). */
async function saveUserLocation(id: number, value: FormDataEntryValue | null) {
  const parsed = value === "" ? { success: true as const, data: null } : locationIdField.safeParse(value);
  const result = parsed.success ? await setOwnLocation(id, parsed.data) : null;
  if (!result?.ok) {
    return redirectWithToast(`/users/${id}/edit`, {
      type: "error",
      title: "toast.error",
      description: "toast.locationRefused",
    });
  }
  return redirectWithToast("/users", {
    type: "success",
    title: "toast.success",
    description: "users:toast.updated",
  });
}

export default function EditUser() {
  const { t } = useTranslation("users");
  const { user, version, location, constraint } = useLoaderData<typeof loader>();
  const fallback = location.locations.find((l) => l.isDefault)?.name ?? "";
  const actionData = useActionData<UserActionData>();
  return (
    <RouteDialog title={t("form.editTitle")} description={user.email} closeTo="/users">
      <UserForm
        constraint={constraint}
        id={`user-edit-${user.id}-${version}`}
        mode="edit"
        lastResult={actionData?.result}
        submitLabel={t("form.save")}
        defaultValue={{
          firstName: user.firstName ?? "",
          lastName: user.lastName ?? "",
          email: user.email,
          role: user.role,
          isActive: String(user.isActive),
          version: String(version),
        }}
      />
      <Form method="post" preventScrollReset data-testid="user-location">
        <input type="hidden" name="intent" value="location" />
        <SelectField
          label={t("common:shell.location")}
          selectProps={{ id: "user-location", name: "locationId", defaultValue: String(location.own ?? "") }}
          options={[
            { value: "", label: t("common:shell.locationDefault", { name: fallback }) },
            ...location.locations.map((l) => ({ value: String(l.id), label: l.name })),
          ]}
        />
        <Button type="submit" variant="secondary">
          {t("common:shell.changeLocation")}
        </Button>
      </Form>
    </RouteDialog>
  );
}
