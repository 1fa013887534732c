import { bundleOf } from "./bundle";

/** Every English namespace: the server's translations, and one chunk the browser loads on a switch. */
export default bundleOf(import.meta.glob("../locales/en/*.json", { eager: true, import: "default" }));
