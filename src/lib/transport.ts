/** One access line of a listing as the site shows it (names resolved): what the detail page's transport text reads. */
export interface TransportLike {
  line_name: string | null;
  station_name: string | null;
  /** 1 徒歩, 2 バス, 3 その他 */
  distance: number;
  station_walk: number | null;
  bus_name: string | null;
  bus_time: number | null;
  bus_walk: number | null;
  other: string | null;
}
