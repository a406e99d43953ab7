"""Editing screens and the patch lists a site gives them in FRONTDESK["project_fields"]
(docs/host.md, "Project fields"): each list read once, checked, and kept as `ProjectField`s.

A screen is registered by its app in `AppConfig.ready()`; its patch list is checked right then,
so a bad patch stops start-up with one line naming the screen, the patch's index and the reason
(`frontdesk` prints it and exits with status 2). A list for a screen no app registers is found
by the system check frontdesk.E020, once every app is ready.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.db.models import Model

from frontdesk.core.conf import site_section
from frontdesk.core.languages import translate
from frontdesk.core.registry import Registry
from frontdesk.publishing.project_fields.types import FIELD_TYPES, FieldType, PropError

SETTING = "project_fields"
CARD = "project-fields"  # the public id of the card every editing screen keeps
OPS = ("add",)
TARGETS = (CARD,)
PATCH_KEYS = {"op", "target", "node"}
NODE_KEYS = {"id", "type", "name", "label", "localized", "props"}
NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")  # a key of `extra`, a control's name, a template's argument
NODE_ID = re.compile(r"^[a-z][a-z0-9_-]{0,63}$")


@dataclass(frozen=True)
class Screen:
    """An editing screen: its public id, the model whose `extra` holds the values, and the names
    of its own values, which a project field may not take (its errors would land on them). `only`
    is for a model several screens share (the categories: FAQ's and events'): the field values
    that mark this screen's rows (`{"type": "faq"}`); empty, every row of the model."""

    id: str
    model: str
    reserved: frozenset[str] = frozenset()
    only: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ProjectField:
    id: str
    name: str
    type: FieldType
    label: Mapping[str, str] | str
    localized: bool
    props: Mapping[str, Any]

    @property
    def label_text(self) -> str:
        return translate(self.label) or self.name


SCREENS: Registry[Screen] = Registry("editing screen")
_read: dict[str, tuple[ProjectField, ...]] = {}
_lock = threading.Lock()


class PatchError(ValueError):
    """What is wrong with one patch, in a few words."""


def configured() -> Mapping[str, Any]:
    """The site's patch lists by screen id (FRONTDESK["project_fields"]), {} when none."""
    patches = site_section(SETTING) or {}
    if not isinstance(patches, Mapping):
        raise ImproperlyConfigured(f"FRONTDESK[{SETTING!r}] must map screen ids to patch lists.")
    return patches


def register_screen(screen: Screen) -> Screen:
    SCREENS.register(screen.id, screen)
    fields_of(screen.id)  # a bad patch list stops start-up here, with one line
    return screen


def fields_of(screen_id: str) -> tuple[ProjectField, ...]:
    """The project fields of a registered screen, in patch order; read once per settings."""
    with _lock:
        if screen_id not in _read:
            _read[screen_id] = read_patches(SCREENS[screen_id], configured().get(screen_id, []))
        return _read[screen_id]


def field_named(screen_id: str, name: str) -> ProjectField | None:
    return next((field for field in fields_of(screen_id) if field.name == name), None)


def screen_of_row(row: Model) -> Screen | None:
    """The editing screen whose `extra` holds `row`'s values, for the template filter: its
    model's ("inbox.Form"), and of a model several screens share, the one whose `only` it has."""
    label = row._meta.label
    return next(
        (
            screen
            for screen in SCREENS.all()
            if screen.model == label
            and all(getattr(row, name) == value for name, value in screen.only.items())
        ),
        None,
    )


def _forget(*, setting: str, **kwargs: Any) -> None:
    # Tests change the patch lists with override_settings; the next read takes the new ones.
    if setting == "FRONTDESK":
        with _lock:
            _read.clear()


setting_changed.connect(_forget, dispatch_uid="frontdesk.project_fields")


def read_patches(screen: Screen, patches: object) -> tuple[ProjectField, ...]:
    """`patches` checked for `screen`; ImproperlyConfigured with one line at the first fault."""
    where = f"FRONTDESK[{SETTING!r}][{screen.id!r}]"
    if not isinstance(patches, list):
        raise ImproperlyConfigured(f"{where} must be a list of patches.")
    fields: list[ProjectField] = []
    for index, patch in enumerate(patches):
        try:
            field = _read_patch(patch, screen)
            for earlier in fields:
                if earlier.name == field.name:
                    raise PatchError(f"the name {field.name!r} is used twice on this screen")
                if earlier.id == field.id:
                    raise PatchError(f"the node id {field.id!r} is used twice on this screen")
        except (PatchError, PropError) as reason:
            raise ImproperlyConfigured(f"{where}[{index}]: {reason}.") from None
        fields.append(field)
    return tuple(fields)


def _read_patch(patch: object, screen: Screen) -> ProjectField:
    if not isinstance(patch, dict):
        raise PatchError("a patch is an object with op, target and node")
    _no_unknown(patch, PATCH_KEYS, "patch")
    if patch.get("op") not in OPS:
        raise PatchError(f"unknown op {patch.get('op')!r} (known: {', '.join(OPS)})")
    if patch.get("target") not in TARGETS:
        raise PatchError(f"unknown target {patch.get('target')!r} (known: {', '.join(TARGETS)})")
    node = patch.get("node")
    if not isinstance(node, dict):
        raise PatchError("node must be an object with id, type, name, label, localized and props")
    _no_unknown(node, NODE_KEYS, "node")
    node_id, name, type_name = node.get("id"), node.get("name"), node.get("type")
    if not isinstance(node_id, str) or not NODE_ID.match(node_id) or node_id == CARD:
        raise PatchError(f"node id {node_id!r} must be a-z, 0-9, _ and -, starting with a letter")
    if not isinstance(name, str) or not NAME.match(name):
        raise PatchError(f"name {name!r} must be a-z, 0-9 and _, starting with a letter")
    if name in screen.reserved:
        raise PatchError(f"the name {name!r} is one of the screen's own values")
    field_type = FIELD_TYPES.get(type_name) if isinstance(type_name, str) else None
    if field_type is None:
        raise PatchError(f"unknown type {type_name!r} (known: {', '.join(FIELD_TYPES.names())})")
    label = node.get("label")
    if not (isinstance(label, str) and label.strip()) and not (
        isinstance(label, dict) and label and all(isinstance(t, str) for t in label.values())
    ):
        raise PatchError("label must be a text or {language code: text}")
    localized = node.get("localized", False)
    if not isinstance(localized, bool):
        raise PatchError("localized must be true or false")
    if localized and not field_type.localizable:
        can = ", ".join(item.name for item in FIELD_TYPES.all() if item.localizable)
        raise PatchError(f"a {field_type.name} field cannot be localized (these can: {can})")
    props = node.get("props", {})
    if not isinstance(props, dict):
        raise PatchError("props must be an object")
    return ProjectField(node_id, name, field_type, label, localized, field_type.props(props))


def _no_unknown(given: dict, known: set[str], what: str) -> None:
    unknown = sorted(set(given) - known)
    if unknown:
        raise PatchError(f"unknown {what} key {', '.join(map(str, unknown))}")
