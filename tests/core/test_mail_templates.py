"""Every mail is plain text: its subject and body templates print values as they are, never
HTML-escaped (`&lt;b&gt;` in a subject). Found by walking the apps' `mail/` template folders,
so a new service's mail is checked without being listed here."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.apps import apps
from django.template.loader import render_to_string
from django.utils import translation

MARKUP = '<b>Tom & "Jerry" O\'Brien</b>'
ESCAPED = ("&lt;", "&gt;", "&amp;", "&quot;", "&#x27;", "&#39;")


def mail_templates() -> dict[str, Path]:
    """Every `mail/*.txt` template of every app, by its template name."""
    found = {}
    for config in apps.get_app_configs():
        root = Path(config.path) / "templates"
        found.update({str(path.relative_to(root)): path for path in root.glob("**/mail/*.txt")})
    return dict(sorted(found.items()))


TEMPLATES = mail_templates()


class Probe(str):
    """A value of any shape: an attribute, an item or a loop over it gives MARKUP again."""

    def __getattr__(self, name: str) -> Probe:
        if name.startswith("__"):
            raise AttributeError(name)
        return Probe(MARKUP)

    def __iter__(self):
        return iter([Probe(MARKUP)])


class Anything(dict):
    """A context that answers every name with a Probe."""

    def __contains__(self, key: object) -> bool:
        return True

    def __getitem__(self, key: str) -> str:
        return dict.get(self, key, Probe(MARKUP))


def test_the_mail_templates_are_found():
    assert {
        "inbox/mail/new_submission.txt",
        "inbox/mail/new_submission_subject.txt",
        "panel/mail/password_reset.txt",
        "panel/mail/password_reset_subject.txt",
    } <= set(TEMPLATES)


@pytest.mark.parametrize("name", list(TEMPLATES))
@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_a_mail_template_prints_values_without_html_escaping(name, language):
    context = Anything(uid="MQ", token="abc-123")  # the reset link's parts must fit its address
    with translation.override(language):
        text = render_to_string(name, context)
    assert not any(escaped in text for escaped in ESCAPED), text
    if "{{" in TEMPLATES[name].read_text():
        assert MARKUP in text
