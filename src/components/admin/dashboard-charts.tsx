"use client";

import { useId, type ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, LabelList, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

/**
 * The admin top page's charts, drawn with recharts (SVG). The server does the
 * counting (src/server/options/dashboard.ts) and passes plain figures in.
 *
 * Accessibility: each chart is a <figure> named by its visible caption; the
 * SVG carries the title and a one-line summary (<title>/<desc>), recharts'
 * keyboard layer lets the tooltip be stepped through with the arrow keys, and
 * the same numbers are in a visually hidden table for screen readers.
 *
 * Colours are the brand's (tailwind.config.ts): primary dark grey and gold.
 * Text is always dark grey, never gold: gold text on white is below 4.5:1.
 */
const COLOR = {
  primary: "#2b2b2b",
  gold: "#b8932f",
  goldEdge: "#9a7426",
  text: "#4f4f4f",
  grid: "#e7e7e7",
} as const;

const nf = new Intl.NumberFormat("ja-JP");
const tick = { fill: COLOR.text, fontSize: 12 };
const tooltipStyle = {
  contentStyle: { borderRadius: 6, borderColor: "#d1d1d1", fontSize: 12 },
  labelStyle: { color: COLOR.primary, fontWeight: 700 },
  itemStyle: { color: COLOR.primary },
} as const;

export interface WeekFigure {
  /** ISO date (JST) of the week's Monday */
  week: string;
  members: number;
  inquiries: number;
}

export interface CountFigure {
  label: string;
  count: number;
}

/** "2026-11-16" → "11/16" (the Monday the week starts on). */
export const weekLabel = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;

/** A chart with its title, a spoken summary, and the same figures as a table for screen readers (`table`: its head and body). */
function ChartFigure({ title, summary, children, table }: { title: string; summary: string; children: ReactNode; table: ReactNode }) {
  const id = useId();
  return (
    <figure
      className="grid gap-2 rounded-lg bg-white p-4 shadow-sm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      data-slot="dashboard-chart"
    >
      <figcaption id={`${id}-title`} className="text-sm font-bold">
        {title}
      </figcaption>
      <p id={`${id}-summary`} className="sr-only">
        {summary}
      </p>
      <div className="h-64 w-full">{children}</div>
      {/* The box is what is hidden: a table never gets narrower than its text (sr-only keeps it on one line), so a long caption made the page scroll sideways on a phone. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          {table}
        </table>
      </div>
    </figure>
  );
}

/** New members and inquiries per week (12 weeks, the current partial week last), as two lines. */
export function WeeklyChart({ title, weeks }: { title: string; weeks: WeekFigure[] }) {
  const data = weeks.map((w) => ({ ...w, label: weekLabel(w.week) }));
  const total = (k: "members" | "inquiries") => nf.format(weeks.reduce((n, w) => n + w[k], 0));
  const summary = `${weeks.length}週間の合計：新規会員${total("members")}人、お問い合わせ${total("inquiries")}件。週ごとの数は次の表のとおり。`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">週（月曜日から）</th>
              <th scope="col">新規会員</th>
              <th scope="col">お問い合わせ</th>
            </tr>
          </thead>
          <tbody>
            {data.map((w) => (
              <tr key={w.week}>
                <th scope="row">{w.week}</th>
                <td>{nf.format(w.members)}人</td>
                <td>{nf.format(w.inquiries)}件</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <LineChart
        responsive
        style={{ width: "100%", height: "100%" }}
        data={data}
        title={title}
        desc={summary}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={COLOR.grid} vertical={false} />
        <XAxis dataKey="label" tick={tick} tickLine={false} axisLine={{ stroke: COLOR.grid }} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={40} />
        <Tooltip {...tooltipStyle} labelFormatter={(l) => `${String(l)}〜の週`} formatter={(v, name) => [nf.format(Number(v)), name]} />
        <Legend itemSorter={null} formatter={(value) => <span style={{ color: COLOR.primary }}>{value}</span>} wrapperStyle={{ fontSize: 12 }} />
        <Line type="linear" dataKey="members" name="新規会員（人）" stroke={COLOR.primary} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        <Line
          type="linear"
          dataKey="inquiries"
          name="お問い合わせ（件）"
          stroke={COLOR.gold}
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={{ r: 3, fill: COLOR.gold, stroke: COLOR.goldEdge }}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFigure>
  );
}

/** Counts per category as horizontal bars (category names on the left, the count at the end of each bar). */
export function CountChart({
  title,
  figures,
  unit = "件",
  color = "gold",
}: {
  title: string;
  figures: CountFigure[];
  unit?: string;
  color?: "gold" | "primary";
}) {
  const fill = color === "gold" ? COLOR.gold : COLOR.primary;
  const total = figures.reduce((n, f) => n + f.count, 0);
  const summary = `合計${nf.format(total)}${unit}。${figures.map((f) => `${f.label} ${nf.format(f.count)}${unit}`).join("、")}。`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={
        <>
          <tbody>
            {figures.map((f) => (
              <tr key={f.label}>
                <th scope="row">{f.label}</th>
                <td>
                  {nf.format(f.count)}
                  {unit}
                </td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <BarChart
        responsive
        style={{ width: "100%", height: "100%" }}
        data={figures}
        layout="vertical"
        title={title}
        desc={summary}
        margin={{ top: 4, right: 40, bottom: 0, left: 0 }}
        barCategoryGap="25%"
      >
        <CartesianGrid stroke={COLOR.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={tick} tickLine={false} axisLine={false} />
        <YAxis type="category" dataKey="label" tick={tick} tickLine={false} axisLine={{ stroke: COLOR.grid }} width={104} interval={0} />
        <Tooltip {...tooltipStyle} cursor={{ fill: "#f5f5f3" }} formatter={(v) => [`${nf.format(Number(v))}${unit}`, "件数"]} />
        <Bar dataKey="count" name="件数" fill={fill} stroke={color === "gold" ? COLOR.goldEdge : undefined} radius={[0, 3, 3, 0]} isAnimationActive={false}>
          <LabelList dataKey="count" position="right" fill={COLOR.primary} fontSize={12} formatter={(v) => nf.format(Number(v))} />
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
