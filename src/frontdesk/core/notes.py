"""Notes on any entity an app registers, e.g. `inbox_submission`.

    register_entity(NoteEntity("inbox_submission", model="inbox.Submission",
                               view_permission="inbox.view", add_permission="inbox.update"))

The shared route /api/cms/entities/{entity}/{id}/notes and the MCP tools call these functions.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.apps import apps
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from frontdesk.core.acting import Actor, account_of, require_permission
from frontdesk.core.api.auth import PermissionRule
from frontdesk.core.errors import NotFound
from frontdesk.core.limits import MAX_NOTE_LENGTH
from frontdesk.core.models import Note
from frontdesk.core.registry import Registry


@dataclass(frozen=True)
class NoteEntity:
    key: str
    model: str
    view_permission: str
    add_permission: str

    def get_object(self, object_id: str):
        model = apps.get_model(self.model)
        try:
            return model._default_manager.get(pk=object_id)
        except (ObjectDoesNotExist, ValueError, TypeError, ValidationError):
            raise NotFound(_("There is no such record.")) from None


ENTITIES: Registry[NoteEntity] = Registry("note entity")


def register_entity(entity: NoteEntity) -> NoteEntity:
    return ENTITIES.register(entity.key, entity)


def registered_entities() -> list[NoteEntity]:
    return ENTITIES.all()


def get_entity(key: str) -> NoteEntity:
    try:
        return ENTITIES[key]
    except KeyError:
        raise NotFound(_("Notes cannot be kept on %(entity)s.") % {"entity": key}) from None


class EntityPermission(PermissionRule):
    """For the notes routes: the permission the addressed entity names for reading or adding."""

    name = "per-entity"

    def __init__(self, action: str):
        self.action = action  # "view" or "add"

    def resolve(self, request) -> str:
        entity = get_entity(request.resolver_match.kwargs["entity"])
        return entity.view_permission if self.action == "view" else entity.add_permission


def list_notes(actor: Actor, entity_key: str, object_id: str) -> list[Note]:
    entity = get_entity(entity_key)
    require_permission(actor, entity.view_permission)
    target = entity.get_object(object_id)
    return list(Note.objects.filter(entity=entity.key, object_id=str(target.pk)).select_related("author"))


def add_note(actor: Actor, entity_key: str, object_id: str, body: str) -> Note:
    entity = get_entity(entity_key)
    require_permission(actor, entity.add_permission)
    target = entity.get_object(object_id)
    text = (body or "").strip()
    if not text:
        raise ValidationError({"body": [_("Write something first.")]})
    if len(text) > MAX_NOTE_LENGTH:
        raise ValidationError(
            {"body": [_("A note holds at most %(limit)d characters.") % {"limit": MAX_NOTE_LENGTH}]}
        )
    with transaction.atomic():
        return Note.objects.create(
            entity=entity.key, object_id=str(target.pk), author=account_of(actor), body=text
        )
