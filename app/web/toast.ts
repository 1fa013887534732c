/** A toast as the flash cookie carries it: i18n keys (and values), translated where it is shown. */
export type Toast = {
  type: "success" | "error" | "info" | "warning";
  title: string;
  description?: string;
  values?: Record<string, string | number>;
};
