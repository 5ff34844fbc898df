/** A column's header: its name, or a name for screen readers only (over a column of buttons or row headers); never empty. */
type Column = string | { readonly hidden: string };

/** A table's head: one row of column headers, each scoped to its column. */
export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={i} scope="col">
            {typeof c === 'string' ? c : <span className="visually-hidden">{c.hidden}</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}
