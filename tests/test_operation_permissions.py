"""Every changing operation of every module refuses an account without its permission with
PermissionDenied and changes nothing (tests/operations_matrix.py; issue 25 item 25)."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied

from frontdesk.categories.operations import create_category
from frontdesk.core.bin.operations import put_in_bin
from frontdesk.inbox.models import Status
from frontdesk.inbox.operations import accept_submission, create_form
from frontdesk.pictures.operations import create_picture
from tests.inbox.conftest import CONTACT_FIELDS
from tests.operations_matrix import HAPPENINGS, Row, changing_rows, discovered_operations, table_problems
from tests.picture_files import picture_file

pytestmark = pytest.mark.django_db

ANSWERS = {"name": "Ada", "email": "ada@example.org", "consent": "on"}


@pytest.fixture
def samples(media) -> dict[str, Any]:
    """One record per kind an operation takes, made by the system; binned ones for the restores."""
    form = create_form(
        actor=None, values={"slug": "contact", "title": {"en": "Contact"}}, fields=CONTACT_FIELDS
    )
    submission, _created = accept_submission(form, ANSWERS)
    found: dict[str, Any] = {
        "file": picture_file,
        "picture": create_picture(actor=None, values={"file": picture_file()}),
        "form": form,
        "field": form.live_fields().get(machine_name="message"),
        "submission": submission,
        "answers": {**ANSWERS, "name": "Bob"},
        "status": Status.objects.get(label__en="In progress"),
    }
    found["category"] = create_category(HAPPENINGS, actor=None, values={"name": {"en": "Camps"}})
    binned = create_category(HAPPENINGS, actor=None, values={"name": {"en": "Old camps"}})
    found["binned_category"] = put_in_bin(None, binned)
    if apps.is_installed("frontdesk.faq"):
        from frontdesk.faq.operations import bin_question, create_question

        found["question"] = create_question(actor=None, values={"question": {"en": "Why?"}})
        found["binned_question"] = bin_question(
            create_question(actor=None, values={"question": {"en": "When?"}}), actor=None
        )
    if apps.is_installed("frontdesk.services"):
        from frontdesk.services.operations import bin_service, create_service

        found["service"] = create_service(actor=None, values={"title": {"en": "Gardens"}})
        found["binned_service"] = bin_service(
            create_service(actor=None, values={"title": {"en": "Ponds"}}), actor=None
        )
    if apps.is_installed("frontdesk.pages"):
        from frontdesk.pages import operations as pages

        page = pages.create_page(actor=None, values={"title": {"en": "About"}, "slug": {"en": "about"}})
        published = pages.publish_page(page, actor=None)
        found["page"] = pages.update_page(
            published, actor=None, values={"title": {"en": "Draft"}}, revision=published.revision
        )
        old = pages.create_page(actor=None, values={"title": {"en": "Old"}, "slug": {"en": "old"}})
        found["binned_page"] = pages.bin_page(old, actor=None)
    if apps.is_installed("frontdesk.events"):
        from frontdesk.events import operations as events

        published_event = events.publish_event(
            events.create_event(actor=None, values={"title": "Fair"}), actor=None
        )
        found["event"] = events.update_event(
            published_event, actor=None, values={"venue": "Hall"}, revision=published_event.revision
        )
        old_event = events.create_event(actor=None, values={"title": "Old fair"})
        found["binned_event"] = events.bin_event(old_event, actor=None)
    return found


def every_row() -> dict[str, list[dict[str, Any]]]:
    """Every row of every table: what "changes nothing" is judged against."""
    return {
        model._meta.label: list(model._base_manager.order_by("pk").values())
        for model in apps.get_models()
        if model._meta.managed
    }


def everyone_but(make_user, permission: str):
    """An account holding every permission of every app but `permission`: a check against the
    wrong permission is caught as surely as a missing one."""
    others = [
        f"{p.content_type.app_label}.{p.codename}"
        for p in Permission.objects.filter(content_type__model="access").select_related("content_type")
    ]
    return make_user(*[name for name in others if name != permission])


def test_every_operation_of_every_module_is_in_the_table():
    assert table_problems(discovered_operations()) == []


def test_an_operation_missing_from_the_table_is_reported():
    discovered = discovered_operations() | {"frontdesk.faq.operations.publish_everything"}
    assert table_problems(discovered - {"frontdesk.core.bin.operations.restore"}) == [
        "frontdesk.faq.operations.publish_everything: an operation in neither CHANGES nor NOT_CHANGES"
        " (tests/operations_matrix.py)",
        "frontdesk.core.bin.operations.restore: in the table, but no such operation",
    ]


@pytest.mark.parametrize(
    ("path", "row"), sorted(changing_rows().items()), ids=lambda value: getattr(value, "permission", value)
)
def test_an_account_without_the_permission_is_refused_and_nothing_changes(
    path: str, row: Row, samples, make_user
):
    actor = everyone_but(make_user, row.permission)
    before = every_row()
    with pytest.raises(PermissionDenied):
        row.call(actor, samples)
    assert every_row() == before, f"{path} changed rows before refusing"
