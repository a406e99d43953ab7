"""What the SEO group offers the site's modules: the Organization's stable `@id` and its JSON-LD
node, the site name and a page's title per language, the default description.

The `@id` is `<site>/#organization` (the site's base URL, FRONTDESK_BASE_URL): it names the
Organization node of every page, so a module's JSON-LD (an event's organiser, a page's publisher)
refers to it with `organization_reference()` instead of repeating it. It does not depend on the
group's values, so templates get it with no query (`context`, a context processor).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from frontdesk.core.languages import translate
from frontdesk.core.serving import absolute_url
from frontdesk.sitesettings.groups import SEO
from frontdesk.sitesettings.reading import stored_values

ADDRESS_PARTS = {  # SEO setting -> schema.org PostalAddress property
    "organization_street": "streetAddress",
    "organization_postal_code": "postalCode",
    "organization_locality": "addressLocality",
    "organization_region": "addressRegion",
    "organization_country": "addressCountry",
}


def organization_id() -> str:
    return absolute_url("/") + "#organization"


def organization_reference() -> dict[str, str]:
    """What a module's JSON-LD puts where it names the site's Organization."""
    return {"@id": organization_id()}


def site_name(language: str | None = None) -> str:
    return translate(stored_values(SEO).values["site_name"], language)


def page_title(title: str, language: str | None = None) -> str:
    """`title` written with the group's title pattern (default: the title, then the site name)."""
    name = site_name(language)
    pattern = translate(stored_values(SEO).values["title_pattern"], language)
    if not pattern:
        pattern = "{title} · {site}" if name and title else "{title}{site}"
    return pattern.format(title=title, site=name)


def default_description(language: str | None = None) -> str:
    return translate(stored_values(SEO).values["meta_description"], language)


def default_social_image() -> str:
    """The key of the picture shown for a page without a social image of its own ("": none)."""
    return stored_values(SEO).values["social_image"]


def organization_json_ld(language: str | None = None) -> dict[str, Any]:
    """The Organization node (schema.org), with what the group holds; the logo waits for the
    picture library (docs/host.md)."""
    values = stored_values(SEO).values
    node: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "Organization",
        "@id": organization_id(),
        "url": absolute_url("/"),
        "name": values["organization_name"] or site_name(language),
    }
    address = {prop: values[name] for name, prop in ADDRESS_PARTS.items() if values[name]}
    if address:
        node["address"] = {"@type": "PostalAddress", **address}
    if values["organization_same_as"]:
        node["sameAs"] = list(values["organization_same_as"])
    return node


def context(request: HttpRequest) -> dict[str, str]:
    """Context processor: `organization_id` in every template."""
    return {"organization_id": organization_id()}
