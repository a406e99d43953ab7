"""core/errors: one table from an operation's error to what every door tells its caller."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.test import RequestFactory

from frontdesk.core.errors import KNOWN, Conflict, InUse, NotFound, problem
from frontdesk.core.mcp.calls import Refusal, _call
from frontdesk.core.mcp.registry import ToolSpec
from frontdesk.core.middleware import NotFoundMiddleware
from frontdesk.inbox.models import Form

SOURCE = Path(__file__).resolve().parents[2] / "src" / "frontdesk"


@pytest.mark.parametrize(
    ("error", "status", "message"),
    [
        (ValidationError({"slug": ["Taken."]}), 422, "Some values are not valid."),
        (PermissionDenied(), 403, "You may not do this."),
        (PermissionDenied("Only managers may do this."), 403, "Only managers may do this."),
        (NotFound("There is no form 7."), 404, "There is no form 7."),
        (Http404(), 404, "There is no such record."),
        (Form.DoesNotExist("Form matching query does not exist."), 404, "There is no such record."),
        (Conflict(), 409, "Someone else changed this in the meantime."),
    ],
)
def test_each_error_has_one_status_and_sentence(error, status, message):
    meaning = problem(error)
    assert (meaning.status, meaning.message) == (status, message)


def test_a_refused_value_keeps_its_field_and_a_fault_is_no_problem():
    assert problem(ValidationError({"slug": ["Taken."]})).errors == {"slug": ["Taken."]}
    assert problem(ValidationError("Pick one.")).errors == {"__all__": ["Pick one."]}
    assert problem(RuntimeError("a fault")) is None and RuntimeError not in KNOWN


@pytest.mark.parametrize(
    "error", [NotFound("There is no form 7."), Conflict("Reload first."), PermissionDenied()]
)
def test_an_agent_tool_refuses_with_the_same_words_as_the_api(error):
    def operation(actor):
        raise error

    spec = ToolSpec(name="probe", fn=operation, scope="read", permission=None, description="")
    with pytest.raises(Refusal) as refused:
        _call(spec, None, {}, dry_run=False)
    assert refused.value.body["message"] == problem(error).message


def test_in_use_is_one_409_with_the_count_and_the_places_for_the_api_and_the_tools():
    """Categories (count only) and pictures (count and places) refuse with the same error."""
    counted = problem(InUse("The category Shipping holds 3 items.", count=3))
    placed = problem(InUse("This picture is used in 2 places.", count=2, uses=["Posters: A", "Pages: B"]))
    assert (counted.status, counted.in_use, counted.uses) == (409, 3, None)
    assert (placed.status, placed.in_use, placed.uses) == (409, 2, ["Posters: A", "Pages: B"])

    def operation(actor):
        raise InUse("This picture is used in 2 places.", count=2, uses=["Posters: A", "Pages: B"])

    spec = ToolSpec(name="probe", fn=operation, scope="read", permission=None, description="")
    with pytest.raises(Refusal) as refused:
        _call(spec, None, {}, dry_run=False)
    assert refused.value.body == {
        "message": "This picture is used in 2 places.",
        "in_use": 2,
        "uses": ["Posters: A", "Pages: B"],
    }
    assert refused.value.text().splitlines() == [
        "This picture is used in 2 places.",
        "- Posters: A",
        "- Pages: B",
    ]


@pytest.mark.django_db  # the 404 page's layout reads the SEO settings
def test_a_page_whose_operation_finds_nothing_answers_404_not_500(settings):
    assert "frontdesk.core.middleware.NotFoundMiddleware" in settings.MIDDLEWARE  # the site runs it
    request = RequestFactory().get("/cms/inbox/forms/7/")
    response = NotFoundMiddleware(lambda request: None).process_exception(
        request, NotFound("There is no form 7.")
    )
    assert response.status_code == 404


def test_no_operation_raises_or_imports_an_http_type():
    modules = [
        *SOURCE.glob("*/operations/*.py"),
        *SOURCE.glob("*/operations.py"),
        SOURCE / "core" / "notes.py",
    ]
    assert modules
    importers = []
    for module in modules:
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("django.http"):
                importers.append(str(module.relative_to(SOURCE)))
    assert importers == []
