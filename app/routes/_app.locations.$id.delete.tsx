import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/Button/Button";
import { ConfirmDelete } from "~/components/ConfirmDelete/ConfirmDelete";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { em } from "~/infra/db.server";
import { onlyLedger, refusingUses } from "~/models/location/location-uses";
import { deleteLocation, getLocation, locationUses } from "~/models/location/location-writes.server";
import { requireUser } from "~/web/auth.server";
import { recordNotFound } from "~/web/not-found.server";
import { idParam } from "~/web/params";
import { redirectWithToast } from "~/web/toast.server";

export const handle = { i18n: ["common", "locations"] };

/** The location and, before anyone tries, what keeps it from being deleted (the counts). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "location:write" });
  const id = idParam(params.id);
  const location = id ? await getLocation(id) : null;
  if (!location) throw recordNotFound("location");
  const uses = await locationUses(em(), location.id);
  return {
    location: { id: location.id, name: location.name, isDefault: location.isDefault },
    refusing: refusingUses(uses).map((use) => ({ key: `uses.${use.name}`, count: use.count })),
    ledgerOnly: onlyLedger(uses),
    staff: uses.find((use) => use.name === "staff")?.count ?? 0,
  };
}

/** Refused while it holds stock, has a ledger or open documents, and for the default: back here, the counts shown. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "location:write" });
  const id = idParam(params.id);
  const result = id ? await deleteLocation(id) : ({ ok: false, reason: "notFound" } as const);
  if (result.ok) {
    return redirectWithToast("/locations", {
      type: "success",
      title: "toast.success",
      description: "locations:toast.deleted",
    });
  }
  if (result.reason === "notFound") {
    return redirectWithToast("/locations", {
      type: "error",
      title: "locations:toast.deleteFailed",
      description: "locations:errors.notFound",
    });
  }
  return redirectWithToast(`/locations/${id}/delete`, {
    type: "error",
    title: "locations:toast.deleteFailed",
    description: result.reason === "isDefault" ? "locations:errors.isDefault" : "locations:delete.refused",
  });
}

export default function DeleteLocation() {
  const { t } = useTranslation("locations");
  const { location, refusing, ledgerOnly, staff } = useLoaderData<typeof loader>();
  if (location.isDefault || refusing.length > 0) {
    return (
      <RouteDialog title={t("delete.title")} description={location.name} closeTo="/locations">
        <p>{location.isDefault ? t("errors.isDefault") : t("delete.refused")}</p>
        {refusing.length > 0 ? (
          <ul data-testid="location-uses">
            {refusing.map((use) => (
              <li key={use.key}>{t(use.key, { count: use.count })}</li>
            ))}
          </ul>
        ) : null}
        {ledgerOnly ? <p data-testid="location-deactivate">{t("delete.deactivate")}</p> : null}
        <p>
          <Link to={`/locations/${location.id}/edit`} className={buttonClass("secondary")}>
            {t("common:actions.edit")}
          </Link>{" "}
          <Link to="/locations" className={buttonClass("secondary")} data-autofocus>
            {t("common:actions.cancel")}
          </Link>
        </p>
      </RouteDialog>
    );
  }
  return (
    <ConfirmDelete
      title={t("delete.title")}
      question={t("delete.question")}
      subject={
        <>
          <strong>{location.name}</strong>
          {staff > 0 ? <span> {t("delete.staff")}</span> : null}
        </>
      }
      closeTo="/locations"
    />
  );
}
