import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { ErrorList } from "~/components/Field/Field";
import { DataTable } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { listSettings, saveSettings } from "~/models/notification/notification.server";
import { settingChangeSchema } from "~/models/notification/notification-schema";
import { NOTIFICATION_TABS } from "~/models/notification/notification-tabs";
import { hasThreshold, NOTIFICATION_TYPES } from "~/models/notification/notification-types";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";

/** The first tab of /notifications: each user's own settings, one form, one Save. */
export const handle = { i18n: ["common", "notifications"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The tabs were once `?tab=rules` and `?tab=recent`: such an address (a bookmark, an e-mail)
  // goes on to the tab's own.
  const url = new URL(request.url);
  const old = NOTIFICATION_TABS.find((tab) => tab.name === url.searchParams.get("tab"));
  if (old && old.path !== url.pathname) {
    url.searchParams.delete("tab");
    throw redirect(`${old.path}${url.search}`);
  }
  return { settings: await listSettings(user.id) };
}

type ActionData = { settingErrors?: Record<string, string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") !== "save-settings") throw data({ message: "Unknown action" }, 400);
  // A ticked box sends "on", an unticked one nothing: every switch is read as on or off.
  const errors: Record<string, string[]> = {};
  const changes = [];
  for (const type of NOTIFICATION_TYPES) {
    const parsed = settingChangeSchema.safeParse({
      enabled: form.has(`${type}.enabled`),
      emailEnabled: form.has(`${type}.emailEnabled`),
      smsEnabled: form.has(`${type}.smsEnabled`),
      ...(hasThreshold(type) ? { thresholdValue: String(form.get(`${type}.thresholdValue`) ?? "") } : {}),
    });
    if (parsed.success) changes.push({ type, ...parsed.data });
    else for (const issue of parsed.error.issues) errors[`${type}.${issue.path.join(".")}`] = [issue.message];
  }
  if (Object.keys(errors).length > 0) return data<ActionData>({ settingErrors: errors }, 400);
  await saveSettings(user.id, changes);
  return redirectWithToast("/notifications", {
    type: "success",
    title: "toast.success",
    description: "notifications:page.settings.saved",
  });
}

export default Settings;

/** A setting's switches and the words their column is headed with. */
const SWITCHES = [
  ["enabled", "inApp"],
  ["emailEnabled", "email"],
  ["smsEnabled", "sms"],
] as const;

/** Every type's switches and threshold, one form, one Save. */
function Settings() {
  const { t } = useTranslation("notifications");
  const { settings } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const errors = actionData?.settingErrors ?? {};
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="save-settings" />
      <DataTable
        label={t("page.settings.caption")}
        columns={[
          {
            key: "type",
            kind: "primary",
            label: t("page.settings.type"),
            cell: (setting) => (
              <span>
                <strong>{t(`types.${setting.type}`)}</strong>
                <br />
                <span className={table.muted}>{t(`page.settings.descriptions.${setting.type}`)}</span>
              </span>
            ),
          },
          ...SWITCHES.map(([name, label]) => ({
            key: name,
            kind: "badge" as const,
            label: t(`page.settings.${label}`),
            cell: (setting: (typeof settings)[number]) => (
              <input
                type="checkbox"
                name={`${setting.type}.${name}`}
                defaultChecked={setting[name]}
                aria-label={`${t(`types.${setting.type}`)}: ${t(`page.settings.${label}`)}`}
              />
            ),
          })),
          {
            key: "threshold",
            label: t("page.settings.threshold"),
            cell: (setting) => {
              if (setting.thresholdValue === null && !hasThreshold(setting.type))
                return t("page.settings.noThreshold");
              const field = `${setting.type}.thresholdValue`;
              const fieldErrors = errors[field];
              return (
                <span>
                  <input
                    name={field}
                    inputMode="decimal"
                    size={6}
                    defaultValue={setting.thresholdValue ?? ""}
                    aria-label={`${t(`types.${setting.type}`)}: ${t("page.settings.threshold")}`}
                    aria-invalid={fieldErrors ? true : undefined}
                    aria-describedby={fieldErrors ? `${field}-error` : undefined}
                  />{" "}
                  <span className={table.muted}>{t(`page.settings.units.${setting.type}`)}</span>
                  <ErrorList id={`${field}-error`} errors={fieldErrors} />
                </span>
              );
            },
          },
        ]}
        rows={settings}
        rowKey={(setting) => setting.type}
        rowProps={(setting) => ({ "data-testid": "setting-row", "data-type": setting.type })}
      />
      <p className={table.muted}>{t("page.settings.hint")}</p>
      <Button type="submit">{t("page.settings.save")}</Button>
    </Form>
  );
}
