// The Block types screen's sandbox: the block editor on an empty list, nothing saved; the blocks
// as the page would save them are shown below it.

import { mountBlockEditor } from "./editor.js";

const element = document.getElementById("blocks-sandbox");
const output = document.getElementById("blocks-sandbox-output");
if (element) {
  mountBlockEditor(element, { blocks: [] });
  element.addEventListener("blocks-change", (event) => {
    output.textContent = JSON.stringify(event.detail.blocks, null, 2);
  });
}
