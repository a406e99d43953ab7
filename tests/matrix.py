"""The permission matrix: every panel page and API route × every role.

Roles: anonymous, an account without permissions, one account per declared permission (every
app's `Access` permissions), and a superuser. Expected:

- anonymous: a redirect to the login page (panel) or 401 (API);
- an account without the route's permission: 403;
- an account with it, and the superuser: anything but 401/403 and never a 5xx.

Routes with path parameters need sample values (`samples`); a route whose parameter has no
sample fails the matrix, so a new route cannot slip past it unnoticed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from frontdesk.core import notes
from frontdesk.core.api import api
from frontdesk.core.panel.sections import _sections

PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>|\{(\w+)\}")


@dataclass(frozen=True)
class Route:
    door: str  # "panel" or "api"
    method: str
    template: str
    permissions: tuple[str, ...]  # all needed; empty = any logged-in account

    def address(self, samples: dict[str, object]) -> str:
        def fill(match: re.Match) -> str:
            name = match.group(1) or match.group(2)
            if name not in samples:
                raise AssertionError(f"{self.method} {self.template}: no sample value for {name!r}")
            return str(samples[name])

        return PARAMETER.sub(fill, self.template)


def _walk(patterns, prefix: str = "") -> Iterator[tuple[str, object]]:
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            yield route, pattern.callback


def panel_routes() -> list[Route]:
    routes = []
    for template, view in _walk(get_resolver().url_patterns):
        section_key = getattr(view, "panel_section", None)
        if section_key is None:
            continue
        section = _sections[section_key]
        needed = tuple(p for p in (section.permission, view.panel_permission) if p)
        routes.append(Route("panel", "GET", "/" + template.lstrip("^").rstrip("$"), needed))
    return routes


def api_routes(samples: dict[str, object]) -> list[Route]:
    routes = []
    schema = api.get_openapi_schema()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            permission = operation.get("x-permission")
            if permission == notes.EntityPermission.name:
                entity = notes.get_entity(str(samples["entity"]))
                permission = entity.view_permission if method == "get" else entity.add_permission
            routes.append(Route("api", method.upper(), path, (permission,) if permission else ()))
    return routes


def declared_permissions() -> list[str]:
    return sorted(
        f"{p.content_type.app_label}.{p.codename}"
        for p in Permission.objects.filter(content_type__model="access").select_related("content_type")
    )


def call(client: Client, route: Route, samples: dict[str, object]):
    address = route.address(samples)
    if route.method in {"GET", "DELETE"}:
        return getattr(client, route.method.lower())(address)
    return getattr(client, route.method.lower())(address, {}, content_type="application/json")


def walk_matrix(make_user, samples: dict[str, object]) -> list[str]:
    """Calls every route as every role; returns the list of broken expectations (empty = pass)."""
    routes = panel_routes() + api_routes(samples)
    assert routes, "no routes found"
    roles: list[tuple[str, object]] = [("anonymous", None), ("no permission", make_user())]
    roles += [(name, make_user(name)) for name in declared_permissions()]
    roles.append(("superuser", make_user(is_superuser=True, is_staff=True)))

    problems = []
    for role, user in roles:
        client = Client()
        if user is not None:
            client.force_login(user)
        for route in routes:
            response = call(client, route, samples)
            status = response.status_code
            label = f"{route.method} {route.address(samples)} as {role}: {status}"
            if status >= 500:
                problems.append(f"{label} (server error)")
            elif user is None:
                wanted_anonymous = 401 if route.door == "api" else 302
                if status != wanted_anonymous or (
                    route.door == "panel" and "/cms/login/" not in response.headers.get("Location", "")
                ):
                    problems.append(f"{label} (anonymous must get {wanted_anonymous})")
            elif all(user.has_perm(p) for p in route.permissions):
                if status in {401, 403}:
                    problems.append(f"{label} (has the permission, was refused)")
            elif status != 403:
                problems.append(f"{label} (lacks {', '.join(route.permissions)}, must get 403)")
    return problems
