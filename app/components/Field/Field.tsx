import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import * as s from "./Field.css";

type Errors = string[] | undefined | null;

/** Field errors under an input; messages are i18n keys or plain text. */
export function ErrorList({ id, errors }: { id?: string; errors: Errors }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className={s.errors}>
      {errors.map((e) => (
        <li key={e}>{t(e)}</li>
      ))}
    </ul>
  );
}

type FieldProps = {
  label: ReactNode;
  errors?: Errors;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
};

export function Field({ label, errors, inputProps }: FieldProps) {
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={inputProps.id}>
        {label}
      </label>
      <input
        className={s.input}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        {...inputProps}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type SelectFieldProps = {
  label: ReactNode;
  errors?: Errors;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string };
  options: { value: string; label: string }[];
};

export function SelectField({ label, errors, selectProps, options }: SelectFieldProps) {
  const errorId = errors?.length ? `${selectProps.id}-error` : undefined;
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={selectProps.id}>
        {label}
      </label>
      <select
        className={s.input}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        {...selectProps}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled textarea with its errors. */
export function TextareaField({
  label,
  errors,
  textareaProps,
}: {
  label: ReactNode;
  errors?: Errors;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string };
}) {
  const errorId = errors?.length ? `${textareaProps.id}-error` : undefined;
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={textareaProps.id}>
        {label}
      </label>
      <textarea
        className={s.input}
        rows={3}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        {...textareaProps}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
