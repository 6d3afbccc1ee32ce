import areasJson from "@/master-data/areas.json";

/**
 * The line under each area tile of the home page ("豊中市・吹田市・茨木市 ほか"), by area name.
 * Computed on the server and passed to BrowseSections (a client component), so the area master
 * data with its notes stays out of the page's scripts (issue 21).
 */
export function areaTownLines(): Record<string, string> {
  const lines: Record<string, string> = {};
  for (const a of (areasJson as { areas: { name: string; municipality_names?: string[] }[] }).areas) {
    const towns = (a.municipality_names ?? []).map((n) => n.replace(/^(大阪市|堺市)(?=.+区$)/, ""));
    if (towns.length) lines[a.name] = `${towns.slice(0, 3).join("・")}${towns.length > 3 ? " ほか" : ""}`;
  }
  return lines;
}
