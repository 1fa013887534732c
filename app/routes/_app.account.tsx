import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList, Field, SelectField } from "~/components/Field/Field";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import { OwnLocation } from "~/components/Shell/OwnLocation";
import { LANGUAGES } from "~/i18n/config";
import { i18next, languageCookie } from "~/i18n/i18next.server";
import { pageTitle } from "~/i18n/page-title";
import { locationIdField } from "~/models/location/location-schema";
import { ownLocationChoice, setOwnLocation } from "~/models/location/location-writes.server";
import { passwordChangeSchema, profileSchema } from "~/models/user/account-schema";
import {
  changeOwnPassword,
  type PublicUser,
  rememberLanguage,
  updateOwnProfile,
  userVersion,
} from "~/models/user/user.server";
import * as s from "~/styles/account.css";
import { checkOwnPassword, currentSessionId, LoginError, requireUser, safeRedirect } from "~/web/auth.server";
import { formConstraint, parseForm, readForm } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";
import { useSchemaForm } from "~/web/use-schema-form";
import { userRefusal } from "~/web/user/user-form.server";

export const handle = { i18n: ["common", "account"] };

/** A refused sign-in's wait (429) reaches the browser on the page's answer too. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

type Intent = "profile" | "password";
type ActionData = { intent: Intent; result: SubmissionResult<string[]> };

// Password values never travel back to the page.
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [version, language, ownLocation] = await Promise.all([
    userVersion(user.id),
    i18next.getLocale(request),
    ownLocationChoice(user.id),
  ]);
  return {
    user,
    version,
    language,
    ownLocation,
    constraint: { profile: formConstraint(profileSchema), password: formConstraint(passwordChangeSchema) },
  };
}

// Every signed-in user, whatever their role, edits their own account here (and only their own).
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "profile":
      return saveProfile(user, form);
    case "password":
      return changePassword(request, user, form);
    case "location":
      return chooseLocation(user, form);
  }
  throw data({ message: "Unknown intent" }, { status: 400 });
}

async function saveProfile(user: PublicUser, form: FormData) {
  const submission = parseForm(form, profileSchema);
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "profile", result: submission.reply() }, 400);
  }
  const result = await updateOwnProfile(user.id, submission.value);
  if (!result.ok) {
    const { key, status } = userRefusal(result.reason);
    return data<ActionData>({ intent: "profile", result: submission.reply({ formErrors: [key] }) }, status);
  }
  // The language is the browser's `lng` cookie, as the language switcher sets it, and the user's
  // (for e-mails).
  await rememberLanguage(user.id, submission.value.language);
  return redirectWithToast(
    "/account",
    { type: "success", title: "toast.success", description: "account:toast.saved" },
    { headers: { "Set-Cookie": await languageCookie.serialize(submission.value.language) } },
  );
}

/**
 * One's own location (issue #32), from /account or the sidebar: back to the page the form was on,
 * with a toast; empty is none (the default location), an inactive or unknown one is refused.
 */
async function chooseLocation(user: PublicUser, form: FormData) {
  const to = safeRedirect(form.get("redirectTo"), "/account");
  const raw = form.get("locationId");
  const parsed = raw === "" ? { success: true as const, data: null } : locationIdField.safeParse(raw);
  const result = parsed.success ? await setOwnLocation(user.id, parsed.data) : null;
  if (!result?.ok) {
    return redirectWithToast(to, {
      type: "error",
      title: "toast.error",
      description: "toast.locationRefused",
    });
  }
  return redirectWithToast(to, {
    type: "success",
    title: "toast.success",
    description: "toast.locationChosen",
  });
}

async function changePassword(request: Request, user: PublicUser, form: FormData) {
  const submission = parseForm(form, passwordChangeSchema);
  if (submission.status !== "success") {
    return data<ActionData>(
      { intent: "password", result: submission.reply({ hideFields: PASSWORD_FIELDS }) },
      400,
    );
  }
  try {
    await checkOwnPassword(request, user.email, submission.value.currentPassword);
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    const result =
      error.key === "auth.errors.invalid"
        ? submission.reply({
            hideFields: PASSWORD_FIELDS,
            fieldErrors: { currentPassword: ["account:errors.wrongPassword"] },
          })
        : submission.reply({ hideFields: PASSWORD_FIELDS, formErrors: [error.key] });
    return data<ActionData>(
      { intent: "password", result },
      error.status === 429 ? { status: 429, headers: error.headers } : 400,
    );
  }
  const changed = await changeOwnPassword(
    user.id,
    submission.value.newPassword,
    await currentSessionId(request),
  );
  if (!changed) throw data(null, { status: 404 });
  return redirectWithToast("/account", {
    type: "success",
    title: "toast.success",
    description: "account:toast.passwordChanged",
  });
}

export default function AccountPage() {
  const { t } = useTranslation("account");
  const { user, version, ownLocation } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("signedInAs", { email: user.email, role: t(`common:roles.${user.role}`) })}
      />
      <div className={s.grid}>
        <Card title={t("profile.title")}>
          <ProfileForm lastResult={resultFor("profile")} />
        </Card>
        <div id="location">
          <Card title={t("common:shell.location")}>
            <p>{t("common:shell.locationHint")}</p>
            <OwnLocation redirectTo="/account" id="account-location" choice={ownLocation} />
          </Card>
        </div>
        <Card title={t("password.title")}>
          {/* Keyed by the version: a changed password moves it, and the emptied form starts afresh. */}
          <PasswordForm key={version} lastResult={resultFor("password")} />
        </Card>
      </div>
    </>
  );
}

function usePending(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function ProfileForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("account");
  const { user, version, language, constraint } = useLoaderData<typeof loader>();
  const pending = usePending("profile");
  const [form, fields] = useSchemaForm({
    id: `account-profile-${version}-${language}`,
    constraint: constraint.profile,
    schema: () => import("~/models/user/account-schema").then((m) => m.profileSchema),
    lastResult,
    defaultValue: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      language,
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="profile" />
      <input type="hidden" name="version" value={String(version)} />
      <div className={s.row}>
        <Field
          label={t("profile.firstName")}
          errors={fields.firstName.errors}
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
        />
        <Field
          label={t("profile.lastName")}
          errors={fields.lastName.errors}
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
        />
      </div>
      <SelectField
        label={t("profile.language")}
        errors={fields.language.errors}
        selectProps={getSelectProps(fields.language)}
        options={LANGUAGES.map((value) => ({
          value,
          label: value === "en" ? t("common:shell.english") : t("common:shell.finnish"),
        }))}
      />
      <p className={s.note}>{t("profile.emailNote")}</p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className={s.footer}>
        <Button type="submit" disabled={pending}>
          {pending ? t("common:actions.saving") : t("profile.save")}
        </Button>
      </div>
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("account");
  const { user, constraint } = useLoaderData<typeof loader>();
  const pending = usePending("password");
  const [form, fields] = useSchemaForm({
    id: "account-password",
    constraint: constraint.password,
    schema: () => import("~/models/user/account-schema").then((m) => m.passwordChangeSchema),
    lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="password" />
      {/* For password managers: which account this password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={user.email} />
      <p className={s.note}>{t("password.lead")}</p>
      <Field
        label={t("password.current")}
        errors={fields.currentPassword.errors}
        inputProps={{
          ...getInputProps(fields.currentPassword, { type: "password" }),
          autoComplete: "current-password",
        }}
      />
      <Field
        label={t("password.new")}
        errors={fields.newPassword.errors}
        inputProps={{
          ...getInputProps(fields.newPassword, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
      <Field
        label={t("password.confirm")}
        errors={fields.confirmPassword.errors}
        inputProps={{
          ...getInputProps(fields.confirmPassword, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className={s.footer}>
        <Button type="submit" disabled={pending}>
          {pending ? t("common:actions.saving") : t("password.save")}
        </Button>
      </div>
    </Form>
  );
}

export const meta = pageTitle("account:title");
