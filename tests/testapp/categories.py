"""The test app's two category types, mounted as a module mounts them (docs/host.md, "Shared
categories"): a FAQ-like type without addresses, and an events-like type whose categories have
addresses at the level of the test events (routes), each with its API router, agent tools,
panel section and project-fields screen."""

from __future__ import annotations

from frontdesk.categories.api import category_router
from frontdesk.categories.mcp_tools import register_category_tools
from frontdesk.categories.panel import category_section
from frontdesk.categories.types import CategoryType, register_category_type
from frontdesk.core.api import register_router
from frontdesk.core.panel.sections import register_section

TOPIC = "test-topic"
HAPPENING = "test-happening"
TOPICS_MANAGE = "testapp.topics.manage"
TOPICS_EDIT = "testapp.topics.edit"
HAPPENINGS_MANAGE = "testapp.happenings.manage"


def _in_use(category, count: int) -> str:
    return f"The topic {category} holds {count} question(s)."


def register() -> None:
    from tests.testapp import views
    from tests.testapp.apps import routes_prefix
    from tests.testapp.models import events_per_happening, questions_per_topic

    register_category_type(
        CategoryType(
            name=TOPIC, label="Topics", permission=TOPICS_MANAGE, count_items=questions_per_topic,
            screen="testapp.topic-form", in_use=_in_use,
        )
    )  # fmt: skip
    register_category_type(
        CategoryType(
            name=HAPPENING, label="Happening categories", permission=HAPPENINGS_MANAGE,
            count_items=events_per_happening, screen="testapp.happening-category-form",
            named_by=("id", "slug"), prefix=routes_prefix, view=views.routed_category,
        )
    )  # fmt: skip
    register_router("/testapp/topics", category_router(TOPIC, pick_permission=TOPICS_EDIT))
    register_router("/testapp/happening-categories", category_router(HAPPENING))
    register_category_tools("testapp_topics", TOPIC, scope="testapp:write", read_scope="testapp:read")
    register_category_tools(
        "testapp_happening_categories", HAPPENING, scope="testapp:write", read_scope="testapp:read"
    )
    # A group of their own, late in the menu, so the host's sections keep their places in its tests.
    register_section(
        category_section(
            TOPIC, key="testapp-topics", urlconf="tests.testapp.topic_urls", group="Test app", order=950
        )
    )
    register_section(
        category_section(
            HAPPENING,
            key="testapp-happenings",
            urlconf="tests.testapp.happening_urls",
            group="Test app",
            order=951,
        )
    )
