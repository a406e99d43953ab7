"""Fixtures of the services' tests: services made through the operations, and accounts."""

from __future__ import annotations

from typing import Any

import pytest

from frontdesk.services.models import Service
from frontdesk.services.operations import create_service


def make_service(
    title: str | dict = "Garden design", slug: str | dict | None = None, **values: Any
) -> Service:
    given: dict[str, Any] = {"title": title if isinstance(title, dict) else {"en": title}, **values}
    if slug is not None:
        given["slug"] = slug if isinstance(slug, dict) else {"en": slug}
    return create_service(actor=None, values=given)


@pytest.fixture
def editor(make_user):
    return make_user("services.view", "services.manage", display_name="Edna Editor")


@pytest.fixture
def viewer(make_user):
    return make_user("services.view")
