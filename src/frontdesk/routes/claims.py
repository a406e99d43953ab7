"""Claiming addresses: the one place that decides whether an object may have an address, and the
helpers the bin and Duplicate call (docs/host.md, "Routes and aliases").

Every refusal is a ValidationError under the route type's slug field, naming the address with its
language prefix ("/de/events/kurs"), so a category is refused under its own field when an event
holds the address, in whichever language. An address held for another object's draft
(`hold_routes`) is as taken as one the site answers at.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import reduce
from operator import or_

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Model, Q
from django.utils.encoding import uri_to_iri
from django.utils.translation import gettext_lazy as _

from frontdesk.core.languages import site_language_codes, translate
from frontdesk.routes.models import PATH_MAX_LENGTH, Alias, Route
from frontdesk.routes.registry import ROUTE_TYPES, RouteType, is_reserved, route_types_of
from frontdesk.routes.serving import public_path

TAKEN = _("The address %(address)s is already taken.")
RESERVED = _("The address %(address)s is kept by the site for itself.")
RACED = _("One of these addresses was taken a moment ago; please try again.")
TOO_LONG = _("The address %(address)s is too long (at most %(limit)d characters after the language).")


def _shown(language: str, path: str) -> str:
    return uri_to_iri(public_path(language, path))


def refusals(route_type: RouteType, obj: Model, wanted: Mapping[str, str]) -> list[str]:
    """Why `obj` may not hold the addresses `wanted` ({language: path}); empty when it may."""
    problems = {}
    for language, path in wanted.items():
        if len(path) > PATH_MAX_LENGTH:
            problems[language] = TOO_LONG % {"address": _shown(language, path), "limit": PATH_MAX_LENGTH}
        elif is_reserved(path):
            problems[language] = RESERVED % {"address": _shown(language, path)}
    open_ = {language: path for language, path in wanted.items() if language not in problems}
    if open_:
        held_by_others = (
            Route.all_objects.filter(
                reduce(or_, (Q(language=lang, path=path) for lang, path in open_.items()))
            )
            .exclude(type_name=route_type.name, object_id=obj.pk)
            .values_list("language", "path")
        )
        for language, held in held_by_others:
            assert held is not None  # it matched a path
            problems[language] = TAKEN % {"address": _shown(language, held)}
    return [problems[language] for language in site_language_codes() if language in problems]


def claim_routes(obj: Model, type_name: str) -> dict[str, str]:
    """Give the saved `obj` the addresses its slug and the type's prefix make now, in every site
    language, or raise ValidationError({field: [...]}) and change nothing.

    An address it leaves becomes an alias to it; an alias standing on an address it takes gives
    way. Answers {language: path} of the addresses that changed.
    """
    route_type = ROUTE_TYPES[type_name]
    wanted = route_type.paths_for(obj)
    problems = refusals(route_type, obj, wanted)
    if problems:
        raise ValidationError({route_type.field: problems})
    try:
        with transaction.atomic():
            return _move(route_type, obj, wanted)
    except IntegrityError:
        # Someone claimed one of the addresses between the check and the write.
        raise ValidationError({route_type.field: refusals(route_type, obj, wanted) or [RACED]}) from None


def hold_routes(obj: Model, type_name: str) -> dict[str, str]:
    """Hold for `obj` the addresses its slug makes now wherever it does not answer there already,
    and give up the other addresses it held; raise ValidationError({field: [...]}) and change
    nothing when another object has one of them.

    `obj` is the saved object with its draft's values in its fields (a copy, unsaved): the draft
    of a published row keeps its new slug's addresses from its save until Publish claims them
    (`claim_routes` takes over its own held address) or the draft gives them up (the draft
    changes back, Discard: hold again; the bin: `release_routes`). A held address answers nothing.
    Answers {language: path} of the addresses held now.
    """
    route_type = ROUTE_TYPES[type_name]
    owner = {"type_name": route_type.name, "object_id": obj.pk}
    answering = dict(Route.objects.filter(**owner).values_list("language", "path"))
    wanted = {
        language: path
        for language, path in route_type.paths_for(obj).items()
        if answering.get(language) != path
    }
    problems = refusals(route_type, obj, wanted)
    if problems:
        raise ValidationError({route_type.field: problems})
    held = Route.all_objects.filter(pending=True, **owner)
    if dict(held.values_list("language", "path")) == wanted:
        return wanted
    try:
        with transaction.atomic():
            held.delete()
            Route.all_objects.bulk_create(
                Route(language=language, path=path, pending=True, **owner)
                for language, path in wanted.items()
            )
    except IntegrityError:
        raise ValidationError({route_type.field: refusals(route_type, obj, wanted) or [RACED]}) from None
    return wanted


def _move(route_type: RouteType, obj: Model, wanted: Mapping[str, str]) -> dict[str, str]:
    held = {
        route.language: route
        for route in Route.objects.select_for_update().filter(type_name=route_type.name, object_id=obj.pk)
    }
    owner = {"type_name": route_type.name, "object_id": obj.pk}
    changed = {}
    for language in site_language_codes():
        path, route = wanted.get(language), held.get(language)
        if route is not None and route.path == path:
            continue
        if route is not None and route.path:
            Alias.objects.update_or_create(language=language, path=route.path, defaults=owner)
        if path is None:
            if route is not None:
                route.delete()
            continue
        Alias.objects.filter(language=language, path=path).delete()
        # The address it held for its draft is now the one it answers at.
        Route.all_objects.filter(pending=True, language=language, path=path, **owner).delete()
        if route is None:
            Route.objects.create(language=language, path=path, **owner)
        else:
            route.path = path
            route.save(update_fields=["path"])
        changed[language] = path
    return changed


def release_routes(obj: Model) -> None:
    """`obj` goes to the bin: its addresses are free for others at once. Each becomes one of its
    aliases, which answers 404 while it is in the bin and 301 again after the restore, unless a
    new claim on the address makes it give way. The addresses held for its draft are let go (the
    draft holds them again at its next save after the restore)."""
    names = [route_type.name for route_type in route_types_of(obj)]
    with transaction.atomic():
        Route.all_objects.filter(type_name__in=names, object_id=obj.pk, pending=True).delete()
        held = Route.objects.filter(type_name__in=names, object_id=obj.pk, path__isnull=False)
        for route in held.select_for_update():
            owner = {"type_name": route.type_name, "object_id": obj.pk}
            Alias.objects.update_or_create(language=route.language, path=route.path, defaults=owner)
        held.update(path=None)


def reclaim_routes(obj: Model) -> None:
    """`obj` comes back from the bin: it claims the addresses its slug and the type's prefix make
    now, or, when one was taken meanwhile, raises ValidationError under the type's field and
    changes nothing. An object that released nothing is left as it is."""
    names = [route_type.name for route_type in route_types_of(obj)]
    released = Route.objects.filter(type_name__in=names, object_id=obj.pk, path__isnull=True)
    for type_name in sorted(set(released.values_list("type_name", flat=True))):
        claim_routes(obj, type_name)


def forget_routes(obj: Model) -> None:
    """`obj` is deleted for good: its addresses (held ones too) and aliases go with it."""
    names = [route_type.name for route_type in route_types_of(obj)]
    with transaction.atomic():
        Route.all_objects.filter(type_name__in=names, object_id=obj.pk).delete()
        Alias.objects.filter(type_name__in=names, object_id=obj.pk).delete()


def next_free_slugs(type_name: str, slugs: Mapping[str, str]) -> dict[str, str]:
    """The slugs of a copy of an object whose slugs are `slugs`: in each language, the slug with
    the lowest suffix -2, -3, ... whose address is free and not reserved.

    A language the original reads by fallback keeps reading by fallback when the address that
    makes is free, and gets a slug of its own otherwise.
    """
    route_type = ROUTE_TYPES[type_name]
    languages = site_language_codes()
    own = [language for language in languages if slugs.get(language)]
    copy = {language: _first_free(route_type, language, slugs[language]) for language in own}
    for language in languages:
        if language in own or not translate(slugs, language):
            continue
        path = route_type.path_for_slug(translate(copy, language), language)
        if is_reserved(path) or Route.all_objects.filter(language=language, path=path).exists():
            copy[language] = _first_free(route_type, language, translate(slugs, language))
    return copy


def _first_free(route_type: RouteType, language: str, slug: str) -> str:
    # One question per suffix tried: copies are made one at a time, and rarely many of one.
    suffix = 2
    while True:
        path = route_type.path_for_slug(f"{slug}-{suffix}", language)
        if not is_reserved(path) and not Route.all_objects.filter(language=language, path=path).exists():
            return f"{slug}-{suffix}"
        suffix += 1
