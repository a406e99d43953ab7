// A picture field of an editing screen (templates/panel/_picture_field.html): the key sits in a
// hidden input, so a form sent with api.js formData() carries it; "Choose a picture…" opens the
// library's picker and "Remove the picture" empties it. Each change fires `input` and `change`
// on the form, so the unsaved-changes guard notices. Mounted on every [data-picture-field] of the
// page when imported; mountPictureField(element) mounts one added later.

import { el } from "./dom.js";
import { pickPicture, thumbnailOf } from "./picture-picker.js";

const mounted = new WeakSet();

export function mountPictureField(field) {
  if (mounted.has(field)) return;
  mounted.add(field);
  const input = field.querySelector("[data-picture-key]");
  const chosen = field.querySelector("[data-picture-chosen]");
  const caption = field.querySelector("[data-picture-caption]");
  const choose = field.querySelector("[data-picture-choose]");
  const remove = field.querySelector("[data-picture-remove]");

  function set(picture) {
    input.value = picture ? picture.key : "";
    chosen.querySelector("[data-picture-preview]")?.remove();
    if (picture) {
      chosen.prepend(el("img", { class: "fd-picture-field-preview", src: picture.thumbnail || thumbnailOf(picture, 640),
                                 width: picture.width, height: picture.height, alt: picture.alt || "", "data-picture-preview": true }));
    }
    caption.textContent = picture ? picture.alt || picture.key : field.dataset.none;
    remove.hidden = !picture;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  choose.addEventListener("click", async () => {
    const picture = await pickPicture({ language: document.documentElement.lang });
    if (picture) set(picture);
    choose.focus();
  });
  remove.addEventListener("click", () => {
    set(null);
    choose.focus();
  });
}

for (const field of document.querySelectorAll("[data-picture-field]")) mountPictureField(field);
