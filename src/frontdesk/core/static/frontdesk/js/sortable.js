// A list reorderable by dragging (mouse, pen or touch) and by keyboard: every item gets
// "move up" and "move down" buttons, and Alt+ArrowUp / Alt+ArrowDown move the focused item.
// Each move is announced in a live region ("Apples moved to position 2 of 4.").
//
//   <ol class="fd-sortable" id="steps">
//     <li data-id="7" data-label="Apples">Apples</li> ...
//   </ol>
//   import { makeSortable } from "./sortable.js";
//   makeSortable(document.getElementById("steps"), { onChange: (ids) => save(ids) });
//
// onChange gets the items' data-id values in their new order, once per finished move.

import { el, icon } from "./dom.js";
import { t } from "./i18n.js";

export function makeSortable(list, { onChange = () => {}, label } = {}) {
  const labelOf = label || ((item) => item.dataset.label || item.textContent.trim());
  const live = el("div", { class: "fd-visually-hidden", "aria-live": "assertive", role: "status" });
  list.after(live);
  list.classList.add("fd-sortable");

  const items = () => [...list.children].filter((child) => child.tagName === "LI");
  const order = () => items().map((item) => item.dataset.id);

  function announce(item) {
    const all = items();
    // A fresh text node each time, so the same words twice are still spoken.
    live.textContent = "";
    live.append(document.createTextNode(
      t("sortable.moved", { item: labelOf(item), position: all.indexOf(item) + 1, total: all.length })));
  }

  function refreshButtons() {
    const all = items();
    all.forEach((item, index) => {
      item.querySelector("[data-move='up']").disabled = index === 0;
      item.querySelector("[data-move='down']").disabled = index === all.length - 1;
    });
  }

  function move(item, step, focusDirection) {
    const all = items();
    const index = all.indexOf(item);
    const target = index + step;
    if (target < 0 || target >= all.length) return;
    if (step < 0) list.insertBefore(item, all[target]);
    else list.insertBefore(item, all[target].nextSibling);
    refreshButtons();
    // Keep the focus with the item; a button that just became disabled hands it to its twin.
    const wanted = item.querySelector(`[data-move='${focusDirection}']`);
    const other = item.querySelector(`[data-move='${focusDirection === "up" ? "down" : "up"}']`);
    (wanted && !wanted.disabled ? wanted : other).focus();
    announce(item);
    onChange(order());
  }

  function enhance(item) {
    if (item.querySelector(":scope > .fd-sortable-controls")) return;
    const name = labelOf(item);
    const content = el("span", { class: "fd-sortable-label" }, ...item.childNodes);
    const handle = el("span", { class: "fd-sortable-handle", "aria-hidden": "true", "data-drag-handle": true }, icon("grip"));
    const up = el("button", { type: "button", class: "fd-button fd-button--small fd-button--icon", "data-move": "up",
      "aria-label": t("sortable.up", { item: name }), title: t("sortable.up", { item: name }) }, icon("arrow-up"));
    const down = el("button", { type: "button", class: "fd-button fd-button--small fd-button--icon", "data-move": "down",
      "aria-label": t("sortable.down", { item: name }), title: t("sortable.down", { item: name }) }, icon("arrow-down"));
    item.append(handle, content, el("span", { class: "fd-sortable-controls" }, up, down));
    up.addEventListener("click", () => move(item, -1, "up"));
    down.addEventListener("click", () => move(item, 1, "down"));
    handle.addEventListener("pointerdown", (event) => startDrag(event, item));
  }

  list.addEventListener("keydown", (event) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    const item = event.target.closest("li");
    if (!item || item.parentElement !== list) return;
    event.preventDefault();
    if (event.key === "ArrowUp") move(item, -1, "up");
    else move(item, 1, "down");
  });

  function startDrag(event, item) {
    if (event.button !== 0) return;
    event.preventDefault();
    const before = order().join("\n");
    const startNext = item.nextSibling;
    // Capture on the list: the item itself leaves the DOM for an instant at every move, which
    // would release a capture held by its handle.
    list.setPointerCapture(event.pointerId);
    list.classList.add("is-sorting");
    item.classList.add("is-dragging");

    const onMove = (moveEvent) => {
      const others = items().filter((other) => other !== item);
      const next = others.find((other) => {
        const box = other.getBoundingClientRect();
        return moveEvent.clientY < box.top + box.height / 2;
      });
      if (next) {
        if (item.nextElementSibling !== next) list.insertBefore(item, next);
      } else if (list.lastElementChild !== item) {
        list.append(item);
      }
    };
    const finish = (cancelled) => {
      list.removeEventListener("pointermove", onMove);
      list.removeEventListener("pointerup", onUp);
      list.removeEventListener("pointercancel", onCancel);
      if (list.hasPointerCapture(event.pointerId)) list.releasePointerCapture(event.pointerId);
      document.removeEventListener("keydown", onKey, true);
      list.classList.remove("is-sorting");
      item.classList.remove("is-dragging");
      if (cancelled) list.insertBefore(item, startNext);
      refreshButtons();
      if (!cancelled && order().join("\n") !== before) {
        announce(item);
        onChange(order());
      }
    };
    const onUp = () => finish(false);
    const onCancel = () => finish(true);
    const onKey = (keyEvent) => {
      if (keyEvent.key === "Escape") {
        keyEvent.preventDefault();
        finish(true);
      }
    };
    list.addEventListener("pointermove", onMove);
    list.addEventListener("pointerup", onUp);
    list.addEventListener("pointercancel", onCancel);
    document.addEventListener("keydown", onKey, true);
  }

  items().forEach(enhance);
  refreshButtons();
  return {
    order,
    /** Call after adding items to the list. */
    refresh() {
      items().forEach(enhance);
      refreshButtons();
    },
  };
}
