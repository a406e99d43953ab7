// A picker of categories for a module's editor (a question's categories, an event's): checkboxes in
// the type's order, hidden categories included and marked, read from the type's picker route
// (GET <categories>/picker, categories/api.py).
//
//   import { mountCategoryPicker } from "../../frontdesk/js/category-picker.js";
//   const picker = await mountCategoryPicker(fieldset, {
//     url: fieldset.dataset.pickerUrl, selected: [3, 7], name: "categories",
//     hiddenLabel: "Hidden", onChange: (ids) => markUnsaved(),
//   });
//   body.categories = picker.value();
//
// The element (a <fieldset> with its <legend>) receives one labelled checkbox per category; the
// value is the ids ticked, in the type's order.

import { api } from "./api.js";
import { el } from "./dom.js";

export async function loadCategories(url) {
  return api.get(url);
}

export async function mountCategoryPicker(element, { url, selected = [], name = "categories", hiddenLabel = "", onChange = () => {} } = {}) {
  const chosen = new Set(selected.map(Number));
  const categories = await loadCategories(url);
  const list = el("ul", { class: "fd-category-picker" });
  for (const category of categories) {
    const box = el("input", { type: "checkbox", name, value: String(category.id) });
    box.checked = chosen.has(category.id);
    box.addEventListener("change", () => onChange(value()));
    const label = el("label", { class: "fd-check" }, box, ` ${category.name_text}`);
    if (!category.is_shown && hiddenLabel) label.append(" ", el("span", { class: "fd-badge fd-badge--warning" }, hiddenLabel));
    list.append(el("li", { "data-id": String(category.id), "data-shown": String(category.is_shown) }, label));
  }
  element.querySelector(".fd-category-picker")?.remove();
  element.append(list);

  function value() {
    return [...list.querySelectorAll("input[type='checkbox']")].filter((box) => box.checked).map((box) => Number(box.value));
  }

  return { value, categories };
}
