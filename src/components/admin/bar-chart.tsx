/**
 * A plain SVG bar chart for the admin top page (interim: a charting library
 * has been requested). Accessible: the SVG has a title and description, and
 * the same numbers are in a table for screen readers.
 */
export interface Bar {
  label: string;
  count: number;
}

export function BarChart({ id, title, bars, unit = "件", barWidth = 36 }: { id: string; title: string; bars: Bar[]; unit?: string; barWidth?: number }) {
  const max = Math.max(1, ...bars.map((b) => b.count));
  const w = barWidth;
  const gap = 10;
  const maxChars = Math.max(3, Math.floor((w + gap) / 10));
  const h = 140;
  const width = bars.length * (w + gap) + gap;
  return (
    <figure className="grid gap-2 rounded-lg bg-white p-4 shadow-sm" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="text-sm font-bold">
        {title}
      </figcaption>
      <div className="overflow-x-auto">
        <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} viewBox={`0 0 ${width} ${h + 40}`} className="h-48 min-w-full" preserveAspectRatio="xMinYMid meet">
          <desc id={`${id}-desc`}>{bars.map((b) => `${b.label} ${b.count}${unit}`).join("、")}</desc>
          <line x1={0} y1={h} x2={width} y2={h} stroke="currentColor" strokeOpacity={0.2} />
          {bars.map((b, i) => {
            const bh = Math.round((b.count / max) * (h - 20));
            const x = gap + i * (w + gap);
            return (
              <g key={b.label}>
                <rect x={x} y={h - bh} width={w} height={bh} rx={3} className="fill-gold" />
                <text x={x + w / 2} y={h - bh - 4} textAnchor="middle" fontSize={11} className="fill-current">
                  {b.count}
                </text>
                <text x={x + w / 2} y={h + 14} textAnchor="middle" fontSize={10} className="fill-current opacity-70">
                  {b.label.length > maxChars ? `${b.label.slice(0, maxChars - 1)}…` : b.label}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {bars.map((b) => (
            <tr key={b.label}>
              <th scope="row">{b.label}</th>
              <td>
                {b.count}
                {unit}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
