import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocationForm } from "~/components/LocationForm/LocationForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { locationSchema } from "~/models/location/location-schema";
import { getLocation } from "~/models/location/location-writes.server";
import { requireUser } from "~/web/auth.server";
import { formConstraint } from "~/web/form.server";
import { type LocationActionData, saveLocationForm } from "~/web/location/location-form.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";

export const handle = { i18n: ["common", "locations"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "location:write" });
  const id = idParam(params.id);
  const location = id ? await getLocation(id) : null;
  if (!location) throw recordNotFound("location");
  return { location, constraint: formConstraint(locationSchema) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "location:write" });
  const id = idParam(params.id);
  if (!id) throw recordNotFound("location");
  return saveLocationForm(request, id);
}

export default function EditLocation() {
  const { t } = useTranslation("locations");
  const { location: l, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<LocationActionData>();
  return (
    <RouteDialog title={t("form.editTitle")} description={l.name} closeTo="/locations">
      <LocationForm
        id={`location-edit-${l.id}-${l.version}`}
        constraint={constraint}
        lastResult={actionData?.result}
        submitLabel={t("form.save")}
        cancelTo="/locations"
        defaultValue={{
          name: l.name,
          kind: l.kind,
          address: l.address ?? "",
          active: String(l.active),
          isDefault: String(l.isDefault),
          version: String(l.version),
        }}
      />
    </RouteDialog>
  );
}
