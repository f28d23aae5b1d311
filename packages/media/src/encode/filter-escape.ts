/** Escaping for values placed inside an ffmpeg -filter_complex graph. */

// A graph value is unescaped twice: once by the graph parser, once by the filter's option
// parser, so each level's special characters are escaped in turn (innermost first).
const optionSpecials = /[\\':]/g;
const graphSpecials = /[\\'[\],;]/g;

/** Escapes a literal (title, font path) for use as `option=value` inside a filter graph. */
export function escapeFilterValue(value: string): string {
  return value.replace(optionSpecials, '\\$&').replace(graphSpecials, '\\$&');
}
