"""The head of a public page, gathered while its content renders and printed by the layout.

Every public view answers through `render_page(request, template, context)`: the content template
renders first and adds what it knows to the request's collector (`head_of(request)`: title,
description, canonical address, language alternates, noindex, social image, JSON-LD nodes under
keys); then the layout (`FRONTDESK["site"]["layout"]`) prints the head from it, followed by the
content. Once the head is printed the collector is closed, and whatever arrives later (a layout
that renders the content inside itself after the head, a streamed answer) is dropped quietly: a
line at debug level, nothing else (docs/host.md, "The head collector and the layout").
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.template import Context, Node, loader
from django.urls import translate_url
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, get_language_info
from django.utils.translation import gettext as _

from frontdesk.core.conf import host_settings
from frontdesk.core.requests import FrontdeskRequest
from frontdesk.pictures.queries import resolve_pictures
from frontdesk.routes.serving import routed_addresses
from frontdesk.sitesettings import seo
from frontdesk.sitesettings.groups import SEO
from frontdesk.sitesettings.reading import stored_values

logger = logging.getLogger(__name__)

DEFAULT_LAYOUT = "site/layout.html"
# The keys of the nodes the host itself adds: its Organization and the breadcrumb trail.
ORGANIZATION_KEY = "organization"
BREADCRUMB_KEY = "breadcrumb"

# "<", ">" and "&" written as JSON escapes: the text of a node can never end the script element
# (`</script>`) or open a comment in it, whatever an editor typed.
_SCRIPT_ESCAPES = {"<": "\\u003C", ">": "\\u003E", "&": "\\u0026"}

# What a browser reads as more than one "/" at the start of an address: a second "/", a "\\"
# (read as "/"), and tab and line breaks (dropped from anywhere in an address). "//evil.example/x"
# is another site's address; so are "/\\evil.example" and "/\t/evil.example".
_LEADING_SLASHES = "/\\\t\n\r"


def layout_name() -> str:
    """The layout template: FRONTDESK["site"]["layout"] (FRONTDESK_SITE_LAYOUT), else ours."""
    return host_settings("site")["layout"] or DEFAULT_LAYOUT


@dataclass(frozen=True)
class SocialImage:
    url: str
    width: int | None = None
    height: int | None = None
    alt: str = ""


def _copied(value: Any) -> Any:
    """A copy of a JSON value's lists and objects (its strings and numbers are immutable): what
    `copy.deepcopy` would give, without its bookkeeping, which costs milliseconds on a page of
    two hundred questions."""
    if isinstance(value, Mapping):
        return {name: _copied(item) for name, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copied(item) for item in value]
    return value


def _fingerprint(value: Any) -> str:
    return json.dumps(value, cls=DjangoJSONEncoder, sort_keys=True, ensure_ascii=False)


def merge_json_ld(kept: dict[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """`given` merged into `kept` (changed in place, and answered): a property `kept` lacks is
    added; two lists are joined, `given`'s items after `kept`'s, an item equal to one already
    there left out; two objects merge by this same rule; any other value stays as first given.
    So two FAQ blocks' `{"@type": "FAQPage", "mainEntity": [...]}` make one FAQPage."""
    for name, value in given.items():
        if name not in kept:
            kept[name] = _copied(value)
        elif isinstance(kept[name], list) and isinstance(value, list):
            # Equal items found by their JSON text: one pass, not every pair compared.
            seen = {_fingerprint(item) for item in kept[name]}
            for item in value:
                fingerprint = _fingerprint(item)
                if fingerprint not in seen:
                    seen.add(fingerprint)
                    kept[name].append(_copied(item))
        elif isinstance(kept[name], dict) and isinstance(value, Mapping):
            merge_json_ld(kept[name], value)
    return kept


def json_ld_script(node: Mapping[str, Any]) -> SafeString:
    """One `<script type="application/ld+json">` element holding `node`."""
    text = json.dumps(node, cls=DjangoJSONEncoder, ensure_ascii=False)
    # str.replace, not str.translate: the text of two hundred answers is a 100 kB string, which
    # translate walks a character at a time in Python's mapping protocol.
    for sign, escape in _SCRIPT_ESCAPES.items():
        text = text.replace(sign, escape)
    return mark_safe(f'<script type="application/ld+json">{text}</script>')  # noqa: S308 (escaped above)


class HeadCollector:
    """What one request's page says about itself in its head. The setters replace (the last call
    before the head is printed wins); JSON-LD nodes merge per key (`merge_json_ld`). After
    `close()` every call is dropped."""

    def __init__(self) -> None:
        self.title = ""
        self.description = ""
        self.canonical: str | None = None
        self.alternates: dict[str, str] | None = None
        self.noindex = False
        self.social_image: SocialImage | None = None
        self.trail: list[tuple[str, str | None]] = []
        self.preview = False  # publishing/preview.py: the layout prints its banner
        self.closed = False
        self.links: list[dict[str, Any]] | None = None  # language_links(), worked out once
        self._json_ld: dict[str, dict[str, Any]] = {}

    def _open(self, what: str) -> bool:
        if self.closed:
            logger.debug("The head is printed already; %s arrived too late and is dropped.", what)
        return not self.closed

    def set_title(self, title: str) -> None:
        if self._open("a title"):
            self.title = str(title)

    def set_description(self, description: str) -> None:
        if self._open("a description"):
            self.description = str(description)

    def set_canonical(self, url: str) -> None:
        """The page's canonical address: a path of the site or a whole address."""
        if self._open("a canonical address"):
            self.canonical = url

    def set_alternates(self, alternates: Mapping[str, str]) -> None:
        """{language: address} of this page in each language it exists in (in place of the
        language links the layout works out itself)."""
        if self._open("language alternates"):
            self.alternates = dict(alternates)
            self.links = None

    def set_noindex(self) -> None:
        if self._open("noindex"):
            self.noindex = True

    def set_social_image(
        self, url: str, width: int | None = None, height: int | None = None, *, alt: str = ""
    ) -> None:
        """The picture a shared link shows: a path of the site or a whole address, its size in
        pixels and its alternative text."""
        if self._open("a social image"):
            self.social_image = SocialImage(url, width, height, alt)

    def add_json_ld(self, key: str, node: Mapping[str, Any]) -> None:
        """Add `node` under `key`, merged with what is there already (`merge_json_ld`)."""
        if self._open(f"the JSON-LD node {key!r}"):
            merge_json_ld(self._json_ld.setdefault(key, {}), node)

    def json_ld(self) -> dict[str, dict[str, Any]]:
        """The nodes by key, in the order their keys first arrived (copies)."""
        return _copied(self._json_ld)

    def set_trail(self, trail: Sequence[tuple[str, str | None]]) -> None:
        # The visible trail is part of the page, not of its head: kept whenever it comes.
        self.trail = [(str(label), url) for label, url in trail]

    def close(self) -> None:
        self.closed = True


class PublicRequest(FrontdeskRequest):
    """A public page's request as the type checker sees it: core's attributes (core/requests.py)
    and the head collector `head_of` puts on it. Only declared: the request stays Django's."""

    head: HeadCollector


def head_of(request: HttpRequest) -> HeadCollector:
    """The request's collector, made on first use."""
    found = getattr(request, "head", None)
    if not isinstance(found, HeadCollector):
        found = HeadCollector()
        cast(PublicRequest, request).head = found
    return found


def site_path(path: str) -> str:
    """`path` starting with exactly one "/": an address of this site whatever the request's path
    held (a 404 for "//evil.example/x" links to "/evil.example/x", not to evil.example)."""
    return "/" + path.lstrip(_LEADING_SLASHES)


def breadcrumb(request: HttpRequest, trail: Sequence[tuple[str, str | None]]) -> None:
    """Record the visible trail [(label, address or None), ...], from the home page to this page,
    and its BreadcrumbList node. The layout prints the trail (`{% breadcrumb %}`)."""
    head = head_of(request)
    head.set_trail(trail)
    items = []
    for position, (label, url) in enumerate(head.trail, start=1):
        item: dict[str, Any] = {"@type": "ListItem", "position": position, "name": label}
        if url:
            item["item"] = request.build_absolute_uri(url)
        items.append(item)
    node = {"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
    head.add_json_ld(BREADCRUMB_KEY, node)


def language_links(request: HttpRequest) -> list[dict[str, Any]]:
    """The page in each site language: code, name_local, url (same page, that language's
    prefix; an object's page its own address there), absolute_url, current. The collector's
    alternates when a view set them; none for the answer to a post (its address takes no GET)."""
    if request.method not in ("GET", "HEAD"):
        return []
    head = head_of(request)
    if head.links is None:
        head.links = _language_links(request, head.alternates)
    return head.links


def _language_links(request: HttpRequest, given: dict[str, str] | None) -> list[dict[str, Any]]:
    query = request.META.get("QUERY_STRING", "")
    current = get_language()
    addresses = given if given is not None else routed_addresses(request)
    # The request's path is the visitor's to choose ("//evil.example/x" answers a 404 that prints
    # these links): made a path of this site before anything is built from it.
    path = site_path(request.path)
    links = []
    for code, _name in settings.LANGUAGES:
        url = addresses.get(code) or (None if given is not None else translate_url(path, code))
        if url is None:
            continue
        links.append(
            {
                "code": code,
                "name_local": get_language_info(code)["name_local"],
                "url": f"{url}?{query}" if query and given is None else url,
                "absolute_url": request.build_absolute_uri(url),
                "current": code == current,
            }
        )
    return links


def site_name(language: str | None = None) -> str:
    """The SEO group's site name in `language`, else FRONTDESK_SITE_NAME."""
    return seo.site_name(language) or settings.SITE_NAME


def organization_is_set() -> bool:
    """The Organization is printed once the SEO group names it (its organisation name)."""
    return bool(stored_values(SEO).values["organization_name"])


def page_title(request: HttpRequest) -> str:
    """The page's title written with the SEO group's pattern; the site name for a page without."""
    own = head_of(request).title
    language = get_language()
    return seo.page_title(own, language) if own else site_name(language)


def page_description(request: HttpRequest) -> str:
    """The page's description, else the SEO group's default, else a sentence naming the site."""
    language = get_language()
    text = head_of(request).description or seo.default_description(language)
    return text or _("The pages and forms of %(name)s.") % {"name": site_name(language)}


def print_head(request: HttpRequest, *, title: bool = True, description: bool = True) -> SafeString:
    """The head the collector holds, as HTML, and the collector closed. Title and description
    fall back to the site name and the SEO group's default description (docs/host.md)."""
    head = head_of(request)
    head.close()
    language = get_language()
    name = site_name(language)
    text = page_description(request)
    parts: list[SafeString] = []
    if title:
        parts.append(format_html("<title>{}</title>", page_title(request)))
    if description:
        parts.append(format_html('<meta name="description" content="{}">', text))
    if head.noindex:
        parts.append(mark_safe('<meta name="robots" content="noindex">'))
    canonical = _canonical(request, head)
    if canonical:
        parts.append(format_html('<link rel="canonical" href="{}">', canonical))
    links = language_links(request)
    parts.append(
        format_html_join(
            "\n",
            '<link rel="alternate" hreflang="{}" href="{}">',
            ((i["code"], i["absolute_url"]) for i in links),
        )
    )
    image = head.social_image or _default_social_image(language)
    parts.append(_social(request, image, name, head.title or name, text, canonical))
    nodes: dict[str, dict[str, Any]] = {}
    if organization_is_set():
        nodes[ORGANIZATION_KEY] = seo.organization_json_ld(language)
    # The collector is closed: its nodes are printed as they stand, copied only where the
    # Organization's key is also a contribution's.
    for key, node in head._json_ld.items():
        if key in nodes:
            merge_json_ld(nodes[key], node)
        else:
            nodes[key] = node
    parts.extend(json_ld_script(node) for node in nodes.values())
    return mark_safe("\n".join(part for part in parts if part))  # noqa: S308 (each part escaped)


def _canonical(request: HttpRequest, head: HeadCollector) -> str | None:
    """The collector's, else an object's own address in this language; none on a noindex page."""
    if head.noindex:
        return None
    if head.canonical:
        return request.build_absolute_uri(head.canonical)
    if getattr(request, "routed_object", None) is not None and request.method in ("GET", "HEAD"):
        return next((link["absolute_url"] for link in language_links(request) if link["current"]), None)
    return None


def _default_social_image(language: str | None) -> SocialImage | None:
    """The SEO group's default social image, for a page that set none: no query while the group
    is cached and names none, one to resolve the picture when it does."""
    key = seo.default_social_image()
    view = resolve_pictures([key], language=language).get(key) if key else None
    return SocialImage(view.url, view.width, view.height, view.alt) if view else None


def _social(
    request: HttpRequest,
    image: SocialImage | None,
    name: str,
    title: str,
    description: str,
    url: str | None,
) -> SafeString:
    meta = [
        ("og:type", "website"),
        ("og:site_name", name),
        ("og:title", title),
        ("og:description", description),
    ]
    if url:
        meta.append(("og:url", url))
    twitter = [("twitter:card", "summary_large_image" if image else "summary")]
    if image:
        # Shared links are read by other sites: the picture's whole address (a storage on another
        # origin already gives one).
        address = request.build_absolute_uri(image.url)
        meta.append(("og:image", address))
        meta += [("og:image:width", str(image.width))] if image.width else []
        meta += [("og:image:height", str(image.height))] if image.height else []
        meta += [("og:image:alt", image.alt)] if image.alt else []
        twitter.append(("twitter:image", address))
        twitter += [("twitter:image:alt", image.alt)] if image.alt else []
    tags = format_html_join("\n", '<meta property="{}" content="{}">', meta)
    cards = format_html_join("\n", '<meta name="{}" content="{}">', twitter)
    return format_html("{}\n{}", tags, cards)


class PageContent:
    """The content of a page, rendered once: before the layout (the default), or where a layout
    that renders it inside itself prints `{% page_content %}`."""

    def __init__(self, template: str, context: Mapping[str, Any], request: HttpRequest) -> None:
        self.template, self.context, self.request = template, context, request
        self._html: SafeString | None = None

    def render(self) -> SafeString:
        if self._html is None:
            self._html = mark_safe(loader.render_to_string(self.template, dict(self.context), self.request))  # noqa: S308
        return self._html

    def __html__(self) -> str:
        return self.render()

    def __str__(self) -> str:
        return self.render()


class PageContentNode(Node):
    """`{% page_content %}` (templatetags/head.py): where a layout renders the content itself."""

    def render(self, context: Context) -> str:
        content = context.get("content")
        return content.render() if isinstance(content, PageContent) else ""


def _renders_content_inside(layout: Any) -> bool:
    """Whether the layout template holds `{% page_content %}` (itself, not a template it extends)."""
    nodelist = getattr(getattr(layout, "template", None), "nodelist", None)
    return bool(nodelist and nodelist.get_nodes_by_type(PageContentNode))


def render_page(
    request: HttpRequest, template: str, context: Mapping[str, Any] | None = None, *, status: int = 200
) -> HttpResponse:
    """`template` rendered as the content of the site's layout. The content renders first, so
    all it contributes reaches the head, unless the layout renders it inside itself. A page that
    asked for noindex also answers `X-Robots-Tag: noindex`."""
    context = dict(context or {})
    content = PageContent(template, context, request)
    layout = loader.get_template(layout_name())
    if not _renders_content_inside(layout):
        content.render()
    # `status` lets a layout leave out what an error page does without (the menu's query).
    layout_context = {**context, "content": content, "head": head_of(request), "status": status}
    html = layout.render(layout_context, request)
    response = HttpResponse(html, status=status)
    if head_of(request).noindex:
        response["X-Robots-Tag"] = "noindex"
    return response
