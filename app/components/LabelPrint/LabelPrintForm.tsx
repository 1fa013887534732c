import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { Field, SelectField } from "~/components/Field/Field";
import * as list from "~/components/ProductList/ProductList.css";
import { isLanguage } from "~/i18n/config";
import {
  LABEL_FORMATS,
  LABEL_LAYOUT_IDS,
  type LabelLayoutId,
  ROLL_DPI,
  type RollDpi,
} from "~/models/label/label-layouts";

/** A layout and a roll printer's resolution, as the shop's default holds them. */
export type LayoutChoice = { layout: LabelLayoutId; dpi: RollDpi };

/**
 * The layout and roll resolution selects, starting from `defaults`: the print form's, and the
 * default layout's form (LabelDefaults), whose ids take another prefix on the same page.
 */
export function LayoutFields({ idPrefix, defaults }: { idPrefix: string; defaults: LayoutChoice }) {
  const { t } = useTranslation("labels");
  return (
    <>
      <SelectField
        label={t("print.layout")}
        selectProps={{ id: `${idPrefix}-layout`, name: "layout", defaultValue: defaults.layout }}
        options={LABEL_LAYOUT_IDS.map((id) => ({ value: id, label: t(`layouts.${id}`) }))}
      />
      <SelectField
        label={t("print.dpi")}
        selectProps={{ id: `${idPrefix}-dpi`, name: "dpi", defaultValue: String(defaults.dpi) }}
        options={ROLL_DPI.map((dpi) => ({ value: String(dpi), label: `${dpi} dpi` }))}
      />
    </>
  );
}

export type LabelPrintFormProps = {
  /** Which products (label-source.ts's fields), sent as hidden fields. */
  fields: readonly (readonly [string, string])[];
  /** The button's words. */
  button: string;
  /** The layout and roll resolution chosen at first (the shop's default). */
  defaults: LayoutChoice;
  /** Nothing to print: the button is disabled. */
  disabled?: boolean;
};

/**
 * The one shelf-label print form (the queue's on /labels, a preview's): layout, a roll's printer
 * resolution, a sheet's labels already used, language and file, posted to /labels/print with the
 * products' source in hidden fields. A plain form loaded as a document: the PDF or ZPL downloads
 * with or without JavaScript; a refusal comes back as a toast.
 */
export function LabelPrintForm({ fields, button, defaults, disabled }: LabelPrintFormProps) {
  const { t, i18n } = useTranslation("labels");
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  return (
    <Form
      method="post"
      action="/labels/print"
      reloadDocument
      className={list.filters}
      style={{ border: "none", padding: 0, margin: 0 }}
      data-testid="label-print-form"
    >
      {fields.map(([name, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a name may repeat (product=1&product=2), in order
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <LayoutFields idPrefix="label" defaults={defaults} />
      <Field
        label={t("print.offset")}
        inputProps={{
          id: "label-offset",
          name: "offset",
          type: "number",
          min: 0,
          defaultValue: 0,
          inputMode: "numeric",
        }}
      />
      <SelectField
        label={t("print.language")}
        selectProps={{ id: "label-language", name: "language", defaultValue: language }}
        options={[
          { value: "fi", label: "Suomi" },
          { value: "en", label: "English" },
        ]}
      />
      <SelectField
        label={t("print.format")}
        selectProps={{ id: "label-format", name: "format", defaultValue: "pdf" }}
        options={LABEL_FORMATS.map((format) => ({ value: format, label: t(`formats.${format}`) }))}
      />
      <Button type="submit" disabled={disabled}>
        {button}
      </Button>
    </Form>
  );
}
