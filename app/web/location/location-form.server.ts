import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { locationSchema } from "~/models/location/location-schema";
import {
  createLocation,
  type LocationRefusal,
  locationNameInUse,
  updateLocation,
} from "~/models/location/location-writes.server";
import { parseForm, readForm, refusedReply } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";

/** Where a refused location write shows (a field or the whole form), its message key and status. */
export function locationRefusalError(reason: LocationRefusal): {
  field: "name" | "active" | "isDefault" | "form";
  key: string;
  status: number;
} {
  switch (reason) {
    case "nameTaken":
      return { field: "name", key: "locations:errors.nameTaken", status: 409 };
    case "stale":
      return { field: "form", key: "toast.staleEdit", status: 409 };
    case "defaultInactive":
      return { field: "active", key: "locations:errors.defaultInactive", status: 409 };
    case "defaultRequired":
      return { field: "isDefault", key: "locations:errors.defaultRequired", status: 409 };
    case "notFound":
      return { field: "form", key: "locations:errors.notFound", status: 404 };
  }
}

export type LocationActionData = { result: SubmissionResult<string[]> };

/** The add and edit location forms' one action: every field's error at once, one write, then the location's page. */
export async function saveLocationForm(request: Request, id: number | null) {
  const form = await readForm(request);
  const submission = parseForm(form, locationSchema);
  const refused = await refusedReply(submission, form, [
    {
      field: "name",
      inUse: (name) => locationNameInUse(name, id ?? 0),
      message: "locations:errors.nameTaken",
    },
  ]);
  if (refused || submission.status !== "success") {
    return data<LocationActionData>({ result: refused ?? submission.reply() }, 400);
  }
  const result =
    id === null ? await createLocation(submission.value) : await updateLocation(id, submission.value);
  if (!result.ok) {
    const error = locationRefusalError(result.reason);
    const reply =
      error.field === "form"
        ? submission.reply({ formErrors: [error.key] })
        : submission.reply({ fieldErrors: { [error.field]: [error.key] } });
    return data<LocationActionData>({ result: reply }, error.status);
  }
  return redirectWithToast(`/locations/${result.location.id}`, {
    type: "success",
    title: "toast.success",
    description: id === null ? "locations:toast.created" : "locations:toast.updated",
  });
}
