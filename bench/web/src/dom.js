// The DOM helpers shared by the page's views (numbers are formatted by
// bench/report/table.js, as in the Node front-end).

export const $ = (id) => document.getElementById(id);

/** Creates an element: h("td", {className: "num"}, "1.5", otherNode). */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children.flat().filter((c) => c !== undefined && c !== null && c !== false));
  return node;
}

/** An implementation's or a file's colour, as its table row, summary and chart show it. */
export const swatch = (color) => h("span", {className: "swatch", style: `background:${color}`});
