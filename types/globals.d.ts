// What the site's page scripts share through `window`, and the browser features they read that
// TypeScript's DOM types do not list. Hand-written (the messages with the worker are in
// messages.d.ts, written from Python).

/** The saved view's steps (docs/assets/saved-view.js), called by the adapter. */
interface CoopMagicSavedView {
  key(name: string | null): string;
  keep(root: Element): void;
  forget(root: Element): void;
  show(root: Element): boolean;
  revert(root: Element): void;
}

interface Window {
  /** Material for MkDocs: the site's base address (its search and palette keys use it). */
  __md_scope?: URL;
  /** mkdocs serve's live reload (only under the development server). */
  livereload?: unknown;
  /** A widget's storage key under the site's base path (docs/assets/saves.js). */
  coopMagicSaveKey(name: string): string;
  /** docs/assets/saved-view.js; absent on a page without a widget. */
  coopMagicSavedView?: CoopMagicSavedView;
  /** True while the latest answer's address and kept view are still to be written. */
  coopMagicWritePending?: () => boolean;
  /** The tests' shorter waits (tests/browser). */
  coopMagicAnswerTimeoutMs?: number;
  coopMagicHangMs?: number;
}

/** The Network Information API's one field the adapter reads (not in every browser). */
interface Navigator {
  connection?: {saveData?: boolean; type?: string};
}

/** What a page's `data-field` is on (inputs, lists and text boxes only). */
type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface Window {
  /** Material for MkDocs' page observable (instant navigation): each new page. */
  document$?: {subscribe(next: () => void): unknown};
}

/** What a page reads from one paste, drop or file (docs/assets/text-limits.js). */
interface CoopMagicTextLimits {
  /** Why a page will not read `text`, or null. */
  tooLarge(text: string, options?: {what?: string; chars?: number; keptChars?: number;
    keptLines?: number}): string | null;
  MAX_PASTE_CHARS: number;
}

interface Window {
  coopMagicTextLimits?: CoopMagicTextLimits;
}

interface Window {
  /** The table log's lines as text, the open burst committed first (docs/assets/table-log.js). */
  coopMagicTableLog?: () => string[];
  /** A file about to be downloaded: a game file with the table log added, else as it was
   * (docs/assets/table-log.js). */
  coopMagicExportHook?: (text: string) => string;
  /** Note the game on the page, left before its end, in the game history with its table log
   * (docs/assets/table-tools.js). */
  coopMagicNoteUnfinished?: () => void;
  /** A rule number's prefix and parts ("sw5.3" is ["SW", "5", "3"]), or null
   * (assets/search-on-demand.js, from the registry's prefixes the build writes). */
  coopMagicRuleNumber?: (text: string) => string[] | null;
}
