import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocationForm } from "~/components/LocationForm/LocationForm";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { locationSchema } from "~/models/location/location-schema";
import { requireUser } from "~/web/auth.server";
import { formConstraint } from "~/web/form.server";
import { type LocationActionData, saveLocationForm } from "~/web/location/location-form.server";

export const handle = { i18n: ["common", "locations"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "location:write" });
  return { constraint: formConstraint(locationSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request, { permission: "location:write" });
  return saveLocationForm(request, null);
}

export default function NewLocation() {
  const { t } = useTranslation("locations");
  const actionData = useActionData<LocationActionData>();
  const { constraint } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={t("form.addTitle")} closeTo="/locations">
      <LocationForm
        id="location-new"
        constraint={constraint}
        lastResult={actionData?.result}
        submitLabel={t("form.create")}
        cancelTo="/locations"
      />
    </RouteDialog>
  );
}
