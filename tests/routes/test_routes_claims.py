"""Claiming addresses (routes/claims.py): refusals under the claiming field in any language,
the bin's release and reclaim, free suffixes for copies, reserved paths, aliases giving way."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import override_settings

from frontdesk.core.errors import field_errors
from frontdesk.routes.claims import (
    claim_routes,
    forget_routes,
    next_free_slugs,
    reclaim_routes,
    release_routes,
)
from frontdesk.routes.models import Alias
from frontdesk.routes.serving import address_of
from tests.testapp.models import RoutedCategory
from tests.testapp.routing import CATEGORY, EVENT, make_category, make_event, paths

pytestmark = pytest.mark.django_db


def refusal(error: pytest.ExceptionInfo[ValidationError]) -> dict[str, list[str]]:
    return field_errors(error.value)


def test_an_object_gets_an_address_in_every_language_the_fallback_slug_for_the_rest():
    event = make_event({"en": "camp", "de": "lager"})
    assert paths(event) == {"en": "happenings/camp", "de": "happenings/lager", "ru": "happenings/camp"}
    assert address_of(event, "en") == "/happenings/camp"
    assert address_of(event, "de") == "/de/happenings/lager"
    assert address_of(event, "ru") == "/ru/happenings/camp"


def test_a_category_is_refused_under_its_own_field_where_an_event_stands():
    make_event("camp")
    category = RoutedCategory.objects.create(name={"en": "Camps"}, slug={"en": "camp"})
    with pytest.raises(ValidationError) as error:
        claim_routes(category, CATEGORY)
    assert list(refusal(error)) == ["slug"]
    assert "/happenings/camp" in refusal(error)["slug"][0]
    assert paths(category) == {}


def test_an_event_is_refused_where_a_category_stands():
    make_category("outdoors")
    with pytest.raises(ValidationError) as error:
        make_event("outdoors")
    assert list(refusal(error)) == ["slug"]


def test_a_claim_taken_in_a_second_language_only_is_refused_and_stores_nothing():
    make_event({"en": "camp", "de": "lager"})
    category = RoutedCategory.objects.create(name={"en": "Camps"}, slug={"en": "camps", "de": "lager"})
    with pytest.raises(ValidationError) as error:
        claim_routes(category, CATEGORY)
    messages = refusal(error)["slug"]
    assert len(messages) == 1
    assert "/de/happenings/lager" in messages[0]
    assert paths(category) == {}


def test_an_object_may_claim_its_own_addresses_again():
    event = make_event("camp")
    assert claim_routes(event, EVENT) == {}
    assert paths(event)["en"] == "happenings/camp"


@pytest.mark.parametrize("slug", ["cms", "api", "static", "media", "i18n", "forms", "de"])
def test_paths_the_site_keeps_are_refused(slug):
    with override_settings(TESTAPP_ROUTES_PREFIX=""), pytest.raises(ValidationError) as error:
        make_event(slug)
    assert "kept by the site" in refusal(error)["slug"][0]


def test_a_path_under_a_reserved_one_is_refused():
    with override_settings(TESTAPP_ROUTES_PREFIX="site/forms"), pytest.raises(ValidationError):
        make_event("camp")


def test_an_address_too_long_for_the_index_is_refused():
    with pytest.raises(ValidationError) as error:
        make_event("x" * 600)
    assert "too long" in refusal(error)["slug"][0]


def test_the_bin_releases_the_address_for_another_object():
    event = make_event({"en": "camp", "de": "lager"})
    release_routes(event)
    assert address_of(event, "en") is None
    category = make_category({"en": "camp", "de": "lager"})
    assert paths(category)["de"] == "happenings/lager"


def test_restore_reclaims_the_addresses():
    event = make_event({"en": "camp", "de": "lager"})
    release_routes(event)
    reclaim_routes(event)
    assert paths(event) == {"en": "happenings/camp", "de": "happenings/lager", "ru": "happenings/camp"}


def test_restore_is_refused_when_an_address_was_taken_meanwhile_and_changes_nothing():
    event = make_event({"en": "camp", "de": "lager"})
    release_routes(event)
    make_category({"en": "camps", "de": "lager"})
    with pytest.raises(ValidationError) as error:
        reclaim_routes(event)
    assert "/de/happenings/lager" in refusal(error)["slug"][0]
    assert paths(event) == {"en": None, "de": None, "ru": None}


def test_restore_of_an_object_that_released_nothing_changes_nothing():
    event = make_event("camp")
    reclaim_routes(event)
    assert paths(event)["en"] == "happenings/camp"


def test_a_copy_gets_the_next_free_suffix_in_each_language():
    make_event({"en": "camp", "de": "lager"})
    make_event({"en": "camp-2"})
    assert next_free_slugs(EVENT, {"en": "camp", "de": "lager"}) == {"en": "camp-3", "de": "lager-2"}


def test_copies_count_on_with_each_copy():
    original = {"en": "camp", "de": "lager"}
    make_event(original)
    make_event(next_free_slugs(EVENT, original))
    assert next_free_slugs(EVENT, original) == {"en": "camp-3", "de": "lager-3"}


def test_a_language_read_by_fallback_gets_a_slug_of_its_own_only_when_its_address_is_taken():
    make_event("camp")
    make_category({"en": "outdoors", "ru": "camp-2"})
    assert next_free_slugs(EVENT, {"en": "camp"}) == {"en": "camp-2", "ru": "camp-3"}


def test_a_copy_suffix_skips_addresses_of_the_other_type_at_the_same_level():
    make_event("camp")
    make_category("camp-2")
    assert next_free_slugs(EVENT, {"en": "camp"}) == {"en": "camp-3"}


def test_a_changed_slug_leaves_the_former_address_as_an_alias():
    event = make_event("camp")
    event.slug = {"en": "tent"}
    event.save()
    assert claim_routes(event, EVENT) == {
        "en": "happenings/tent",
        "ru": "happenings/tent",
        "de": "happenings/tent",
    }
    assert Alias.objects.filter(path="happenings/camp", object_id=event.pk).count() == 3


def test_an_alias_gives_way_when_a_new_object_claims_its_path():
    event = make_event("camp")
    event.slug = {"en": "tent"}
    claim_routes(event, EVENT)
    category = make_category("camp")
    assert paths(category)["en"] == "happenings/camp"
    assert not Alias.objects.filter(language="en", path="happenings/camp").exists()


def test_returning_to_a_former_address_drops_that_alias():
    event = make_event("camp")
    event.slug = {"en": "tent"}
    claim_routes(event, EVENT)
    event.slug = {"en": "camp"}
    claim_routes(event, EVENT)
    assert set(Alias.objects.filter(language="en").values_list("path", flat=True)) == {"happenings/tent"}


def test_an_object_deleted_for_good_leaves_no_address_and_no_alias():
    event = make_event("camp")
    event.slug = {"en": "tent"}
    claim_routes(event, EVENT)
    forget_routes(event)
    assert paths(event) == {}
    assert not Alias.objects.filter(object_id=event.pk, type_name=EVENT).exists()
    assert paths(make_category("tent"))["en"] == "happenings/tent"
