/** A column header: its text, or its text and its class (alignment, padding). */
export type Column = string | { label: string; className: string };

/** A table's header row, one column header per entry. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, className } =
            typeof column === "string" ? { label: column, className: undefined } : column;
          return (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
