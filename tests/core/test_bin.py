"""The bin (core/bin), on the test app's crates: a binned row
leaves default queries and relations, the bin list shows it with when and by whom, restore
brings it back unless its owner or a taken address says no, and a purge deletes through the
model, its file and relations with it; `bin_purge --dry-run` deletes nothing and says what it
would. The inbox's put-aside fields: tests/inbox/test_field_bin.py."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.utils import timezone

from frontdesk.core.bin.operations import bin_list, purge, purge_plan, put_in_bin, restore, rows_of
from frontdesk.core.errors import NotFound
from frontdesk.core.log import log_of
from frontdesk.routes.claims import claim_routes, forget_routes
from frontdesk.routes.models import Route
from tests.testapp.models import Crate, CrateLabel
from tests.testapp.routing import make_event

pytestmark = pytest.mark.django_db(transaction=True)  # a purge deletes files on commit


@pytest.fixture
def keeper(make_user):
    user = make_user(display_name="Kim Keeper")
    user.user_permissions.add(Permission.objects.get(codename="delete_crate"))
    return type(user).objects.get(pk=user.pk)  # permissions are cached per instance


@pytest.fixture
def media(settings, tmp_path):
    settings.STORAGES = {**settings.STORAGES, "default": {
        "BACKEND": "django.core.files.storage.FileSystemStorage", "OPTIONS": {"location": tmp_path},
    }}  # fmt: skip
    return tmp_path


def make_crate(name: str = "Tools", slug: str = "tools") -> Crate:
    crate = Crate.objects.create(name=name, slug={"en": slug})
    claim_routes(crate, "test-crate")
    return crate


def age(crate: Crate, days: int) -> None:
    Crate.all_objects.filter(pk=crate.pk).update(deleted_at=timezone.now() - timedelta(days=days))


def test_a_binned_row_leaves_default_queries_and_shows_in_the_bin_with_when_and_by_whom(keeper):
    crate = make_crate()
    CrateLabel.objects.create(crate=crate, text="fragile")
    other = make_crate("Paint", "paint")
    put_in_bin(keeper, crate)

    assert list(Crate.objects.all()) == [other]
    assert list(rows_of(Crate)) == [other]
    assert list(rows_of(Crate, trashed=True)) == [crate]
    assert CrateLabel.objects.get().crate == crate  # a foreign key still reaches it
    (entry,) = bin_list(keeper)
    assert (entry.type, entry.row, entry.name, entry.deleted_by) == ("test.crate", crate, "Tools", keeper)
    assert timezone.now() - entry.deleted_at < timedelta(minutes=1)
    assert [line.action for line in log_of(crate)] == ["crate.binned"]


def test_restore_brings_it_back_and_a_second_restore_finds_nothing(keeper):
    crate = make_crate()
    put_in_bin(keeper, crate)
    restore(keeper, crate)
    assert list(Crate.objects.all()) == [crate]
    assert bin_list(keeper) == []
    with pytest.raises(NotFound):
        restore(keeper, crate)
    with pytest.raises(NotFound):
        put_in_bin(keeper, Crate(pk=crate.pk + 1000))
    assert [line.action for line in log_of(crate)] == ["crate.binned", "crate.restored"]


def test_the_owner_may_refuse_a_restore_with_a_reason_and_nothing_changes(keeper):
    crate = make_crate("locked", "locked")
    put_in_bin(keeper, crate)
    with pytest.raises(ValidationError) as refused:
        restore(keeper, crate)
    assert refused.value.message_dict == {"__all__": ["This crate is locked."]}
    assert Crate.all_objects.get(pk=crate.pk).in_bin
    assert [line.action for line in log_of(crate)] == ["crate.binned"]


def test_an_account_without_the_permission_may_neither_bin_nor_restore_nor_see_the_bin(keeper, make_user):
    crate = make_crate()
    stranger = make_user()
    with pytest.raises(PermissionDenied):
        put_in_bin(stranger, crate)
    put_in_bin(keeper, crate)
    with pytest.raises(PermissionDenied):
        restore(stranger, crate)
    assert bin_list(stranger) == []
    with pytest.raises(ValidationError) as unknown:
        bin_list(keeper, type_name="nothing")
    assert list(unknown.value.message_dict) == ["type"]


def test_the_bin_releases_the_address_and_a_restore_reclaims_it_or_is_refused(keeper):
    crate = make_crate(slug="camp")
    put_in_bin(keeper, crate)
    assert Client().get("/happenings/camp").status_code == 404  # in the bin: no page
    taker = make_event("camp")  # the address is free for another object
    with pytest.raises(ValidationError) as refused:
        restore(keeper, crate)
    assert list(refused.value.message_dict) == ["slug"]
    assert Crate.all_objects.get(pk=crate.pk).in_bin  # nothing changed
    forget_routes(taker)  # the other object goes for good, and its address with it
    taker.delete()
    restore(keeper, crate)
    assert Client().get("/happenings/camp").content == b"crate: Tools"


def test_a_purge_deletes_through_the_model_with_its_file_and_relations(keeper, media):
    old = make_crate("Old", "old")
    old.file.save("old.txt", ContentFile(b"old"))
    CrateLabel.objects.create(crate=old, text="x")
    recent = make_crate("Recent", "recent")
    for crate in (old, recent):
        put_in_bin(keeper, crate)
    age(old, 40)
    age(recent, 3)
    stored = media / old.file.name
    assert stored.exists()

    counts = purge(purge_plan(30))
    assert counts["test.crate"] == 1
    assert not Crate.all_objects.filter(pk=old.pk).exists() and not CrateLabel.objects.exists()
    assert not stored.exists()
    assert not Route.objects.filter(type_name="test-crate", object_id=old.pk).exists()
    assert Crate.all_objects.filter(pk=recent.pk).exists()
    assert [line.action for line in log_of(Crate(pk=old.pk))][-1] == "crate.purged"


def test_bin_purge_dry_run_deletes_nothing_and_names_what_it_would(keeper, media):
    old = make_crate("Old", "old")
    old.file.save("old.txt", ContentFile(b"old"))
    put_in_bin(keeper, old)
    age(old, 40)
    out = StringIO()
    call_command("bin_purge", "--days", "30", "--dry-run", stdout=out)
    assert f"test.crate {old.pk}: Old" in out.getvalue()
    assert "Would delete 1 rows" in out.getvalue()
    assert Crate.all_objects.filter(pk=old.pk).exists() and (media / old.file.name).exists()

    out = StringIO()
    call_command("bin_purge", "--days", "30", "--type", "test.crate", stdout=out)
    assert "Deleted 1 rows" in out.getvalue()
    assert not Crate.all_objects.filter(pk=old.pk).exists()


@pytest.mark.parametrize("arguments", [["--days", "-1"], ["--days", "40000"], ["--type", "nothing"]])
def test_bin_purge_refuses_a_bad_age_or_type_with_a_clear_line(arguments):
    with pytest.raises(CommandError, match=r"days|no such kind"):
        call_command("bin_purge", *arguments)
