// The Embedding tab: Copy buttons for the snippets. The clipboard API needs a secure context; where
// it is missing or refused, the text is selected instead and the person is told to copy it.
// Either way the outcome is announced through a toast (a polite live region).

import { toast } from "../../frontdesk/js/toast.js";

function select(element) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

async function copy(button, root) {
  const source = document.getElementById(button.dataset.copy);
  const text = source.textContent;
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    toast(root.dataset.copied, { kind: "success" });
  } catch {
    select(source);
    toast(root.dataset.copyFailed, { kind: "info" });
  }
}

const root = document.querySelector(".inbox-embed");
if (root) {
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-copy]");
    if (button) copy(button, root);
  });
}
