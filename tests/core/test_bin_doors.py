"""The bin's doors built for one kind of row (core/bin/doors): the API's DELETE and POST
.../restore pair, named as a module's own views, and the agent tool that puts a row in the bin;
on the test app's crates."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from ninja import NinjaAPI

from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.bin.doors import bin_routes, bin_tool
from frontdesk.core.errors import NotFound
from frontdesk.core.mcp.registry import TOOLS, get_tool
from tests.testapp.models import Crate

pytestmark = pytest.mark.django_db

PERMISSION = "testapp.delete_crate"


def find(pk: int) -> Crate:
    crate = Crate.objects.filter(pk=pk).first()
    if crate is None:
        raise NotFound("There is no crate.")
    return crate


def find_in_bin(pk: int) -> Crate:
    crate = Crate.all_objects.in_bin().filter(pk=pk).first()
    if crate is None:
        raise NotFound("There is no crate in the bin.")
    return crate


def crate_out(actor, crate: Crate) -> dict:
    return {"id": crate.pk, "name": crate.name, "in_bin": crate.deleted_at is not None}


def crates_router() -> PanelRouter:
    from frontdesk.core.bin.operations import put_in_bin, restore

    router = PanelRouter(tags=["crates"])
    bin_routes(
        router,
        "/{crate}",
        module="tests.crates.api",
        noun="crate",
        permission=PERMISSION,
        scope="account:write",
        find=find,
        find_in_bin=find_in_bin,
        put_in_bin=lambda crate, *, actor: put_in_bin(actor, crate),
        restore=lambda crate, *, actor: restore(actor, crate),
        restored=crate_out,
        response=dict,
        summaries=("Put a crate in the bin", "Take a crate out of the bin"),
        bin_options={"description": "Gone from every list."},
    )
    return router


def views(router: PanelRouter) -> dict[tuple[str, str], object]:
    return {
        (path, method): operation.view_func
        for path, path_view in router.path_operations.items()
        for operation in path_view.operations
        for method in operation.methods
    }


def test_the_pair_is_named_as_the_modules_own_views():
    api = NinjaAPI(urls_namespace="bin-doors-test")
    api.add_router("/crates", crates_router())
    schema = api.get_openapi_schema(path_prefix="/api/")
    delete = schema["paths"]["/api/crates/{crate}"]["delete"]
    restore = schema["paths"]["/api/crates/{crate}/restore"]["post"]
    assert delete["operationId"] == "tests_crates_api_delete_crate"
    assert restore["operationId"] == "tests_crates_api_restore_crate"
    assert (delete["summary"], delete["description"]) == ("Put a crate in the bin", "Gone from every list.")
    assert delete["x-permission"] == restore["x-permission"] == PERMISSION
    assert [p["name"] for p in delete["parameters"]] == ["crate"]


def test_delete_puts_the_row_in_the_bin_and_restore_takes_it_out(make_user):
    keeper = make_user(PERMISSION)
    crate = Crate.objects.create(name="Apples")
    by_route = views(crates_router())
    request = RequestFactory().delete("/")
    request.user = keeper
    answer = by_route[("/{crate}", "DELETE")](request, crate=crate.pk)
    assert answer.status_code == 204
    assert not Crate.objects.filter(pk=crate.pk).exists()
    with pytest.raises(NotFound):  # already in the bin: not found by the delete
        by_route[("/{crate}", "DELETE")](request, crate=crate.pk)
    restored = by_route[("/{crate}/restore", "POST")](request, crate=crate.pk)
    assert restored == {"id": crate.pk, "name": "Apples", "in_bin": False}
    assert Crate.objects.filter(pk=crate.pk).exists()
    with pytest.raises(NotFound):  # not in the bin: not found by the restore
        by_route[("/{crate}/restore", "POST")](request, crate=crate.pk)


def test_the_bin_tool_finds_the_row_and_answers_it_binned(make_user):
    from frontdesk.core.bin.operations import put_in_bin

    keeper = make_user(PERMISSION)
    crate = Crate.objects.create(name="Pears")
    tool = bin_tool(
        "crates_delete",
        parameter="crate",
        reference=int,
        find=find,
        put_in_bin=lambda crate, *, actor: put_in_bin(actor, crate),
        binned=crate_out,
        scope="account:write",
        permission=PERMISSION,
        description="Put a crate in the bin.",
    )
    with TOOLS.temporarily("crates_delete", tool):
        spec = get_tool("crates_delete")
        assert spec is not None and spec.changes
        assert spec.fn(keeper, crate=crate.pk) == {
            "binned": {"id": crate.pk, "name": "Pears", "in_bin": True}
        }
