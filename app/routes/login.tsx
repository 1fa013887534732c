import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  redirect,
  redirectDocument,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { ErrorList, Field, SelectField } from "~/components/Field/Field";
import { Icon } from "~/components/Icon/Icon";
import { Toaster } from "~/components/Toaster/Toaster";
import { pageTitle } from "~/i18n/page-title";
import { env } from "~/infra/env.server";
import { loginSchema, registerSchema } from "~/models/user/auth-schema";
import { ROLES } from "~/models/user/roles";
import { anyUserExists, registerUser } from "~/models/user/user.server";
import * as s from "~/styles/login.css";
import { authenticator, createUserSession, getUser, LoginError, safeRedirect } from "~/web/auth.server";
import { parseForm, readForm } from "~/web/form.server";
import type { Toast } from "~/web/toast";
import { redirectWithToast, toastHeaders } from "~/web/toast.server";
import { useSubmitWithoutShift } from "~/web/use-submit-without-shift";

// The sign-in page is the server's HTML and plain forms: no JavaScript to download before signing
// in (see web/hydration). Errors come back from the server under each field.
export const handle = { i18n: ["common"], hydrate: false };

/** A refused sign-in's wait (429) reaches the browser on the page's answer too. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

type ActionData = { intent: "login" | "register"; result: SubmissionResult<string[]>; toast?: Toast };

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  // The approval note is only true when registration is not open; while there is no account at
  // all, the page says that the first one becomes the administrator.
  return { openRegistration: env().OPEN_REGISTRATION, firstAccount: !(await anyUserExists()) };
}

export async function action({ request }: ActionFunctionArgs) {
  // remix-auth-form reads the body itself, so conform parses a copy.
  const form = await readForm(request.clone());
  return form.get("intent") === "register" ? register(request, form) : signIn(request, form);
}

async function signIn(request: Request, form: FormData) {
  const submission = parseForm(form, loginSchema);
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "login", result: submission.reply({ hideFields: ["password"] }) }, 400);
  }
  try {
    const user = await authenticator.authenticate("form", request);
    const headers = await toastHeaders({
      type: "success",
      title: "toast.success",
      description: "toast.loggedIn",
    });
    headers.append("Set-Cookie", await createUserSession(request, user.id));
    // A full page load after sign-in, as the spec says.
    return redirectDocument(safeRedirect(form.get("redirectTo")), { headers });
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return data<ActionData>(
      {
        intent: "login",
        result: submission.reply({ formErrors: [error.key], hideFields: ["password"] }),
        toast: { type: "error", title: "toast.error", description: error.key },
      },
      { status: error.status, headers: error.headers },
    );
  }
}

async function register(request: Request, form: FormData) {
  const submission = parseForm(form, registerSchema);
  if (submission.status !== "success") {
    return data<ActionData>(
      { intent: "register", result: submission.reply({ hideFields: ["password"] }) },
      400,
    );
  }
  const result = await registerUser(submission.value);
  if (!result.ok) {
    return data<ActionData>(
      {
        intent: "register",
        result: submission.reply({
          fieldErrors: { email: ["auth.errors.emailTaken"] },
          hideFields: ["password"],
        }),
        toast: { type: "error", title: "toast.error", description: "auth.errors.emailTaken" },
      },
      409,
    );
  }
  if (result.first) {
    // The very first account: its owner is signed in at once and told what they became.
    const headers = await toastHeaders({
      type: "success",
      title: "toast.success",
      description: "firstRun.signedIn",
    });
    headers.append("Set-Cookie", await createUserSession(request, result.user.id));
    return redirectDocument("/", { headers });
  }
  return redirectWithToast("/login", {
    type: "success",
    title: "toast.success",
    description: result.user.isActive ? "toast.accountCreated" : "toast.accountPending",
  });
}

export const meta = pageTitle("auth.pageTitle");

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const actionData = useActionData<ActionData>();
  const tab = params.get("tab") === "register" ? "register" : "login";
  return (
    <div className={s.page}>
      <div className={s.column}>
        <header className={s.header}>
          <span className={s.logo}>
            <Icon name="zap" size={28} />
          </span>
          <h1 className={s.name}>{t("app.name")}</h1>
          <p className={s.tagline}>{t("app.tagline")}</p>
        </header>
        <Card title={t("auth.title")}>
          <nav className={s.tabs} aria-label={t("auth.tabs")}>
            <Link to="/login" className={s.tab} aria-current={tab === "login" ? "page" : undefined} replace>
              {t("auth.signInTab")}
            </Link>
            <Link
              to="/login?tab=register"
              className={s.tab}
              aria-current={tab === "register" ? "page" : undefined}
              replace
            >
              {t("auth.registerTab")}
            </Link>
          </nav>
          {tab === "login" ? (
            <SignInForm lastResult={actionData?.intent === "login" ? actionData.result : undefined} />
          ) : (
            <RegisterForm lastResult={actionData?.intent === "register" ? actionData.result : undefined} />
          )}
        </Card>
      </div>
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

/**
 * A form's submit button with the spec's pending words: while React runs, from the navigation's
 * state; before (the page is not hydrated), from `data-pending-label`, which the page's own small
 * script shows (app/web/without-react.ts).
 */
function SubmitButton({
  intent,
  pending,
  label,
  pendingLabel,
}: {
  intent: "login" | "register";
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      disabled={pending}
      data-pending-label={pendingLabel}
      className={s.submit}
    >
      {pending ? pendingLabel : label}
    </Button>
  );
}

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function SignInForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const firstAccount = useLoaderData<typeof loader>()?.firstAccount;
  const pending = usePending("login");
  useSubmitWithoutShift("login");
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      action={`/login${params.size ? `?${params}` : ""}`}
    >
      <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/"} />
      {firstAccount ? (
        <p className={s.firstRun}>
          {t("firstRun.signInHint")}{" "}
          <Link to="/login?tab=register" replace>
            {t("firstRun.createFirst")}
          </Link>
        </p>
      ) : null}
      <Field
        label={t("auth.email")}
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "username" }}
      />
      <Field
        label={t("auth.password")}
        errors={fields.password.errors}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "current-password",
        }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton
        intent="login"
        pending={pending}
        label={t("auth.signIn")}
        pendingLabel={t("auth.signingIn")}
      />
    </Form>
  );
}

function RegisterForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const { openRegistration, firstAccount } = useLoaderData<typeof loader>() ?? {};
  const pending = usePending("register");
  useSubmitWithoutShift("register");
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    constraint: getZodConstraint(registerSchema),
    shouldRevalidate: "onBlur",
    // The spec's form starts on admin (the schema's own default is salesperson).
    defaultValue: { role: "admin" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  });
  return (
    <Form method="post" action="/login?tab=register" {...getFormProps(form)} noValidate>
      <Field
        label={t("auth.email")}
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
      />
      <Field
        label={t("auth.password")}
        errors={fields.password.errors}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
      />
      <div className={s.row}>
        <Field
          label={t("auth.firstName")}
          errors={fields.firstName.errors}
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
        />
        <Field
          label={t("auth.lastName")}
          errors={fields.lastName.errors}
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
        />
      </div>
      {firstAccount ? (
        // The first account is the administrator whatever role it would ask for.
        <p className={s.firstRun} data-testid="first-account-note">
          {t("firstRun.note")}
        </p>
      ) : (
        <>
          <SelectField
            label={t("auth.role")}
            errors={fields.role.errors}
            selectProps={getSelectProps(fields.role)}
            options={ROLES.map((role) => ({ value: role, label: t(`auth.roleOptions.${role}`) }))}
          />
          {openRegistration ? null : <p className={s.note}>{t("auth.approvalNote")}</p>}
        </>
      )}
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton
        intent="register"
        pending={pending}
        label={t("auth.register")}
        pendingLabel={t("auth.registering")}
      />
    </Form>
  );
}
