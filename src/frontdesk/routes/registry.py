"""Route types (what kind of object an address can belong to, and how its address is made) and
the paths the site keeps for itself. Both are filled in `AppConfig.ready()`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from django.apps import apps
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse

from frontdesk.core.languages import site_language_codes, translate
from frontdesk.core.registry import Registry


@dataclass(frozen=True)
class RouteType:
    """One kind of routed object: `model` ("app_label.Model") holds a translated slug in `field`,
    under which a refused address is reported; `prefix()` reads the type's configured prefix at
    every call (so a changed setting is seen by `routes-rebuild` and the system check); `view`
    answers the object's page. A type whose addresses are shaped otherwise overrides
    `path_for_slug` in a subclass. `listed` answers the objects whose addresses the sitemap
    names (published ones; a binned row has no address anyway), None for a type it leaves out;
    `modified` names their field of the last change, for the sitemap's lastmod. `rows` answers
    the rows an address is looked up in, as `view` wants them (a queryset's `get_queryset`: an
    annotation the page needs, read with the row); None: the model's default manager."""

    name: str
    model: str
    field: str
    prefix: Callable[[], str]
    view: Callable[[HttpRequest, Model], HttpResponse]
    listed: Callable[[], QuerySet] | None = None
    modified: str = ""
    rows: Callable[[], QuerySet] | None = None

    @cached_property
    def model_class(self) -> type[Model]:
        return apps.get_model(self.model)

    def path_for_slug(self, slug: str, language: str) -> str:
        """The stored path (no language prefix, no outer slashes) of `slug` in `language`."""
        return "/".join(part for part in (self.prefix().strip("/"), slug.strip("/")) if part)

    def path_for(self, obj: Model, language: str) -> str | None:
        """The address `obj` should have in `language`: its slug there, else the slug the
        fallback rule reads (core/languages.translate); None when it has no slug at all."""
        slug = translate(getattr(obj, self.field), language)
        return self.path_for_slug(slug, language) if slug else None

    def paths_for(self, obj: Model) -> dict[str, str]:
        """{language: path} of every site language in which `obj` has an address."""
        paths = {language: self.path_for(obj, language) for language in site_language_codes()}
        return {language: path for language, path in paths.items() if path}

    def stored_prefix(self) -> str:
        """What every stored path of the type begins with ("" when the type has no prefix)."""
        prefix = self.prefix().strip("/")
        return f"{prefix}/" if prefix else ""


ROUTE_TYPES: Registry[RouteType] = Registry("route type")


@dataclass(frozen=True)
class ReservedPath:
    """A path no object's address may be, in any language: `path()` reads it at every call (so a
    module's setting, its prefix or its index switched off, is followed; "" reserves nothing).
    Not `exact`: the path and everything under it ("cms", "cms/..."). `exact`: the path itself
    only, so a module's index at "events" keeps a page off /events while the module's own objects
    still claim "events/<slug>"."""

    path: Callable[[], str]
    exact: bool = False

    def holds(self, path: str) -> bool:
        reserved = self.path().strip("/")
        if not reserved:
            return False
        return path == reserved or (not self.exact and path.startswith(f"{reserved}/"))


RESERVED_PATHS: Registry[ReservedPath] = Registry("reserved path")


def register_route_type(route_type: RouteType) -> RouteType:
    return ROUTE_TYPES.register(route_type.name, route_type)


def register_reserved_path(name: str, path: str | Callable[[], str], *, exact: bool = False) -> ReservedPath:
    """Keep `path` (a string, or a function read at every call) from every object's address: the
    path and everything under it, or, `exact`, the path itself only."""
    reader = path if callable(path) else _fixed(path)
    return RESERVED_PATHS.register(name, ReservedPath(path=reader, exact=exact))


def _fixed(path: str) -> Callable[[], str]:
    return lambda: path


def route_types_of(obj: Model) -> list[RouteType]:
    """The route types whose objects are rows of `obj`'s model."""
    model = obj._meta.concrete_model
    return [route_type for route_type in ROUTE_TYPES.all() if route_type.model_class is model]


def is_reserved(path: str, *, exact_too: bool = True) -> bool:
    """Whether `path` is a reserved path, lies under one that is not exact, or lies under a
    language prefix (`de/...` would read as the German site). `exact_too=False` leaves the exact
    reservations out: a module's prefix may be its own index's path."""
    first = path.split("/", 1)[0]
    if first in site_language_codes():
        return True
    return any(reserved.holds(path) for reserved in RESERVED_PATHS.all() if exact_too or not reserved.exact)
