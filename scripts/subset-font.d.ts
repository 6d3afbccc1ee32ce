// subset-font ships no types; the part scripts/subset-fonts.ts uses.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "sfnt" | "woff" | "woff2" | "truetype"; keepFeatures?: string[]; noHinting?: boolean; noLayoutClosure?: boolean },
  ): Promise<Buffer>;
}
