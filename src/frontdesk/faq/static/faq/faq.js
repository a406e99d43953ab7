// The FAQ block's script (docs/faq.md, "Deep links and the block's script"). No dependencies, no build.
//
// - Shows each block's category filter (printed `hidden`, so that without this script no
//   button is dead and every question stays listed) and makes its buttons work: the pressed
//   one (aria-pressed) shows its category's questions, in the block's order, and hides the
//   others with the `hidden` attribute; "All" (data-faq-category="") shows every question.
// - On load and on every hash change opens the question the fragment names, clears a filter of
//   its block that hides it, scrolls it into view (at once under reduced motion) and moves the
//   focus to its summary. A fragment that names no question (#main, the skip link's) does nothing.

const QUESTION = "details[data-faq-anchor]";

function choose(block, category) {
  for (const button of block.querySelectorAll("[data-faq-filter] [data-faq-category]")) {
    button.setAttribute("aria-pressed", String(button.dataset.faqCategory === category));
  }
  for (const question of block.querySelectorAll(QUESTION)) {
    const categories = (question.dataset.faqCategories || "").split(" ");
    question.hidden = category !== "" && !categories.includes(category);
  }
}

for (const block of document.querySelectorAll("[data-faq-block]")) {
  const filter = block.querySelector("[data-faq-filter]");
  if (!filter) continue;
  filter.hidden = false;
  filter.addEventListener("click", (event) => {
    const button = event.target.closest("[data-faq-category]");
    if (button) choose(block, button.dataset.faqCategory);
  });
}

function named() {
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch {
    return ""; // a malformed escape names nothing
  }
}

function openNamed() {
  const name = named();
  const question = name && document.getElementById(name);
  if (!question || !question.matches(QUESTION)) return;
  const block = question.closest("[data-faq-block]");
  if (question.hidden && block) choose(block, "");
  question.open = true;
  const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
  question.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  // After the scroll has started, so that focusing does not jump there first.
  question.querySelector(":scope > summary")?.focus({ preventScroll: true });
}

openNamed();
addEventListener("hashchange", openNamed);
// Chromium scrolls to the fragment itself just before `load` and, the question not being
// focusable, takes the focus off: give it back, unless the reader has put it elsewhere since.
addEventListener("load", () => setTimeout(() => document.activeElement === document.body && openNamed()));
