// A gallery field of an editing screen (templates/panel/_gallery_field.html): pictures of the
// library in an order, the first being the cover. The keys are the selected options of a hidden
// <select multiple>, kept in the list's order, so a form sent with api.js formData() carries them
// as a list. "Add a picture…" opens the library's picker (a picture already there is not added
// twice; the button is disabled at the limit), "Remove the picture" takes one out, and the list
// is reordered by dragging or by keyboard (sortable.js: Move up / Move down, Alt+ArrowUp/Down).
// Each change fires `input` and `change`, so the unsaved-changes guard notices. Mounted on every
// [data-gallery-field] of the page when imported; mountGalleryField(element) mounts one added later.

import { el } from "./dom.js";
import { pickPicture, thumbnailOf } from "./picture-picker.js";
import { makeSortable } from "./sortable.js";

const mounted = new WeakSet();

export function mountGalleryField(field) {
  if (mounted.has(field)) return;
  mounted.add(field);
  const select = field.querySelector("[data-gallery-keys]");
  const list = field.querySelector("[data-gallery-list]");
  const empty = field.querySelector("[data-gallery-empty]");
  const add = field.querySelector("[data-gallery-add]");
  const limit = Number(field.dataset.limit);
  const sortable = makeSortable(list, { onChange: () => changed() });
  const keys = () => sortable.order();

  function changed() {
    select.replaceChildren(...keys().map((key) => el("option", { value: key, selected: true }, key)));
    list.querySelectorAll("[data-gallery-cover]").forEach((badge, index) => { badge.hidden = index !== 0; });
    empty.hidden = keys().length > 0;
    add.disabled = keys().length >= limit;
    select.dispatchEvent(new Event("input", { bubbles: true }));
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function itemOf(picture) {
    const name = picture.alt || picture.key;
    return el("li", { "data-id": picture.key, "data-label": name },
      el("img", { class: "fd-gallery-thumbnail", src: picture.thumbnail || thumbnailOf(picture, 320),
                  width: picture.width, height: picture.height, alt: "" }),
      el("span", {}, name),
      el("span", { class: "fd-badge", "data-gallery-cover": true, hidden: true }, field.dataset.cover),
      el("button", { type: "button", class: "fd-button fd-button--small fd-button--ghost", "data-gallery-remove": true },
         field.dataset.remove));
  }

  list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-gallery-remove]");
    if (!button) return;
    const item = button.closest("li");
    const neighbour = item.nextElementSibling || item.previousElementSibling;
    item.remove();
    sortable.refresh();
    changed();
    (neighbour?.querySelector("[data-gallery-remove]") || add).focus();
  });

  add.addEventListener("click", async () => {
    const picture = await pickPicture({ language: document.documentElement.lang });
    if (picture && !keys().includes(picture.key) && keys().length < limit) {
      list.append(itemOf(picture));
      sortable.refresh();
      changed();
    }
    add.focus();
  });
}

for (const field of document.querySelectorAll("[data-gallery-field]")) mountGalleryField(field);
