import { bundleOf } from "./bundle";

/** Every Finnish namespace: the server's translations, and one chunk the browser loads on a switch. */
export default bundleOf(import.meta.glob("../locales/fi/*.json", { eager: true, import: "default" }));
