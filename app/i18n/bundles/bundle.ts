/** One language's translations: namespace (the file's name) to its texts. */
export type Bundle = Record<string, Record<string, unknown>>;

export function bundleOf(files: Record<string, unknown>): Bundle {
  const bundle: Bundle = {};
  for (const [file, texts] of Object.entries(files)) {
    const namespace = file.match(/([\w-]+)\.json$/)?.[1];
    if (namespace) bundle[namespace] = texts as Record<string, unknown>;
  }
  return bundle;
}
