/** One entry of a chart's key: a bar's colour (box), a line, or a cap (dashed line). */
export interface ChartKeyItem {
  readonly key: string;
  readonly text: string;
  readonly colour: string;
  readonly look: 'box' | 'line' | 'dashed';
}

/** A chart's key in the page's own text, beside the plot rather than on it, so no label covers a bar. */
export function ChartKey({ label, items }: { label: string; items: readonly ChartKeyItem[] }) {
  return (
    <ul className="chart-key" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <span className={`chart-key-mark ${item.look}`} style={item.look === 'box' ? { background: item.colour } : { borderColor: item.colour }} aria-hidden="true" />
          {item.text}
        </li>
      ))}
    </ul>
  );
}
