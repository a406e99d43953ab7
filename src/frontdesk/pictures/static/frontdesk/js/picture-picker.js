// The picture picker: a dialog that searches the library and answers the chosen picture.
//
//   import { pickPicture } from "./picture-picker.js";
//   const picture = await pickPicture({ language: "de" });   // {key, url, alt} or null (cancelled)
//
// A native <dialog>: focus goes to the search box and is trapped inside, Escape cancels, and the
// focus returns to where it was. Each picture is a button (Tab, Enter/Space); the arrow keys move
// between them too. The list comes from GET /api/cms/pictures (its address is on <html>,
// data-pictures-api), a page at a time.

import { api } from "./api.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

const PER_PAGE = 12;
let counter = 0;

export function picturesApi() {
  return document.documentElement.dataset.picturesApi || "";
}

/** The narrowest rendition at least `width` pixels wide (a thumbnail's source), else the widest. */
export function thumbnailOf(picture, width = 320) {
  const fitting = (picture.renditions || []).find((item) => item.width >= width);
  return fitting ? fitting.url : picture.url;
}

function altIn(picture, language) {
  return (language && picture.alt?.[language]) || picture.alt_text || "";
}

export function pickPicture({ language = "", title = t("picker.title") } = {}) {
  counter += 1;
  const id = `fd-picker-${counter}`;
  const search = el("input", { type: "search", id: `${id}-search`, autocomplete: "off" });
  const grid = el("ul", { class: "fd-picture-grid fd-picker-grid", "aria-labelledby": `${id}-title` });
  const status = el("p", { class: "fd-muted", "aria-live": "polite" });
  const previous = el("button", { type: "button", class: "fd-button fd-button--small" }, t("table.previous"));
  const next = el("button", { type: "button", class: "fd-button fd-button--small" }, t("table.next"));
  const cancel = el("button", { type: "button", class: "fd-button" }, t("confirm.cancel"));
  const dialog = el("dialog", { class: "fd-dialog fd-picker", "aria-labelledby": `${id}-title` },
    el("h2", { id: `${id}-title` }, title),
    el("div", { class: "fd-field" }, el("label", { for: search.id }, t("picker.search")), search),
    grid,
    status,
    el("div", { class: "fd-actions" }, previous, next, cancel));
  document.body.append(dialog);
  const opener = document.activeElement;
  let page = 1;
  let lastPage = 1;
  let chosen = null;
  let loading = 0;

  async function load(number) {
    loading += 1;
    const mine = loading;
    let answer;
    try {
      answer = await api.get(picturesApi(), { query: { q: search.value.trim(), page: number, per_page: PER_PAGE } });
    } catch {
      return;
    }
    if (mine !== loading) return; // a newer search answered first
    page = answer.current_page;
    lastPage = answer.last_page;
    // A search that answers while a choice has the focus (a slow typist's second search) must
    // not drop it on the page: it stays on the same picture, or goes back to the search box.
    const focusedKey = grid.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    grid.replaceChildren(...answer.rows.map((picture) => {
      const alt = altIn(picture, language);
      const name = picture.name || picture.key;
      const button = el("button", { type: "button", class: "fd-picture-choice", "data-key": picture.key,
                                    "aria-label": t("picker.choose", { name }) },
        el("img", { src: thumbnailOf(picture, 160), alt: "", width: picture.width, height: picture.height, loading: "lazy" }),
        el("span", { class: "fd-picture-name" }, name),
        alt ? el("span", { class: "fd-muted fd-picture-alt" }, alt) : null);
      button.addEventListener("click", () => {
        chosen = { key: picture.key, url: picture.url, alt, width: picture.width, height: picture.height,
                   thumbnail: thumbnailOf(picture, 640) };
        dialog.close("chosen");
      });
      return el("li", {}, button);
    }));
    if (focusedKey) {
      const same = [...grid.querySelectorAll(".fd-picture-choice")].find((button) => button.dataset.key === focusedKey);
      (same || search).focus();
    }
    status.textContent = answer.total
      ? t("table.page", { page, pages: lastPage })
      : t("picker.empty");
    previous.disabled = page <= 1;
    next.disabled = page >= lastPage;
  }

  let timer = null;
  search.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => load(1), 250);
  });
  search.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      clearTimeout(timer);
      load(1);
    }
  });
  previous.addEventListener("click", () => load(page - 1));
  next.addEventListener("click", () => load(page + 1));
  cancel.addEventListener("click", () => dialog.close("cancel"));
  grid.addEventListener("keydown", (event) => {
    const buttons = [...grid.querySelectorAll(".fd-picture-choice")];
    const index = buttons.indexOf(document.activeElement);
    if (index < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, index + step))].focus();
  });

  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus();
      resolve(chosen);
    }, { once: true });
    dialog.showModal();
    search.focus();
    load(1);
  });
}
