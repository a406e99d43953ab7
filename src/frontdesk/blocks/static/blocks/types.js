// The Block types screen's sandbox: the block editor on an empty list, nothing saved; the blocks
// as the page would save them are shown below it.

import { mountBlockEditor } from "./editor.js";
import { pickPicture } from "../frontdesk/js/picture-picker.js";
import { mountRichText } from "../frontdesk/js/richtext.js";

const element = document.getElementById("blocks-sandbox");
const output = document.getElementById("blocks-sandbox-output");
if (element) {
  // The rich text editor for a text block, the library's picker for a picture block.
  mountBlockEditor(element, { blocks: [], richText: mountRichText, pickPicture });
  element.addEventListener("blocks-change", (event) => {
    output.textContent = JSON.stringify(event.detail.blocks, null, 2);
  });
}
