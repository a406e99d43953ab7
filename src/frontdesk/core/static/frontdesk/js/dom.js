// Small DOM helpers shared by the modules.

/** An icon from the panel's sprite, hidden from assistive technology. */
export function icon(name) {
  const sprite = document.documentElement.dataset.icons || "/static/frontdesk/icons.svg";
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "fd-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", `${sprite}#${name}`);
  svg.append(use);
  return svg;
}

/** Create an element: el("button", {type: "button", class: "fd-button"}, "Save"). */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children.filter((child) => child !== null && child !== undefined));
  return element;
}

let counter = 0;

/** A unique id for an element, kept when it already has one. */
export function ensureId(element, prefix = "fd") {
  if (!element.id) {
    counter += 1;
    element.id = `${prefix}-${Date.now().toString(36)}-${counter}`;
  }
  return element.id;
}
