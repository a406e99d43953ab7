"""One CSS prefix per app: the host's classes start with fd- (panel) or site- (public pages), the
inbox's with inbox-, so a later app's styles never meet another's by accident. The public form's
classes are the spec's (site-form, site-form__field, is-invalid)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import frontdesk

SOURCE = Path(frontdesk.__file__).parent
SHARED = ("site-", "is-")  # the public site's and the spec's state classes
PREFIXES = {
    "core": ("fd-", *SHARED),
    "inbox": ("inbox-", *SHARED),
    "services": ("services-", *SHARED),
    "blocks": ("blocks-", *SHARED),
    "pages": ("pages-", *SHARED),
    "faq": ("faq-", *SHARED),
    "events": ("events-", *SHARED),
}
TEMPLATE_TAGS = re.compile(r"{%.*?%}|{{.*?}}", re.S)
CSS_COMMENTS = re.compile(r"/\*.*?\*/", re.S)


def classes_in_templates(app: str) -> set[tuple[str, str]]:
    found = set()
    for path in (SOURCE / app / "templates").rglob("*.html"):
        for attribute in re.findall(r'class="([^"]*)"', path.read_text()):
            found |= {(path.name, name) for name in TEMPLATE_TAGS.sub(" ", attribute).split()}
    return found


@pytest.mark.parametrize("app", PREFIXES)
def test_every_class_an_app_prints_carries_its_prefix_or_the_hosts(app):
    allowed = (*PREFIXES[app], "fd-")  # an app builds on the host's classes
    assert sorted(item for item in classes_in_templates(app) if not item[1].startswith(allowed)) == []


@pytest.mark.parametrize("app", PREFIXES)
def test_an_apps_stylesheets_style_only_its_own_classes(app):
    """An app may place its classes inside the host's (`.inbox-x .fd-field`), but a selector that
    styles the host's classes alone belongs to the host's stylesheet."""
    own = PREFIXES[app]
    for path in (SOURCE / app / "static").rglob("*.css"):
        rules = CSS_COMMENTS.sub("", path.read_text())
        for selector in re.findall(r"([^{}]+)\{", rules):
            for part in selector.split(","):
                names = re.findall(r"\.([a-zA-Z][\w-]*)", part)
                if names and not part.strip().startswith("@"):
                    assert any(name.startswith(own) for name in names), f"{path.name}: {part.strip()}"
