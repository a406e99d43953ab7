"""The FAQ's panel sections: Questions (the list and the editor side by side) and Categories (the
host's screen), both under the heading FAQ (docs/faq.md, "The panel")."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from frontdesk.categories.panel import category_section
from frontdesk.core.panel.sections import Section, register_section
from frontdesk.faq.panel.screens import CATEGORY_TYPE
from frontdesk.faq.permissions import VIEW

QUESTIONS = "faq-questions"
CATEGORIES = "faq-categories"


def register_sections() -> None:
    """Called from FaqConfig.ready(). Each section keeps its own `path`; a site moves either with
    FRONTDESK["panel"]["paths"] = {"faq-questions": "...", "faq-categories": "..."}."""
    group = _("FAQ")
    register_section(
        Section(
            key=QUESTIONS,
            label=_("Questions"),
            icon="help",
            permission=VIEW,
            order=40,
            group=group,
            path="faq/questions",
            urlconf="frontdesk.faq.panel.urls",
        )
    )
    register_section(
        category_section(
            CATEGORY_TYPE,
            key=CATEGORIES,
            label=_("Categories"),
            group=group,
            order=41,
            path="faq/categories",
            icon="sliders",
            urlconf="frontdesk.faq.panel.category_urls",
        )
    )
