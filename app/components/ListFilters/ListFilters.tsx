import * as list from "~/components/ProductList/ProductList.css";

/**
 * The fields of a list's filter form (a GET form: the filters are the page's address). Each is a
 * label above its control; the form gives them their starting values from the address.
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  /** the chosen option's value, or "" for any */
  value: string;
  /** the first option, which filters nothing */
  anyLabel: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <div className={list.filter}>
      <label className={list.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className={list.control} defaultValue={value}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A list's free-text filter (`q`). */
export function FilterSearch({
  id,
  label,
  value,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
}) {
  return (
    <div className={list.filter}>
      <label className={list.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        className={list.control}
        defaultValue={value}
        placeholder={placeholder}
        maxLength={100}
      />
    </div>
  );
}
