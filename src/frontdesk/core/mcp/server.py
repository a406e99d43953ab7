"""The MCP server at /api/cms/mcp: the official SDK's MCPServer over our token table and registry.

Owns the HTTP side: stateless streamable HTTP with JSON responses, bearer tokens checked against
`ApiToken` (401 before any MCP message is read), the Host/Origin list derived from ALLOWED_HOSTS,
and the lifespan of the returned app (core/mcp/bridge.py runs it, once per process). The tools and
resources come from frontdesk.core.mcp.registry and are mirrored onto the SDK server whenever the
registry changes; each call runs through frontdesk.core.mcp.calls.
"""

from __future__ import annotations

import inspect
import json
import threading
from copy import copy
from importlib import metadata
from typing import Annotated, Any
from urllib.parse import urlsplit

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections
from django.utils.translation import gettext as _
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, Resource, ResourceTemplate, Tool, ToolAnnotations
from pydantic import AnyHttpUrl, BaseModel, ConfigDict, Field, PlainValidator, ValidationError, create_model
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from frontdesk.core.conf import host_settings
from frontdesk.core.inputs import NOT_GIVEN, Input, keyed_errors, not_given
from frontdesk.core.mcp import calls, registry
from frontdesk.core.models import ApiToken

try:
    VERSION = metadata.version("frontdesk")
except metadata.PackageNotFoundError:  # running from a source tree that was never installed
    VERSION = ""
INSTRUCTIONS = (
    "frontdesk: the staff side of a website's inbox, FAQ and events. Every tool acts as the account "
    "that owns the bearer token, within the token's scopes and the account's permissions. Tools that "
    "change data accept dry_run=true to report what would change without changing anything."
)
DRY_RUN_HELP = "true: check and report what would change, then undo it; nothing is saved or sent."


# --- Tokens ------------------------------------------------------------------------------------


def _verify(secret: str) -> AccessToken | None:
    close_old_connections()
    try:
        token = ApiToken.objects.find(secret)
        if token is None:
            return None
        token.touch()
        return AccessToken(
            # The SDK keeps this string with the request; the secret itself stays out of it.
            token=f"apitoken:{token.pk}",
            client_id=str(token.pk),
            subject=str(token.account_id),
            scopes=list(token.scopes),
            expires_at=int(token.expires_at.timestamp()) if token.expires_at else None,
        )
    finally:
        close_old_connections()


class ApiTokenVerifier:
    """The SDK's TokenVerifier over `ApiToken`: unknown, expired or revoked secrets answer 401."""

    async def verify_token(self, token: str) -> AccessToken | None:
        # Not thread-sensitive: no request thread owns this work, and one shared thread would
        # queue every agent behind the others. Each call closes what it opened (see _verify).
        return await sync_to_async(_verify, thread_sensitive=False)(token)


def _token_id() -> int | None:
    access = get_access_token()
    return int(access.client_id) if access is not None else None


# --- Hosts -------------------------------------------------------------------------------------


def transport_security() -> TransportSecuritySettings:
    """The site's own hosts and origins, from ALLOWED_HOSTS (the SDK's default admits only localhost).

    Each host is listed bare and with any port (`example.com:*`), each origin over http and https.
    `*` turns the check off, as it does Django's. `.example.com` admits example.com itself; the SDK
    matches no subdomain patterns, so list subdomains that serve the MCP address one by one.
    """
    hosts: list[str] = []
    for entry in settings.ALLOWED_HOSTS:
        if entry == "*":
            return TransportSecuritySettings(enable_dns_rebinding_protection=False)
        host = entry.lower().lstrip(".")
        if host and host not in hosts:
            hosts += [host, f"{host}:*"]
    origins = [f"{scheme}://{host}" for host in hosts for scheme in ("http", "https")]
    for origin in [settings.BASE_URL, *getattr(settings, "CSRF_TRUSTED_ORIGINS", [])]:
        parts = urlsplit(origin)
        if parts.scheme and parts.netloc and "*" not in parts.netloc:
            origins.append(f"{parts.scheme}://{parts.netloc}".lower())
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=sorted(set(origins))
    )


# --- Tools and resources -----------------------------------------------------------------------


def _left_out_kept(info: FieldInfo) -> FieldInfo:
    """A model field as a tool parameter: required as in the model, otherwise defaulting to
    NOT_GIVEN, so the call knows what the caller left out (the model's own default would hide it),
    and the schema shows no default (a change keeps what it does not name)."""
    if info.is_required():
        return info
    parameter = copy(info)
    parameter.default = PydanticUndefined
    parameter.default_factory = not_given
    return parameter


def _call_signature(fn, *, dry_run: bool, inputs: tuple[str, type[Input]] | None = None) -> inspect.Signature:
    """The function's parameters without `actor` (plus `dry_run`): the tool's input schema. The
    input model's parameter is replaced by one parameter per field of the model."""
    signature = inspect.signature(fn, eval_str=True)
    params: list[inspect.Parameter] = []
    for param in list(signature.parameters.values())[1:]:
        if inputs is not None and param.name == inputs[0]:
            params += [
                inspect.Parameter(
                    name, param.KEYWORD_ONLY, annotation=Annotated[info.annotation, _left_out_kept(info)]
                )
                for name, info in inputs[1].model_fields.items()
            ]
        else:
            params.append(param.replace(kind=param.KEYWORD_ONLY))
    if dry_run:
        params.append(
            inspect.Parameter(
                "dry_run",
                inspect.Parameter.KEYWORD_ONLY,
                default=False,
                annotation=Annotated[bool, Field(description=DRY_RUN_HELP)],
            )
        )
    # No return annotation: the call hands the SDK a finished CallToolResult.
    return inspect.Signature(params)


def _refusal(error: ValidationError) -> calls.Refusal:
    """The tools' usual refusal of values a model refused: a line per field, in the panel's words
    (not pydantic's own report, which the SDK would send)."""
    errors = keyed_errors((item["loc"], item["type"], item["msg"]) for item in error.errors())
    return calls.Refusal(_("Some values are not valid."), errors)


def _arguments_model(spec: registry.ToolSpec) -> type[BaseModel]:
    """The tool's parameters as one strict model, the one its listed schema shows: a value of the
    wrong JSON type is refused ("yes" is no boolean, true no number), as the API's inputs are."""
    signature = _call_signature(spec.fn, dry_run=spec.changes, inputs=spec.inputs)
    fields: dict[str, Any] = {
        param.name: param.annotation if param.default is param.empty else (param.annotation, param.default)
        for param in signature.parameters.values()
    }
    return create_model(f"{spec.name}_arguments", __config__=ConfigDict(strict=True), **fields)


def _as_sent(value: Any) -> Any:
    return value


def _unchecked(model: type[ArgModelBase]) -> type[ArgModelBase]:
    """The SDK's argument model with its checks taken out: each argument is handed on as sent
    (NOT_GIVEN when left out) for the tool's own model to judge (_arguments_model), so a wrong
    one gets the tools' usual refusal. A text parameter stays `str` (without its checks), since
    the SDK reads a JSON text sent as a string into a value for the other parameters only."""
    fields: dict[str, Any] = {
        name: (
            Annotated[str, PlainValidator(_as_sent)] if info.annotation is str else Any,
            Field(default_factory=not_given),
        )
        for name, info in model.model_fields.items()
    }
    return create_model(model.__name__, __base__=ArgModelBase, **fields)


def _tool_function(spec: registry.ToolSpec):
    arguments_model = _arguments_model(spec)

    async def call(**arguments: Any) -> CallToolResult:
        token_id = _token_id()
        if token_id is None:  # the bearer middleware answers 401 first; this is a second lock
            return calls.tool_refusal(calls.Refusal(_("Send a valid bearer token.")))
        if registry.get_tool(spec.name) != spec:  # unregistered or replaced since the listing
            return calls.tool_refusal(calls.Refusal(_("This tool is not available.")))
        try:
            checked = arguments_model.model_validate(
                {name: value for name, value in arguments.items() if value is not NOT_GIVEN}
            )
        except ValidationError as error:
            return calls.tool_refusal(_refusal(error))
        arguments = {name: getattr(checked, name) for name in arguments_model.model_fields}
        dry_run = bool(arguments.pop("dry_run", False)) if spec.changes else False
        try:
            if spec.inputs is not None:
                arguments = _gather(spec.inputs, arguments)
            value = await sync_to_async(calls.run, thread_sensitive=False)(spec, token_id, arguments, dry_run)
        except calls.Refusal as refusal:
            return calls.tool_refusal(refusal)
        return calls.tool_result(value)

    call.__name__ = spec.name
    call.__doc__ = spec.described()
    call.__annotations__ = {}  # the SDK looks for a Context parameter in these
    call.__signature__ = _call_signature(spec.fn, dry_run=spec.changes, inputs=spec.inputs)  # type: ignore[attr-defined]
    return call


def _gather(inputs: tuple[str, type[Input]], arguments: dict[str, Any]) -> dict[str, Any]:
    """The arguments with the input model's fields put back into one model instance.

    The SDK has checked each field already; the model checks again what spans its fields (and the
    NUL characters at its top level), and remembers which fields the caller gave."""
    name, model = inputs
    given = {key: arguments.pop(key) for key in model.model_fields if key in arguments}
    try:
        arguments[name] = model.model_validate({k: v for k, v in given.items() if v is not NOT_GIVEN})
    except ValidationError as error:
        raise _refusal(error) from None
    return arguments


def _description(spec: registry.ToolSpec) -> str:
    needs = f"Needs the token scope {spec.scope}"
    needs += f" and the permission {spec.permission}." if spec.permission else "."
    text = f"{spec.described()}\n\n{needs}"
    if spec.changes:
        text += " Pass dry_run=true to see what would change without changing anything."
    return text


def _resource_function(spec: registry.ResourceSpec):
    async def read(**params: Any) -> str:
        token_id = _token_id()
        # The registry's current entry, not the captured one: the SDK keeps the first resource
        # added at an address, so a re-registration is honoured here.
        current = registry.get_resource(spec.uri)
        if token_id is None or current is None:
            raise ResourceError(f"Unknown resource: {spec.uri}")
        try:
            value = await sync_to_async(calls.run, thread_sensitive=False)(current, token_id, params)
        except calls.Refusal as refusal:
            raise ResourceError(refusal.text()) from None
        return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, indent=2)

    read.__name__ = spec.name
    read.__doc__ = spec.described()
    read.__annotations__ = {}
    read.__signature__ = _call_signature(spec.fn, dry_run=False)  # type: ignore[attr-defined]
    return read


class FrontdeskMCP(MCPServer):
    """MCPServer whose tools and resources follow the registry, even when it changes after start-up.

    Tools are added and removed through the SDK's own add_tool/remove_tool. The SDK cannot remove
    or replace a resource, so the listings below leave out any the registry no longer holds, and
    a read runs whatever the registry holds at that address now (see _resource_function).
    """

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._mirrored_version = -1
        self._mirrored_tools: dict[str, registry.ToolSpec] = {}
        self._mirrored_resources: set[str] = set()
        self._mirror_lock = threading.Lock()

    def mirror_registry(self) -> None:
        if self._mirrored_version == registry.version():
            return
        with self._mirror_lock:
            version = registry.version()
            wanted = {spec.name: spec for spec in registry.registered_tools()}
            for name, spec in list(self._mirrored_tools.items()):
                if wanted.get(name) != spec:
                    self.remove_tool(name)
                    del self._mirrored_tools[name]
            for name, spec in wanted.items():
                if name not in self._mirrored_tools:
                    self.add_tool(
                        _tool_function(spec),
                        name=spec.name,
                        description=_description(spec),
                        annotations=ToolAnnotations(read_only_hint=not spec.changes),
                        meta={"frontdesk/scope": spec.scope, "frontdesk/permission": spec.permission},
                        structured_output=False,
                    )
                    tool = self._tool_manager.get_tool(spec.name)
                    assert tool is not None
                    # Read live by the SDK (FuncMetadata): the listed schema stays the model's.
                    tool.fn_metadata.arg_model = _unchecked(tool.fn_metadata.arg_model)
                    self._mirrored_tools[name] = spec
            for resource in registry.registered_resources():
                if resource.uri not in self._mirrored_resources:
                    self.resource(
                        resource.uri,
                        name=resource.name,
                        description=resource.described(),
                        mime_type=resource.mime_type,
                    )(_resource_function(resource))
                    self._mirrored_resources.add(resource.uri)
            self._mirrored_version = version

    async def list_tools(self) -> list[Tool]:
        """The SDK's list with each description rendered now: a description that is a function
        (registry.Description) follows the settings it names without a restart."""
        listed = await super().list_tools()
        specs = {spec.name: spec for spec in registry.registered_tools()}
        return [
            item.model_copy(update={"description": _description(specs[item.name])})
            if item.name in specs
            else item
            for item in listed
        ]

    async def list_resources(self) -> list[Resource]:
        listed = []
        for item in await super().list_resources():
            spec = registry.get_resource(str(item.uri))
            if spec is not None:
                listed.append(item.model_copy(update={"description": spec.described()}))
        return listed

    async def list_resource_templates(self) -> list[ResourceTemplate]:
        listed = []
        for item in await super().list_resource_templates():
            spec = registry.get_resource(item.uri_template)
            if spec is not None:
                listed.append(item.model_copy(update={"description": spec.described()}))
        return listed


def build_mcp_server() -> FrontdeskMCP:
    """The MCP server with the registry's tools and resources (what `tools/list` answers)."""
    server = FrontdeskMCP(
        name="frontdesk",
        version=VERSION,
        instructions=INSTRUCTIONS,
        token_verifier=ApiTokenVerifier(),
        # Resource server only: no OAuth routes, no metadata address (our tokens come from
        # `frontdesk token create` or the panel, not from an authorization server).
        auth=AuthSettings(issuer_url=AnyHttpUrl(settings.BASE_URL), resource_server_url=None),
    )
    server.mirror_registry()
    return server


def build_mcp_app() -> ASGIApp:
    """The ASGI app core/serving.py routes FRONTDESK["mcp"]["path"] to; it receives the full path."""
    path = host_settings("mcp")["path"].rstrip("/")
    server = build_mcp_server()
    starlette_app = server.streamable_http_app(
        # The bridge passes the path through unchanged (no root_path), so the route is the full path.
        streamable_http_path=path,
        stateless_http=True,
        json_response=True,
        transport_security=transport_security(),
    )

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        # Lifespan goes straight through: it starts the session manager's task group.
        if scope["type"] == "http":
            if scope["method"] == "GET":
                # A stateless server never pushes anything, so the SDK's GET stream would stay
                # open and silent for ever; the spec's answer for "no stream here" is 405.
                await PlainTextResponse("Use POST.", status_code=405, headers={"Allow": "POST"})(
                    scope, receive, send
                )
                return
            server.mirror_registry()
        await starlette_app(scope, receive, send)

    return app
