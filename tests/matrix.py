"""The permission matrix: every panel page and API route × every role, against a table kept here.

The expected permissions are the tables below (`API`, `PANEL`, `NOTE_ENTITIES`), written in the
tests and not read from the routes' own declarations: weakening a declaration must fail the
matrix, not weaken its expectation too. The inbox's rows follow its spec's table (inbox.view
reads: the section, the list, a submission, its files, the export; inbox.update changes status,
assignee, notes; inbox.manage the forms, fields and statuses). A route missing from the table, a
row without a route, and a route that declares something else than its row all fail.

Roles: anonymous, an account without permissions, one account per declared permission (every
app's `Access` permissions), a superuser, and bearer tokens of a superuser. Expected:

- anonymous: a redirect to the login page (panel, signed links) or 401 (API);
- an account without the row's permission: 403;
- an account with it, and the superuser: anything but 401/403 and never a 5xx;
- a token without the row's scope: 403, whatever its other scopes; a token with only that scope:
  anything but 401/403 (a row's scope is `<app>:read` for GET, `<app>:write` otherwise, unless
  the row names one; a row without permission or scope admits any token);
- reading the body needs the view permission: a caller who may not read a record (an account
  without the permission `samples["private"]` names, or a token without its `<app>:read`; a key
  that is a scope, `pictures:read`, is read by any account and a token with that scope; a key
  "a|b" by a caller who reads either) never
  finds the record's contents in an answer, whatever the route — a change answers such a caller
  only which record it changed (docs/api.md). A changing route is called with the body of
  `samples["bodies"]` when it has one (else `{}`), so a route that needs a revision is accepted
  and its answer judged; each role's deletions run after its other calls and before the
  restores, so every role finds the records it reads and changes in place.

Routes with path parameters need sample values (`samples`); a route whose parameter has no
sample fails the matrix, so a new route cannot slip past it unnoticed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from frontdesk.core import notes
from frontdesk.core.api import api
from frontdesk.core.mcp.registry import known_scopes
from frontdesk.core.models import ApiToken, User
from frontdesk.core.panel.sections import SECTIONS
from frontdesk.settings import OPTIONAL_APPS

PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>|\{(\w+)\}")
PER_ENTITY = notes.EntityPermission.name  # the notes routes: the addressed entity decides


@dataclass(frozen=True)
class Rule:
    permission: str | None  # None: any logged-in account; PER_ENTITY: the entity's own
    scope: str | None = None  # a token's scope, when it is not derived from the permission


INBOX = "/api/cms/inbox"
SETTINGS = "/api/cms/settings"
SETTINGS_READ = Rule("core.settings.manage", scope="settings:read")
SETTINGS_WRITE = Rule("core.settings.manage", scope="settings:write")
VIEW, UPDATE, MANAGE = Rule("inbox.view"), Rule("inbox.update"), Rule("inbox.manage")
SERVICES = "/api/cms/services"
SERVICES_VIEW, SERVICES_MANAGE = Rule("services.view"), Rule("services.manage")
# The shared categories' router as the test app mounts it for two types (categories/api.py).
TOPICS, HAPPENINGS = "/api/cms/testapp/topics", "/api/cms/testapp/happening-categories"
TOPICS_MANAGE, TOPICS_EDIT = Rule("testapp.topics.manage"), Rule("testapp.topics.edit")
HAPPENINGS_MANAGE = Rule("testapp.happenings.manage")


def category_routes(base: str, manage: Rule, pick: Rule) -> dict[tuple[str, str], Rule]:
    return {
        ("GET", base): manage,
        ("POST", base): manage,
        ("POST", f"{base}/reorder"): manage,
        ("GET", f"{base}/picker"): pick,
        ("PUT", f"{base}/{{category}}"): manage,
        ("DELETE", f"{base}/{{category}}"): manage,
        ("POST", f"{base}/{{category}}/restore"): manage,
    }


# The FAQ (spec: faq.view reads, faq.manage writes and orders, faq.categories.manage the
# categories; editors read the categories' picker with faq.view).
FAQ = "/api/cms/faq"
FAQ_VIEW, FAQ_MANAGE = Rule("faq.view"), Rule("faq.manage")
FAQ_CATEGORIES = Rule("faq.categories.manage")

PICTURES = "/api/cms/pictures"
# Any account reads the library (every editor picks pictures); changing it needs the permission.
PICTURES_READ = Rule(None, scope="pictures:read")
PICTURES_WRITE = Rule("core.pictures.manage", scope="pictures:write")
PAGES = "/api/cms/pages"
PAGES_VIEW, PAGES_MANAGE = Rule("pages.view"), Rule("pages.manage")

API: dict[tuple[str, str], Rule] = {
    ("GET", "/api/cms/me"): Rule(None),
    ("PUT", "/api/cms/me"): Rule(None, scope="account:write"),
    ("GET", "/api/cms/accounts"): Rule("core.accounts.manage"),
    ("GET", SETTINGS): SETTINGS_READ,
    ("GET", f"{SETTINGS}/{{group}}"): SETTINGS_READ,
    ("PUT", f"{SETTINGS}/{{group}}"): SETTINGS_WRITE,
    ("PATCH", f"{SETTINGS}/{{group}}"): SETTINGS_WRITE,
    ("GET", PICTURES): PICTURES_READ,
    ("POST", PICTURES): PICTURES_WRITE,
    ("GET", f"{PICTURES}/{{key}}"): PICTURES_READ,
    ("PUT", f"{PICTURES}/{{key}}"): PICTURES_WRITE,
    ("POST", f"{PICTURES}/{{key}}/file"): PICTURES_WRITE,
    ("DELETE", f"{PICTURES}/{{key}}"): PICTURES_WRITE,
    ("GET", "/api/cms/entities/{entity}/{object_id}/notes"): Rule(PER_ENTITY),
    ("POST", "/api/cms/entities/{entity}/{object_id}/notes"): Rule(PER_ENTITY),
    ("GET", f"{INBOX}/forms"): VIEW,
    ("POST", f"{INBOX}/forms"): MANAGE,
    ("POST", f"{INBOX}/forms/sorting"): MANAGE,
    ("GET", f"{INBOX}/forms/{{form}}"): VIEW,
    ("PUT", f"{INBOX}/forms/{{form}}"): MANAGE,
    ("DELETE", f"{INBOX}/forms/{{form}}"): MANAGE,
    ("POST", f"{INBOX}/forms/{{form}}/duplicate"): MANAGE,
    ("GET", f"{INBOX}/forms/{{form}}/fields"): VIEW,
    ("POST", f"{INBOX}/forms/{{form}}/fields"): MANAGE,
    ("POST", f"{INBOX}/forms/{{form}}/fields/sorting"): MANAGE,
    ("PUT", f"{INBOX}/forms/{{form}}/fields/{{field}}"): MANAGE,
    ("DELETE", f"{INBOX}/forms/{{form}}/fields/{{field}}"): MANAGE,
    ("GET", f"{INBOX}/forms/{{form}}/submissions"): VIEW,
    ("POST", f"{INBOX}/forms/{{form}}/submissions"): UPDATE,
    ("GET", f"{INBOX}/forms/{{form}}/submissions/export"): VIEW,
    ("GET", f"{INBOX}/submissions/{{submission}}"): VIEW,
    ("PUT", f"{INBOX}/submissions/{{submission}}"): UPDATE,
    ("POST", f"{INBOX}/submissions/{{submission}}/read"): VIEW,
    ("POST", f"{INBOX}/submissions/mass"): UPDATE,
    ("GET", f"{INBOX}/submissions/{{submission}}/files/{{file}}"): VIEW,
    ("GET", f"{INBOX}/statuses"): VIEW,
    ("POST", f"{INBOX}/statuses"): MANAGE,
    ("POST", f"{INBOX}/statuses/sorting"): MANAGE,
    ("PUT", f"{INBOX}/statuses/{{status}}"): MANAGE,
    ("DELETE", f"{INBOX}/statuses/{{status}}"): MANAGE,
    ("GET", f"{INBOX}/assignees"): VIEW,
    ("GET", SERVICES): SERVICES_VIEW,
    ("POST", SERVICES): SERVICES_MANAGE,
    ("POST", f"{SERVICES}/sorting"): SERVICES_MANAGE,
    ("GET", f"{SERVICES}/{{service}}"): SERVICES_VIEW,
    ("PUT", f"{SERVICES}/{{service}}"): SERVICES_MANAGE,
    ("DELETE", f"{SERVICES}/{{service}}"): SERVICES_MANAGE,
    ("POST", f"{SERVICES}/{{service}}/restore"): SERVICES_MANAGE,
    **category_routes(TOPICS, TOPICS_MANAGE, TOPICS_EDIT),
    **category_routes(HAPPENINGS, HAPPENINGS_MANAGE, HAPPENINGS_MANAGE),
    ("GET", f"{FAQ}/questions"): FAQ_VIEW,
    ("POST", f"{FAQ}/questions"): FAQ_MANAGE,
    ("POST", f"{FAQ}/questions/reorder"): FAQ_MANAGE,
    ("GET", f"{FAQ}/questions/{{question}}"): FAQ_VIEW,
    ("PUT", f"{FAQ}/questions/{{question}}"): FAQ_MANAGE,
    ("DELETE", f"{FAQ}/questions/{{question}}"): FAQ_MANAGE,
    ("POST", f"{FAQ}/questions/{{question}}/restore"): FAQ_MANAGE,
    **category_routes(f"{FAQ}/categories", FAQ_CATEGORIES, FAQ_VIEW),
    ("GET", PAGES): PAGES_VIEW,
    ("POST", PAGES): PAGES_MANAGE,
    ("GET", f"{PAGES}/menu"): PAGES_VIEW,
    ("PUT", f"{PAGES}/menu"): PAGES_MANAGE,
    ("GET", f"{PAGES}/{{page}}"): PAGES_VIEW,
    ("PUT", f"{PAGES}/{{page}}"): PAGES_MANAGE,
    ("DELETE", f"{PAGES}/{{page}}"): PAGES_MANAGE,
    ("POST", f"{PAGES}/{{page}}/publish"): PAGES_MANAGE,
    ("POST", f"{PAGES}/{{page}}/unpublish"): PAGES_MANAGE,
    ("POST", f"{PAGES}/{{page}}/discard"): PAGES_MANAGE,
    ("POST", f"{PAGES}/{{page}}/blocks"): PAGES_MANAGE,
    ("GET", f"{PAGES}/{{page}}/preview"): PAGES_VIEW,
    ("GET", f"{PAGES}/{{page}}/versions"): PAGES_VIEW,
    ("POST", f"{PAGES}/{{page}}/versions/{{number}}/restore"): PAGES_MANAGE,
    ("GET", f"{PAGES}/{{page}}/log"): PAGES_VIEW,
    ("POST", f"{PAGES}/{{page}}/restore"): PAGES_MANAGE,
}

# The block system (optional: its rows count only while it is installed). The editor's reads need
# any signed-in account and, for a token, blocks:read; a collection may ask more per picker.
BLOCKS = "/api/cms/blocks"
if apps.is_installed("frontdesk.blocks"):
    API[("GET", f"{BLOCKS}/types")] = Rule(None, scope="blocks:read")
    API[("GET", f"{BLOCKS}/pickers/{{collection}}/{{picker}}")] = Rule(None, scope="blocks:read")

# The events (optional; spec: events.view reads, events.manage writes, events.categories.manage
# the categories; editors read the categories' picker with events.view).
EVENTS = "/api/cms/events"
EVENTS_VIEW, EVENTS_MANAGE = Rule("events.view"), Rule("events.manage")
if apps.is_installed("frontdesk.events"):
    API.update(
        {
            ("GET", EVENTS): EVENTS_VIEW,
            ("POST", EVENTS): EVENTS_MANAGE,
            ("GET", f"{EVENTS}/{{event}}"): EVENTS_VIEW,
            ("PUT", f"{EVENTS}/{{event}}"): EVENTS_MANAGE,
            ("DELETE", f"{EVENTS}/{{event}}"): EVENTS_MANAGE,
            ("POST", f"{EVENTS}/{{event}}/restore"): EVENTS_MANAGE,
            ("POST", f"{EVENTS}/{{event}}/duplicate"): EVENTS_MANAGE,
            ("POST", f"{EVENTS}/{{event}}/publish"): EVENTS_MANAGE,
            ("POST", f"{EVENTS}/{{event}}/unpublish"): EVENTS_MANAGE,
            ("POST", f"{EVENTS}/{{event}}/discard"): EVENTS_MANAGE,
            ("GET", f"{EVENTS}/{{event}}/preview"): EVENTS_VIEW,
            ("GET", f"{EVENTS}/{{event}}/versions"): EVENTS_VIEW,
            ("POST", f"{EVENTS}/{{event}}/versions/{{number}}/restore"): EVENTS_MANAGE,
            ("GET", f"{EVENTS}/{{event}}/log"): EVENTS_VIEW,
            **category_routes(f"{EVENTS}/categories", Rule("events.categories.manage"), EVENTS_VIEW),
        }
    )

# Panel pages: every permission the page needs (the section's and the page's own).
PANEL: dict[str, tuple[str, ...]] = {
    "/cms/inbox/": ("inbox.view",),
    "/cms/inbox/forms/<int:form>/": ("inbox.view",),
    "/cms/inbox/forms/<int:form>/new-submission/": ("inbox.view", "inbox.update"),
    "/cms/inbox/submissions/<int:submission>/": ("inbox.view",),
    "/cms/inbox/forms/new/": ("inbox.view", "inbox.manage"),
    "/cms/inbox/forms/<int:form>/edit/": ("inbox.view", "inbox.manage"),
    "/cms/inbox/forms/<int:form>/embedding/": ("inbox.view", "inbox.manage"),
    "/cms/inbox/statuses/": ("inbox.view", "inbox.manage"),
    "/cms/services/": ("services.view",),
    "/cms/services/bin/": ("services.view",),
    "/cms/services/new/": ("services.view", "services.manage"),
    "/cms/services/<int:service>/": ("services.view", "services.manage"),
    "/cms/pictures/": ("core.pictures.manage",),
    "/cms/profile/": (),
    "/cms/accounts/": ("core.accounts.manage",),
    "/cms/tokens/": ("core.tokens.manage",),
    "/cms/settings/": ("core.settings.manage",),
    "/cms/settings/<slug:group>/": ("core.settings.manage",),
    "/cms/design/": ("core.design.view",),
    "/cms/testapp-topics/": ("testapp.topics.manage",),
    "/cms/testapp-topics/bin/": ("testapp.topics.manage",),
    "/cms/testapp-happenings/": ("testapp.happenings.manage",),
    "/cms/testapp-happenings/bin/": ("testapp.happenings.manage",),
    "/cms/pages/": ("pages.view",),
    "/cms/pages/<int:page>/": ("pages.view",),
    "/cms/faq/questions/": ("faq.view",),
    "/cms/faq/questions/bin/": ("faq.view",),
    "/cms/faq/questions/new/": ("faq.view", "faq.manage"),
    "/cms/faq/questions/<int:question>/": ("faq.view",),
    "/cms/faq/categories/": ("faq.categories.manage",),
    "/cms/faq/categories/bin/": ("faq.categories.manage",),
    "/cms/events/": ("events.view",),
    "/cms/events/<int:event>/": ("events.view",),
    "/cms/events/categories/": ("events.categories.manage",),
    "/cms/events/categories/bin/": ("events.categories.manage",),
}
if apps.is_installed("frontdesk.blocks"):
    PANEL["/cms/block-types/"] = ("blocks.manage",)


def left_out(*needs: str | None) -> bool:
    """Whether a permission or scope named belongs to an optional app this run leaves out."""
    labels = {need.replace(":", ".").split(".", 1)[0] for need in needs if need}
    return any(label in OPTIONAL_APPS and not apps.is_installed(f"frontdesk.{label}") for label in labels)


# The optional apps (FRONTDESK_WITHOUT, docs/host.md "Optional apps"): the rows of an app left out
# of this run are dropped, so a reduced run walks every route that is there and lists no other.
API = {key: rule for key, rule in API.items() if not left_out(rule.permission, rule.scope)}
PANEL = {page: needs for page, needs in PANEL.items() if not left_out(*needs)}

# Public pages a signed link opens (publishing/preview.py): the page -> the permissions of the type the
# link names. The sample link (`token`) previews a test notice (tests/testapp), a type behind
# testapp.change_notice. Signed out: the login page, as the panel's; without them: 403.
SIGNED: dict[str, tuple[str, ...]] = {
    "/preview/<str:token>/": ("testapp.change_notice",),
}
SIGNED_VIEWS = {"frontdesk.publishing.preview.preview_page"}

# Note entities: (permission to read the notes, permission to add one).
NOTE_ENTITIES: dict[str, tuple[str, str]] = {
    "inbox_submission": ("inbox.view", "inbox.update"),
}


def scope_of(rule: Rule, method: str, permission: str | None) -> str | None:
    """The scope a token needs: the row's own, else `<app>:read|write` of the permission."""
    if rule.scope or permission is None:
        return rule.scope
    return f"{permission.split('.', 1)[0]}:{'read' if method == 'GET' else 'write'}"


@dataclass(frozen=True)
class Route:
    door: str  # "panel" or "api"
    method: str
    template: str
    permissions: tuple[str, ...]  # all needed; empty = any logged-in account
    scope: str | None = None  # what a token needs (API only); None = any token

    def address(self, samples: dict[str, object]) -> str:
        def fill(match: re.Match) -> str:
            name = match.group(1) or match.group(2)
            if name not in samples:
                raise AssertionError(f"{self.method} {self.template}: no sample value for {name!r}")
            return str(samples[name])

        return PARAMETER.sub(fill, self.template)


def _walk(patterns, prefix: str = "") -> Iterator[tuple[str, Any]]:  # views carry their panel marks
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            yield route, pattern.callback


def declared_panel() -> dict[str, tuple[str, ...]]:
    """Every panel page with the permissions its section and its view declare."""
    declared = {}
    for template, view in _walk(get_resolver().url_patterns):
        section_key = getattr(view, "panel_section", None)
        if section_key is not None:
            section = SECTIONS[section_key]
            permissions = tuple(p for p in (section.permission, view.panel_permission) if p)
            declared["/" + template.lstrip("^").rstrip("$")] = permissions
    return declared


def declared_signed() -> set[str]:
    """Every page whose view answers a signed link."""
    return {
        "/" + template.lstrip("^").rstrip("$")
        for template, view in _walk(get_resolver().url_patterns)
        if f"{getattr(view, '__module__', '')}.{getattr(view, '__name__', '')}" in SIGNED_VIEWS
    }


def declared_api() -> dict[tuple[str, str], tuple[str | None, str | None]]:
    """Every API operation with the permission and scope it declares in the OpenAPI document."""
    return {
        (method.upper(), path): (operation.get("x-permission"), operation.get("x-scope"))
        for path, operations in api.get_openapi_schema()["paths"].items()
        for method, operation in operations.items()
    }


def table_problems(
    declared_api: dict[tuple[str, str], tuple[str | None, str | None]],
    declared_panel: dict[str, tuple[str, ...]],
    entities: dict[str, tuple[str, str]],
    signed: set[str] | None = None,
) -> list[str]:
    """Where the routes' declarations and the tables disagree (empty = they agree)."""
    problems = []
    for page in sorted((signed or set()) ^ (SIGNED.keys() if signed is not None else set())):
        problems.append(f"{page}: a signed-link page and the table (tests/matrix.py, SIGNED) must match")
    for key in sorted(declared_api.keys() - API.keys()):
        problems.append(f"{' '.join(key)}: not in the table (tests/matrix.py, API)")
    for key in sorted(API.keys() - declared_api.keys()):
        problems.append(f"{' '.join(key)}: in the table, but no such route")
    for key in sorted(declared_api.keys() & API.keys()):
        rule = API[key]
        documented_scope = None if rule.permission == PER_ENTITY else scope_of(rule, key[0], rule.permission)
        if declared_api[key] != (rule.permission, documented_scope):
            problems.append(
                f"{' '.join(key)}: declares {declared_api[key]}, the table says {(rule.permission, documented_scope)}"
            )
    for page in sorted(declared_panel.keys() - PANEL.keys()):
        problems.append(f"{page}: not in the table (tests/matrix.py, PANEL)")
    for page in sorted(PANEL.keys() - declared_panel.keys()):
        problems.append(f"{page}: in the table, but no such page")
    for page in sorted(declared_panel.keys() & PANEL.keys()):
        if set(declared_panel[page]) != set(PANEL[page]):
            problems.append(f"{page}: declares {declared_panel[page]}, the table says {PANEL[page]}")
    for entity in sorted(entities.keys() ^ NOTE_ENTITIES.keys()):
        problems.append(f"note entity {entity}: registered and tabled must match")
    for entity in sorted(entities.keys() & NOTE_ENTITIES.keys()):
        if entities[entity] != NOTE_ENTITIES[entity]:
            problems.append(
                f"note entity {entity}: declares {entities[entity]}, the table says {NOTE_ENTITIES[entity]}"
            )
    return problems


def panel_routes() -> list[Route]:
    return [Route("panel", "GET", page, permissions) for page, permissions in PANEL.items()] + [
        Route("signed", "GET", page, permissions) for page, permissions in SIGNED.items()
    ]


def api_routes(samples: dict[str, object]) -> list[Route]:
    routes = []
    for (method, path), rule in API.items():
        permission = rule.permission
        if permission == PER_ENTITY:
            entity = notes.get_entity(str(samples["entity"]))
            permission = entity.view_permission if method == "GET" else entity.add_permission
        needed = (permission,) if permission else ()
        routes.append(Route("api", method, path, needed, scope_of(rule, method, permission)))
    return routes


def declared_permissions() -> list[str]:
    return sorted(
        f"{p.content_type.app_label}.{p.codename}"
        for p in Permission.objects.filter(content_type__model="access").select_related("content_type")
    )


def call(client: Client, route: Route, samples: dict[str, object], **headers):
    address = route.address(samples)
    if route.method in {"GET", "DELETE"}:
        return getattr(client, route.method.lower())(address, **headers)
    bodies: dict = samples.get("bodies", {})  # type: ignore[assignment]
    made = bodies.get((route.method, route.template))
    body = made() if made else {}
    return getattr(client, route.method.lower())(address, body, content_type="application/json", **headers)


def in_walking_order(routes: list[Route]) -> list[Route]:
    """The routes with the deletions after the rest and the restores last, so a role's calls find
    the sample records in place and leave them there for the next role."""

    def stage(route: Route) -> int:
        out_of_the_bin = route.template.endswith("/restore") and "/versions/" not in route.template
        return 2 if out_of_the_bin else 1 if route.method == "DELETE" else 0

    return sorted(routes, key=stage)


def _body(response) -> str:
    raw = b"".join(response.streaming_content) if response.streaming else response.content
    return raw.decode(errors="replace")


def _leaks(response, user, scopes: list[str] | None, private: dict[str, list[str]]) -> list[str]:
    """The private texts in the answer that this caller may not read."""
    body = _body(response)
    found = []
    for readers, texts in private.items():
        if not any(_may_read(user, scopes, reader) for reader in readers.split("|")):
            found += [text for text in texts if text in body]
    return found


def _may_read(user, scopes: list[str] | None, reader: str) -> bool:
    """Whether a caller reads what `reader` guards: a permission (a token also needs its app's
    `:read`), or a scope alone (any account; a token needs the scope)."""
    if user is None:
        return False
    if ":" in reader:
        return scopes is None or reader in scopes
    return user.has_perm(reader) and (scopes is None or f"{reader.split('.', 1)[0]}:read" in scopes)


def walk_matrix(make_user, samples: dict[str, object]) -> list[str]:
    """Calls every route as every role; returns the list of broken expectations (empty = pass)."""
    routes = in_walking_order(panel_routes() + api_routes(samples))
    private: dict[str, list[str]] = samples.get("private", {})  # type: ignore[assignment]
    roles: list[tuple[str, User | None]] = [("anonymous", None), ("no permission", make_user())]
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
                    route.door != "api" and "/cms/login/" not in response.headers.get("Location", "")
                ):
                    problems.append(f"{label} (anonymous must get {wanted_anonymous})")
            elif all(user.has_perm(p) for p in route.permissions):
                if status in {401, 403}:
                    problems.append(f"{label} (has the permission, was refused)")
            elif status != 403:
                problems.append(f"{label} (lacks {', '.join(route.permissions)}, must get 403)")
            if leaked := _leaks(response, user, None, private):
                problems.append(f"{label} (shows {leaked} to a caller who may not read it)")
    return problems + _walk_tokens(make_user, routes, samples, private)


def _walk_tokens(make_user, routes: list[Route], samples: dict[str, object], private) -> list[str]:
    """A superuser's tokens: without a route's scope refused, with only that scope let in."""
    owner = make_user(is_superuser=True, is_staff=True)
    secrets: dict[tuple[str, ...], str] = {}

    def bearer(scopes: list[str]) -> dict[str, str]:
        key = tuple(sorted(scopes))
        if key not in secrets:
            secrets[key] = ApiToken.issue(owner, "matrix", list(key))[1]
        return {"HTTP_AUTHORIZATION": f"Bearer {secrets[key]}"}

    problems = []
    for route in (route for route in routes if route.door == "api"):
        cases = [([route.scope] if route.scope else [], True)]
        if route.scope:
            cases.append(([scope for scope in known_scopes() if scope != route.scope], False))
        for scopes, allowed in cases:
            response = call(Client(), route, samples, **bearer(scopes))
            status = response.status_code
            label = (
                f"{route.method} {route.address(samples)} with a token of {scopes or 'no scope'}: {status}"
            )
            if status >= 500:
                problems.append(f"{label} (server error)")
            elif allowed and status in {401, 403}:
                problems.append(f"{label} (carries {route.scope or 'what it needs'}, was refused)")
            elif not allowed and status != 403:
                problems.append(f"{label} (lacks {route.scope}, must get 403)")
            if leaked := _leaks(response, owner, scopes, private):
                problems.append(f"{label} (shows {leaked} to a token that may not read it)")
    return problems
