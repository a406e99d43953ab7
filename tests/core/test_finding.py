"""The host's one finding rule (core/finding.find): an id, or an address by field or by function;
anything that names no row of the set is the host's NotFound, with the module's sentence."""

from __future__ import annotations

import pytest

from frontdesk.core.errors import NotFound
from frontdesk.core.finding import find
from tests.testapp.models import SnippetGroup

pytestmark = pytest.mark.django_db


@pytest.fixture
def group() -> SnippetGroup:
    return SnippetGroup.objects.create(slug="tips", name="Tips")


@pytest.mark.parametrize("key", ["id", "id as text", "id with spaces"])
def test_an_id_finds_the_row(group, key):
    given = {"id": group.pk, "id as text": str(group.pk), "id with spaces": f" {group.pk} "}[key]
    assert find(SnippetGroup.objects.all(), given) == group


def test_an_address_finds_by_its_field_or_function(group):
    rows = SnippetGroup.objects.all()
    assert find(rows, "tips", address="slug") == group
    assert (
        find(rows, "/groups/tips", address=lambda text: group.pk if text.endswith("/tips") else None) == group
    )


def test_the_set_decides_what_is_found(group):
    with pytest.raises(NotFound):
        find(SnippetGroup.objects.filter(hidden=True), group.pk)


@pytest.mark.parametrize(
    "key", [999_999, "999999", 0, -1, 2**63, "9" * 30, True, "tips", "", None, 1.0], ids=repr
)
def test_what_names_no_row_is_not_found(group, key):
    with pytest.raises(NotFound) as missing:
        find(SnippetGroup.objects.all(), key, what="There is no group %(key)s.")
    assert str(missing.value) == f"There is no group {str(key).strip()}."


def test_an_address_without_a_rule_for_addresses_is_not_found(group):
    with pytest.raises(NotFound):
        find(SnippetGroup.objects.all(), "tips")
    with pytest.raises(NotFound) as missing:
        find(SnippetGroup.objects.all(), "elsewhere", address=lambda text: None)
    assert str(missing.value) == "There is no such record."


def test_a_long_key_is_cut_in_the_refusal(group):
    with pytest.raises(NotFound) as missing:
        find(SnippetGroup.objects.all(), "x" * 5000, address="slug", what="There is no group %(key)s.")
    assert str(missing.value) == f"There is no group {'x' * 200}."
