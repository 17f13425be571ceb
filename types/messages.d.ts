// The messages between a play page (docs/assets/widget-host.js) and the Python worker, as
// TypeScript types. Written by `python -m sitebuild.messages_dts` from
// pyengine/widgets/messages.py: do not edit (tests/test_messages_dts.py checks it is current).

/** What the page says of itself at `start` (`pageInfo()` and the slots in the adapter). */
export interface PageInfo {
  /** The page's address without its fragment (a share field shows the whole link). */
  page_url: string;
  /** The fragment at load, without `#` (a share link carries a game there). */
  url_hash: string;
  /** The browser asks to save data (`navigator.connection.saveData`). */
  save_data: boolean;
  /** The widget's storage slots as the page read them (slot -> text). */
  slots: Record<string, string>;
}

/** One list line (pyengine.widgets.Item). */
export interface ItemData {
  text: string;
  href: string | null;
  cls: string | null;
  action: string | null;
  value: string;
  pressed: boolean;
  image: string;
  image_alt: string;
}

/** A request the adapter makes for the widget (pyengine.widgets.Fetch). */
export interface FetchData {
  url: string;
  action: string;
  method: string;
  body: string | null;
  tag: string;
}

/**
 * The changes to make to the page (pyengine.widgets.View, by pyengine.widgets.host.view_data):
 * a key whose value is empty is left out, except `error` (an empty one clears the error line).
 */
export interface ViewData {
  text?: Record<string, string>;
  values?: Record<string, string>;
  lists?: Record<string, ItemData[]>;
  /** `[value, label]` pairs. */
  options?: Record<string, string[][]>;
  hidden?: Record<string, boolean>;
  attrs?: Record<string, Record<string, string>>;
  /**
   * The save changed: the page refreshes its copy shown before Python (the slots are in
   * Answer.writes).
   */
  save?: string;
  /**
   * Always in a view the host answers (an empty one clears the error line); not in a refused
   * stale tap's empty view.
   */
  error?: string;
  fetches?: FetchData[];
  url_hash?: string;
  /** `[file name, text]`. */
  download?: string[];
  scroll?: string;
  qr?: Record<string, string[]>;
  note?: string;
}

/** The worker's answer to `start` and `handle`. */
export interface Answer {
  view: ViewData;
  /**
   * Storage slots to write, in order (None removes one); the page writes them before it shows
   * the view and stops at the first that fails.
   */
  writes: Record<string, string | null>;
  /** Lines for the browser's console. */
  log: string[];
  /** The version of the view this answer shows (a tap carries it back as `_view`). */
  version: number;
  /** Only on a refused stale tap (then `view` is empty): nothing to show. */
  stale?: boolean;
}

/** The form keys the adapter adds to the page's fields. */
export type AdapterKey =
  | "_page"
  | "_online"
  | "_view"
  | "_item"
  | "_file"
  | "_status"
  | "_body"
  | "_tag";
/**
 * What `handle` sends as its form: the page's fields (data-field name -> text) and the
 * adapter's own keys.
 */
export type Form = Record<string, string>;
