// The SEO card of an editing screen (templates/panel/_seo_card.html): its values as SeoCardIn
// takes them. A screen whose form goes through api.js formData() needs none of this; one that
// builds its body itself (an editor with its own state) reads the card here.
//
//   import { seoCardValues } from "../../frontdesk/js/seo-card.js";
//   body.seo = seoCardValues(document.querySelector("[data-seo-card]"));

function texts(card, selector) {
  // Every language is sent: an emptied box ("") removes that language, as the API says.
  return Object.fromEntries([...card.querySelectorAll(selector)].map((control) => [control.lang, control.value.trim()]));
}

/** {title, description, image, noindex} of the card; image null when its box is empty. */
export function seoCardValues(card) {
  const field = card.dataset.seoCard;
  const image = card.querySelector(`[name="${CSS.escape(field)}.image"]`);
  const noindex = card.querySelector(`[name="${CSS.escape(field)}.noindex"]`);
  return {
    title: texts(card, "[data-seo-title]"),
    description: texts(card, "[data-seo-description]"),
    image: image?.value.trim() || null,
    noindex: Boolean(noindex?.checked),
  };
}
