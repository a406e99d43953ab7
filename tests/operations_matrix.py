"""The operations' permission matrix: every changing operation of every module, called by an
account without its permission, raises PermissionDenied and changes nothing (issue 25 item 25).

The doors check permissions before they call an operation, and tests/matrix.py proves that of
every door; this table proves the operations' own checks, so a door that forgets its check still
exposes nothing. `CHANGES` names each changing operation (its dotted path), the permission it
asks and how to call it on the samples (tests/test_operation_permissions.py). Operations are
found where they live: the public functions of every `operations` module or package of the
project (its `__all__` when it has one). `NOT_CHANGES` lists those that change nothing (reads,
helpers) or are run only by the system (commands, with no account to check). An operation in
neither list fails the matrix, so a new one cannot slip past it.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps

import frontdesk


@dataclass(frozen=True)
class Row:
    permission: str
    call: Callable[[Any, dict[str, Any]], object]  # (actor, samples) -> the operation's result


def _faq(name: str) -> Callable:
    return getattr(importlib.import_module("frontdesk.faq.operations"), name)


def _services(name: str) -> Callable:
    return getattr(importlib.import_module("frontdesk.services.operations"), name)


def _pages(name: str) -> Callable:
    return getattr(importlib.import_module("frontdesk.pages.operations"), name)


def _inbox(name: str) -> Callable:
    return getattr(importlib.import_module("frontdesk.inbox.operations"), name)


def _operations(package: str, name: str) -> Callable:
    return getattr(importlib.import_module(f"frontdesk.{package}.operations"), name)


CATEGORIES = "frontdesk.categories.operations"
PICTURES = "frontdesk.pictures.operations"
FAQ = "frontdesk.faq.operations"
SERVICES = "frontdesk.services.operations"
PAGES = "frontdesk.pages.operations"
INBOX = "frontdesk.inbox.operations"
EVENTS = "frontdesk.events.operations"
EVENTS_MANAGE = "events.manage"
BIN = "frontdesk.core.bin.operations"

HAPPENINGS, FAQ_MANAGE = "test-happening", "faq.manage"
CATEGORIES_MANAGE = "testapp.happenings.manage"
PICTURES_MANAGE = "core.pictures.manage"
SERVICES_MANAGE, PAGES_MANAGE = "services.manage", "pages.manage"
INBOX_VIEW, INBOX_UPDATE, INBOX_MANAGE = "inbox.view", "inbox.update", "inbox.manage"
NAME = {"name": {"en": "Changed by no one"}}

CHANGES: dict[str, Row] = {
    # The bin (core/bin): a row's bin type names the permission (a category: its type's).
    f"{BIN}.put_in_bin": Row(
        CATEGORIES_MANAGE, lambda actor, s: _operations("core.bin", "put_in_bin")(actor, s["category"])
    ),
    f"{BIN}.restore": Row(
        CATEGORIES_MANAGE, lambda actor, s: _operations("core.bin", "restore")(actor, s["binned_category"])
    ),
    # Categories (the test app's happenings, a type every run has: testapp.happenings.manage).
    f"{CATEGORIES}.create_category": Row(
        CATEGORIES_MANAGE,
        lambda actor, s: _operations("categories", "create_category")(HAPPENINGS, actor=actor, values=NAME),
    ),
    f"{CATEGORIES}.update_category": Row(
        CATEGORIES_MANAGE,
        lambda actor, s: _operations("categories", "update_category")(
            s["category"], actor=actor, values=NAME
        ),
    ),
    f"{CATEGORIES}.bin_category": Row(
        CATEGORIES_MANAGE,
        lambda actor, s: _operations("categories", "bin_category")(s["category"], actor=actor),
    ),
    f"{CATEGORIES}.restore_category": Row(
        CATEGORIES_MANAGE,
        lambda actor, s: _operations("categories", "restore_category")(s["binned_category"], actor=actor),
    ),
    f"{CATEGORIES}.reorder_categories": Row(
        CATEGORIES_MANAGE,
        lambda actor, s: _operations("categories", "reorder_categories")(
            HAPPENINGS, actor=actor, ids=[s["category"].pk]
        ),
    ),
    # The picture library.
    f"{PICTURES}.create_picture": Row(
        PICTURES_MANAGE,
        lambda actor, s: _operations("pictures", "create_picture")(actor=actor, values={"file": s["file"]()}),
    ),
    f"{PICTURES}.update_picture": Row(
        PICTURES_MANAGE,
        lambda actor, s: _operations("pictures", "update_picture")(
            s["picture"], actor=actor, values={"name": "Changed"}
        ),
    ),
    f"{PICTURES}.update_picture_file": Row(
        PICTURES_MANAGE,
        lambda actor, s: _operations("pictures", "update_picture_file")(
            s["picture"], actor=actor, values={"file": s["file"]()}
        ),
    ),
    f"{PICTURES}.purge_picture": Row(
        PICTURES_MANAGE, lambda actor, s: _operations("pictures", "purge_picture")(s["picture"], actor=actor)
    ),
    # Settings groups.
    "frontdesk.sitesettings.operations.update_group": Row(
        "core.settings.manage",
        lambda actor, s: _operations("sitesettings", "update_group")(
            "seo", actor=actor, values={"organization_name": "Changed"}
        ),
    ),
    # The FAQ.
    f"{FAQ}.create_question": Row(
        FAQ_MANAGE, lambda actor, s: _faq("create_question")(actor=actor, values={"question": {"en": "New?"}})
    ),
    f"{FAQ}.update_question": Row(
        FAQ_MANAGE,
        lambda actor, s: _faq("update_question")(
            s["question"], actor=actor, values={"question": {"en": "Y?"}}
        ),
    ),
    f"{FAQ}.bin_question": Row(FAQ_MANAGE, lambda actor, s: _faq("bin_question")(s["question"], actor=actor)),
    f"{FAQ}.restore_question": Row(
        FAQ_MANAGE, lambda actor, s: _faq("restore_question")(s["binned_question"], actor=actor)
    ),
    f"{FAQ}.reorder_questions": Row(
        FAQ_MANAGE, lambda actor, s: _faq("reorder_questions")(actor=actor, ids=[s["question"].pk])
    ),
    # Services.
    f"{SERVICES}.create_service": Row(
        SERVICES_MANAGE,
        lambda actor, s: _services("create_service")(actor=actor, values={"title": {"en": "New"}}),
    ),
    f"{SERVICES}.update_service": Row(
        SERVICES_MANAGE,
        lambda actor, s: _services("update_service")(
            s["service"], actor=actor, values={"title": {"en": "Y"}}
        ),
    ),
    f"{SERVICES}.bin_service": Row(
        SERVICES_MANAGE, lambda actor, s: _services("bin_service")(s["service"], actor=actor)
    ),
    f"{SERVICES}.restore_service": Row(
        SERVICES_MANAGE, lambda actor, s: _services("restore_service")(s["binned_service"], actor=actor)
    ),
    f"{SERVICES}.reorder_services": Row(
        SERVICES_MANAGE, lambda actor, s: _services("reorder_services")(actor=actor, ids=[s["service"].pk])
    ),
    # Pages.
    f"{PAGES}.create_page": Row(
        PAGES_MANAGE,
        lambda actor, s: _pages("create_page")(
            actor=actor, values={"title": {"en": "N"}, "slug": {"en": "n"}}
        ),
    ),
    f"{PAGES}.update_page": Row(
        PAGES_MANAGE,
        lambda actor, s: _pages("update_page")(
            s["page"], actor=actor, values={"title": {"en": "Y"}}, revision=s["page"].revision
        ),
    ),
    f"{PAGES}.publish_page": Row(
        PAGES_MANAGE, lambda actor, s: _pages("publish_page")(s["page"], actor=actor)
    ),
    f"{PAGES}.unpublish_page": Row(
        PAGES_MANAGE, lambda actor, s: _pages("unpublish_page")(s["page"], actor=actor)
    ),
    f"{PAGES}.discard_draft": Row(
        PAGES_MANAGE, lambda actor, s: _pages("discard_draft")(s["page"], actor=actor)
    ),
    f"{PAGES}.restore_page_version": Row(
        PAGES_MANAGE, lambda actor, s: _pages("restore_page_version")(s["page"], actor=actor, number=1)
    ),
    f"{PAGES}.update_blocks": Row(
        PAGES_MANAGE,
        lambda actor, s: _pages("update_blocks")(
            s["page"], actor=actor, values={"language": "en", "operations": [], "publish": True}
        ),
    ),
    f"{PAGES}.bin_page": Row(PAGES_MANAGE, lambda actor, s: _pages("bin_page")(s["page"], actor=actor)),
    f"{PAGES}.restore_page": Row(
        PAGES_MANAGE, lambda actor, s: _pages("restore_page")(s["binned_page"], actor=actor)
    ),
    f"{PAGES}.reorder_menu": Row(
        PAGES_MANAGE, lambda actor, s: _pages("reorder_menu")(actor=actor, ids=[s["page"].pk])
    ),
    # Events.
    f"{EVENTS}.create_event": Row(
        EVENTS_MANAGE,
        lambda actor, s: _operations("events", "create_event")(actor=actor, values={"title": "N"}),
    ),
    f"{EVENTS}.update_event": Row(
        EVENTS_MANAGE,
        lambda actor, s: _operations("events", "update_event")(
            s["event"], actor=actor, values={"venue": "Barn"}, revision=s["event"].revision
        ),
    ),
    f"{EVENTS}.publish_event": Row(
        EVENTS_MANAGE, lambda actor, s: _operations("events", "publish_event")(s["event"], actor=actor)
    ),
    f"{EVENTS}.unpublish_event": Row(
        EVENTS_MANAGE, lambda actor, s: _operations("events", "unpublish_event")(s["event"], actor=actor)
    ),
    f"{EVENTS}.bin_event": Row(
        EVENTS_MANAGE, lambda actor, s: _operations("events", "bin_event")(s["event"], actor=actor)
    ),
    f"{EVENTS}.discard_event": Row(
        EVENTS_MANAGE, lambda actor, s: _operations("events", "discard_event")(s["event"], actor=actor)
    ),
    f"{EVENTS}.restore_event": Row(
        EVENTS_MANAGE, lambda actor, s: _operations("events", "restore_event")(s["binned_event"], actor=actor)
    ),
    f"{EVENTS}.restore_event_version": Row(
        EVENTS_MANAGE,
        lambda actor, s: _operations("events", "restore_event_version")(s["event"], actor=actor, number=1),
    ),
    f"{EVENTS}.duplicate_event": Row(
        EVENTS_MANAGE, lambda actor, s: _operations("events", "duplicate_event")(s["event"], actor=actor)
    ),
    # The inbox (its spec's table: view reads and marks read, update handles, manage builds). A
    # submission typed in by hand (source "panel") needs inbox.update; a visitor's post, none.
    f"{INBOX}.accept_submission": Row(
        INBOX_UPDATE,
        lambda actor, s: _inbox("accept_submission")(s["form"], s["answers"], source="panel", actor=actor),
    ),
    f"{INBOX}.update_submission": Row(
        INBOX_UPDATE,
        lambda actor, s: _inbox("update_submission")(
            s["submission"], actor=actor, values={"status": s["status"].pk}
        ),
    ),
    f"{INBOX}.mark_read": Row(INBOX_VIEW, lambda actor, s: _inbox("mark_read")(s["submission"], actor=actor)),
    f"{INBOX}.update_submissions": Row(
        INBOX_UPDATE,
        lambda actor, s: _inbox("update_submissions")(
            s["form"], actor=actor, values={"ids": [s["submission"].pk], "status": s["status"].pk}
        ),
    ),
    f"{INBOX}.purge_submission": Row(
        INBOX_UPDATE, lambda actor, s: _inbox("purge_submission")(s["submission"], actor=actor)
    ),
    f"{INBOX}.create_form": Row(
        INBOX_MANAGE,
        lambda actor, s: _inbox("create_form")(actor=actor, values={"slug": "new", "title": {"en": "Y"}}),
    ),
    f"{INBOX}.update_form": Row(
        INBOX_MANAGE,
        lambda actor, s: _inbox("update_form")(s["form"], actor=actor, values={"title": {"en": "Y"}}),
    ),
    f"{INBOX}.duplicate_form": Row(
        INBOX_MANAGE, lambda actor, s: _inbox("duplicate_form")(s["form"], actor=actor, values={})
    ),
    f"{INBOX}.purge_form": Row(INBOX_MANAGE, lambda actor, s: _inbox("purge_form")(s["form"], actor=actor)),
    f"{INBOX}.reorder_forms": Row(
        INBOX_MANAGE, lambda actor, s: _inbox("reorder_forms")(actor=actor, ids=[s["form"].pk])
    ),
    f"{INBOX}.create_field": Row(
        INBOX_MANAGE,
        lambda actor, s: _inbox("create_field")(
            s["form"], actor=actor, values={"label": {"en": "Y"}, "type": "text"}
        ),
    ),
    f"{INBOX}.update_field": Row(
        INBOX_MANAGE,
        lambda actor, s: _inbox("update_field")(s["field"], actor=actor, values={"label": {"en": "Y"}}),
    ),
    f"{INBOX}.bin_field": Row(INBOX_MANAGE, lambda actor, s: _inbox("bin_field")(s["field"], actor=actor)),
    f"{INBOX}.reorder_fields": Row(
        INBOX_MANAGE, lambda actor, s: _inbox("reorder_fields")(s["form"], actor=actor, ids=[s["field"].pk])
    ),
    f"{INBOX}.create_status": Row(
        INBOX_MANAGE, lambda actor, s: _inbox("create_status")(actor=actor, values={"label": {"en": "Y"}})
    ),
    f"{INBOX}.update_status": Row(
        INBOX_MANAGE,
        lambda actor, s: _inbox("update_status")(s["status"], actor=actor, values={"label": {"en": "Y"}}),
    ),
    f"{INBOX}.purge_status": Row(
        INBOX_MANAGE, lambda actor, s: _inbox("purge_status")(s["status"], actor=actor)
    ),
    f"{INBOX}.reorder_statuses": Row(
        INBOX_MANAGE, lambda actor, s: _inbox("reorder_statuses")(actor=actor, ids=[s["status"].pk])
    ),
}

# Public functions of an operations module that change nothing, or that only the system runs.
NOT_CHANGES: dict[str, str] = {
    f"{BIN}.bin_list": "reads the bin",
    f"{BIN}.rows_of": "a queryset of a type's rows",
    f"{BIN}.purge_plan": "reads what a purge would remove",
    f"{BIN}.purge": "the system's `frontdesk bin purge` command: no account acts",
    f"{PICTURES}.remake_picture": "the system's `frontdesk pictures_remake` command: no account acts",
    f"{INBOX}.arrival_status": "reads the status new submissions get",
    f"{INBOX}.prune_plan": "reads what a prune would remove",
    f"{INBOX}.prune": "the system's `frontdesk inbox_prune` command: no account acts",
}


def _app_installed(module: str) -> bool:
    """Whether the module belongs to an app this run installs (optional apps may be left out)."""
    parts = module.split(".")
    return parts[1] == "core" or apps.is_installed(".".join(parts[:2]))


def operation_modules() -> list[str]:
    """Every `operations` module or package of the project, of the apps this run installs (found
    on disk: importing an app left out of the run is an error)."""
    root = Path(frontdesk.__file__).parent
    found = [path.with_suffix("") for path in root.rglob("operations.py")]
    found += [path.parent for path in root.rglob("operations/__init__.py")]
    names = {".".join(("frontdesk", *path.relative_to(root).parts)) for path in found}
    return sorted(name for name in names if _app_installed(name))


def discovered_operations() -> set[str]:
    """The public functions of every operations module: its `__all__`, else what it defines."""
    found = set()
    for name in operation_modules():
        module = importlib.import_module(name)
        names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
        for attribute in names:
            value = getattr(module, attribute)
            if inspect.isfunction(value) and value.__module__.startswith(name):
                found.add(f"{name}.{attribute}")
    return found


def table_problems(discovered: set[str]) -> list[str]:
    """Where the operations and the two lists disagree (empty = every operation is tabled)."""
    tabled = {path for path in CHANGES.keys() | NOT_CHANGES.keys() if _app_installed(path)}
    problems = [
        f"{path}: an operation in neither CHANGES nor NOT_CHANGES (tests/operations_matrix.py)"
        for path in sorted(discovered - tabled)
    ]
    problems += [f"{path}: in the table, but no such operation" for path in sorted(tabled - discovered)]
    return problems


def changing_rows() -> dict[str, Row]:
    return {path: row for path, row in CHANGES.items() if _app_installed(path)}
