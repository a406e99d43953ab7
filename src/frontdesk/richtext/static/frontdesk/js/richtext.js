// The rich text editor: a textarea becomes an editable area with a toolbar.
//
//   import { mountRichText } from "./richtext.js";
//   const editor = mountRichText(document.getElementById("body-en"));
//
// The textarea stays in the form (hidden) and holds the HTML: on every change the editor writes
// its content back in the stored form (docs/host.md, "Rich text"): p, h2, h3, h4, strong, em,
// a href, ul, ol, li, br, and a library picture as <img data-picture="KEY" alt="">, with no
// address. The server cleans it again on save; this only keeps what the editor sends close to it.
//
// Keyboard: Tab reaches the toolbar (one stop; the arrow keys move inside it) and the text;
// Ctrl/⌘+B bold, Ctrl/⌘+I italic, Ctrl/⌘+K link. Pasted text comes in as plain text.

import { api } from "./api.js";
import { el, ensureId } from "./dom.js";
import { t } from "./i18n.js";
import { pickPicture, picturesApi, thumbnailOf } from "./picture-picker.js";

const BLOCKS = { P: "p", H2: "h2", H3: "h3", H4: "h4", UL: "ul", OL: "ol", LI: "li" };
const RENAMED = { B: "strong", STRONG: "strong", I: "em", EM: "em", H1: "h2", H5: "h4", H6: "h4", DIV: "p" };
const SAFE_LINK = /^(https?:|mailto:|\/|#|\?|\.|[^:]*$)/i;

/** The stored form of `root`'s content: allowed elements only, pictures by key. */
export function serialise(root) {
  const out = [];
  const escapeText = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\u00a0/g, "&nbsp;");
  const escapeAttr = (text) => escapeText(text).replace(/"/g, "&quot;");
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        out.push(escapeText(child.data));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = child.tagName;
      if (tag === "BR") {
        out.push("<br>");
      } else if (tag === "IMG") {
        if (child.dataset.picture) out.push(`<img data-picture="${escapeAttr(child.dataset.picture)}" alt="${escapeAttr(child.dataset.alt || "")}">`);
      } else if (tag === "A") {
        const href = child.getAttribute("href") || "";
        out.push(SAFE_LINK.test(href.trim()) && href ? `<a href="${escapeAttr(href.trim())}">` : "<a>");
        walk(child);
        out.push("</a>");
      } else if (tag === "SCRIPT" || tag === "STYLE") {
        continue;
      } else {
        const name = BLOCKS[tag] || RENAMED[tag];
        if (name) out.push(`<${name}>`);
        walk(child);
        if (name) out.push(`</${name}>`);
      }
    }
  };
  walk(root);
  const html = out.join("");
  return /^(<p>(<br>|&nbsp;|\s)*<\/p>|\s|<br>)*$/.test(html) ? "" : html;
}

/** Stored HTML into the editor's nodes: parsed inert (a <template> runs nothing), allowed parts only. */
function load(area, html) {
  const template = document.createElement("template");
  template.innerHTML = html || "";
  const copy = (source, target) => {
    for (const child of source.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        target.append(child.data);
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = child.tagName;
      if (tag === "IMG") {
        const key = child.getAttribute("data-picture");
        if (key) target.append(pictureElement(key, child.getAttribute("alt") || ""));
      } else if (tag === "BR") {
        target.append(el("br"));
      } else if (tag === "A") {
        const link = el("a", { href: child.getAttribute("href") || null });
        copy(child, link);
        target.append(link);
      } else if (tag === "SCRIPT" || tag === "STYLE" || tag === "TEMPLATE") {
        continue;
      } else {
        const name = BLOCKS[tag] || RENAMED[tag];
        const made = name ? el(name) : null;
        copy(child, made || target);
        if (made) target.append(made);
      }
    }
  };
  area.replaceChildren();
  copy(template.content, area);
}

function pictureElement(key, alt, src = "") {
  // The picture's own alt (data-alt) is what is stored; the shown one helps while editing.
  const image = el("img", { "data-picture": key, "data-alt": alt, alt: alt || key, class: "fd-richtext-picture" });
  if (src) image.src = src;
  return image;
}

async function showPictures(area) {
  const images = [...area.querySelectorAll("img[data-picture]:not([src])")];
  if (!images.length || !picturesApi()) return;
  const keys = [...new Set(images.map((image) => image.dataset.picture))];
  let answer;
  try {
    answer = await api.get(picturesApi(), { query: { keys: keys.join(","), per_page: 200 }, quiet: true });
  } catch {
    return;
  }
  const found = new Map(answer.rows.map((picture) => [picture.key, picture]));
  for (const image of images) {
    const picture = found.get(image.dataset.picture);
    if (picture) {
      image.src = thumbnailOf(picture, 640);
      if (!image.dataset.alt) image.alt = picture.alt_text || picture.name;
    } else {
      image.alt = t("richtext.missing");
      image.classList.add("fd-richtext-missing");
    }
  }
}

function linkDialog(current) {
  const id = ensureId(el("span"), "fd-link");
  const input = el("input", { type: "text", id: `${id}-href`, value: current, autocomplete: "off", spellcheck: "false",
                              "aria-describedby": `${id}-hint` });
  const error = el("p", { class: "fd-field-error", id: `${id}-error`, hidden: true });
  const dialog = el("dialog", { class: "fd-dialog", "aria-labelledby": `${id}-title` },
    el("form", { method: "dialog" },
      el("h2", { id: `${id}-title` }, t("link.title")),
      el("div", { class: "fd-field" },
        el("label", { for: input.id }, t("link.address")),
        el("p", { class: "fd-hint", id: `${id}-hint` }, t("link.hint")),
        error, input),
      el("div", { class: "fd-actions" },
        el("button", { type: "submit", class: "fd-button", value: "cancel", formnovalidate: true }, t("confirm.cancel")),
        current ? el("button", { type: "submit", class: "fd-button", value: "remove" }, t("link.remove")) : null,
        el("button", { type: "submit", class: "fd-button fd-button--primary", value: "apply" }, t("link.apply")))));
  document.body.append(dialog);
  const form = dialog.querySelector("form");
  form.addEventListener("submit", (event) => {
    if (event.submitter?.value !== "apply") return;
    const value = input.value.trim();
    if (!value || !SAFE_LINK.test(value) || /^javascript:/i.test(value)) {
      event.preventDefault();
      error.textContent = t("link.invalid");
      error.hidden = false;
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", `${error.id} ${id}-hint`);
      input.focus();
    }
  });
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      const answer = dialog.returnValue === "apply" ? { href: input.value.trim() }
        : dialog.returnValue === "remove" ? { href: "" } : null;
      dialog.remove();
      resolve(answer);
    }, { once: true });
    dialog.showModal();
    input.focus();
  });
}

export function mountRichText(textarea, { language = textarea.lang || "" } = {}) {
  const label = textarea.labels?.[0];
  const labelId = label ? ensureId(label, "fd-richtext-label") : null;
  const area = el("div", {
    class: "fd-richtext-area",
    contenteditable: "true",
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    "aria-describedby": textarea.getAttribute("aria-describedby"),
    lang: language || null,
    spellcheck: "true",
  });
  const buttons = [];
  const button = (name, text, action, shortcut = "") => {
    const made = el("button", { type: "button", class: "fd-button fd-button--small", "data-command": name,
                                tabindex: buttons.length ? "-1" : "0", "aria-keyshortcuts": shortcut || null,
                                title: shortcut ? `${text} (${shortcut.replace("Control", "Ctrl")})` : null }, text);
    made.addEventListener("mousedown", (event) => event.preventDefault()); // keep the selection
    made.addEventListener("click", () => action());
    buttons.push(made);
    return made;
  };
  const toolbar = el("div", { class: "fd-richtext-toolbar", role: "toolbar", "aria-label": t("richtext.toolbar"),
                              "aria-controls": ensureId(area, "fd-richtext") });
  const wrap = el("div", { class: "fd-richtext" }, toolbar, area);
  let saved = null;

  const remember = () => {
    const selection = document.getSelection();
    if (selection.rangeCount && area.contains(selection.anchorNode)) saved = selection.getRangeAt(0).cloneRange();
  };
  const restore = () => {
    area.focus();
    if (saved) {
      const selection = document.getSelection();
      selection.removeAllRanges();
      selection.addRange(saved);
    }
  };
  const sync = () => {
    const html = serialise(area);
    if (html === textarea.value) return;
    textarea.value = html;
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const run = (command, value = null) => {
    restore();
    document.execCommand(command, false, value);
    sync();
  };
  const block = (tag) => run("formatBlock", `<${tag}>`);
  const link = async () => {
    remember();
    const current = document.getSelection().anchorNode?.parentElement?.closest("a")?.getAttribute("href") || "";
    const answer = await linkDialog(current);
    if (!answer) return restore();
    if (answer.href) run("createLink", answer.href);
    else run("unlink");
  };
  const picture = async () => {
    remember();
    const chosen = await pickPicture({ language });
    restore();
    if (!chosen) return;
    const image = pictureElement(chosen.key, "", chosen.thumbnail || chosen.url);
    image.alt = chosen.alt || chosen.key;
    const selection = document.getSelection();
    if (selection.rangeCount && area.contains(selection.anchorNode)) {
      const range = selection.getRangeAt(0);
      range.collapse(false); // after the selection: a picture never replaces text by surprise
      range.insertNode(image);
      range.setStartAfter(image);
      range.collapse(true);
      selection.removeAllRanges();
      selection.addRange(range);
    } else {
      area.append(image);
    }
    sync();
  };

  toolbar.append(
    button("paragraph", t("richtext.paragraph"), () => block("p")),
    button("heading", t("richtext.heading"), () => block("h2")),
    button("subheading", t("richtext.subheading"), () => block("h3")),
    button("bold", t("richtext.bold"), () => run("bold"), "Control+B"),
    button("italic", t("richtext.italic"), () => run("italic"), "Control+I"),
    button("link", t("richtext.link"), link, "Control+K"),
    button("bulleted", t("richtext.bulleted"), () => run("insertUnorderedList")),
    button("numbered", t("richtext.numbered"), () => run("insertOrderedList")),
    button("picture", t("richtext.picture"), picture),
  );

  // One tab stop for the toolbar; the arrow keys, Home and End move inside it.
  toolbar.addEventListener("keydown", (event) => {
    const index = buttons.indexOf(document.activeElement);
    if (index < 0) return;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = buttons[(target + buttons.length) % buttons.length];
    for (const item of buttons) item.tabIndex = item === next ? 0 : -1;
    next.focus();
  });

  area.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "b" || key === "i") {
      event.preventDefault();
      run(key === "b" ? "bold" : "italic");
    } else if (key === "k") {
      event.preventDefault();
      link();
    }
  });
  area.addEventListener("paste", (event) => {
    event.preventDefault();
    document.execCommand("insertText", false, event.clipboardData.getData("text/plain"));
  });
  area.addEventListener("drop", (event) => event.preventDefault()); // no foreign markup or files
  area.addEventListener("input", sync);
  area.addEventListener("blur", remember);
  area.addEventListener("keyup", remember);
  area.addEventListener("mouseup", remember);

  document.execCommand("defaultParagraphSeparator", false, "p");
  load(area, textarea.value);
  if (!area.firstChild) area.append(el("p", {}, el("br")));
  showPictures(area);
  // Mounted after the textarea took the focus (a block just added): the box takes it over, or
  // hiding the textarea would drop it on the page's body.
  const hadFocus = document.activeElement === textarea;
  textarea.hidden = true;
  textarea.after(wrap);
  if (hadFocus) area.focus();
  label?.addEventListener("click", () => area.focus());
  return {
    element: wrap,
    area,
    value: () => serialise(area),
    setValue(html) {
      load(area, html);
      showPictures(area);
      sync();
    },
  };
}
