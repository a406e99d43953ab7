"""Offering and installing block types: free, installed, taken; a row under the slug never touched."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils.translation import gettext_lazy as _

from frontdesk.blocks.install_command import InstallCommand
from frontdesk.blocks.models import BlockType
from frontdesk.blocks.offers import FREE, INSTALLED, OFFERS, TAKEN, Offer, install_offers, offer_states
from frontdesk.core.models import LogEntry

pytestmark = pytest.mark.django_db


def run(
    *args: str, command: InstallCommand | str = "blocks_install", answer: str | None = None, monkeypatch=None
) -> str:
    out = io.StringIO()
    if answer is not None:
        monkeypatch.setattr("builtins.input", lambda question: answer)
    call_command(command, *args, stdout=out)
    return out.getvalue()


def snapshot() -> list[tuple]:
    return list(BlockType.objects.order_by("slug").values_list("slug", "name", "code", "offered"))


def test_a_free_slug_installs_with_its_name_in_every_language_and_a_log_line():
    output = run("heading", "--no-input")
    assert output.splitlines() == ["  heading: free", "Installed: heading."]
    row = BlockType.objects.get(slug="heading")
    assert (row.code, row.offered) == ("heading", True)
    assert row.name == {"en": "Heading", "de": "Überschrift", "ru": "Заголовок"}
    assert LogEntry.objects.filter(action="block_type.installed", object_id=row.pk).count() == 1


def test_without_slugs_every_offer_is_listed_and_the_free_ones_installed():
    output = run("--no-input")
    assert "  heading: free" in output and "  text: free" in output and "  inbox-form: free" in output
    assert (
        set(BlockType.objects.values_list("slug", flat=True))
        == set(OFFERS.names())
        >= {"heading", "text", "inbox-form"}
    )


def test_a_second_run_changes_nothing_and_says_so():
    run("--no-input")
    before = snapshot()
    output = run("--no-input")
    assert "  heading: installed" in output
    assert output.splitlines()[-1] == "Nothing to install."
    assert snapshot() == before
    assert LogEntry.objects.filter(action="block_type.installed").count() == len(before)


def test_a_row_the_site_made_under_the_slug_keeps_its_name_and_code_and_is_reported():
    BlockType.objects.create(slug="heading", name={"en": "Our title"}, code="our-title")
    BlockType.objects.create(slug="text", name={"en": "Our text"}, code="text")  # same code, made by the site
    output = run("heading", "text", "--no-input")
    assert output.splitlines() == [
        "  heading: taken, left as it is (the row is linked to the code our-title)",
        "  text: taken, left as it is (the site made that row itself)",
        "Nothing to install.",
    ]
    assert snapshot() == [
        ("heading", {"en": "Our title"}, "our-title", False),
        ("text", {"en": "Our text"}, "text", False),
    ]


def test_dry_run_installs_nothing():
    output = run("heading", "text", "--dry-run")
    assert output.splitlines()[-1] == "Would install: heading, text."
    assert snapshot() == []


def test_it_asks_before_installing(monkeypatch):
    assert run("heading", answer="n", monkeypatch=monkeypatch).splitlines()[-1] == "Nothing installed."
    assert snapshot() == []
    assert run("heading", answer="y", monkeypatch=monkeypatch).splitlines()[-1] == "Installed: heading."
    assert [row[0] for row in snapshot()] == ["heading"]


def test_an_unknown_slug_is_refused_and_nothing_installed():
    with pytest.raises(CommandError, match="No module offers the block type nope"):
        run("heading", "nope", "--no-input")
    assert snapshot() == []


def test_a_module_wraps_the_command_for_its_own_offers():
    class FaqInstall(InstallCommand):
        offer_slugs = ("test-faq",)

    with OFFERS.temporarily("test-faq", Offer(slug="test-faq", name=_("Questions"), code="test-note")):
        output = run("--no-input", command=FaqInstall())
    assert output.splitlines() == ["  test-faq: free", "Installed: test-faq."]
    assert [row[0] for row in snapshot()] == ["test-faq"]
    with pytest.raises(CommandError):
        run("heading", command=FaqInstall())


def test_a_row_made_between_reading_and_installing_is_left_alone():
    states = offer_states(["heading"])
    assert [state.state for state in states] == [FREE]
    BlockType.objects.create(slug="heading", name={"en": "Racer"}, code="other")
    assert install_offers(states) == []
    assert snapshot() == [("heading", {"en": "Racer"}, "other", False)]
    assert [state.state for state in offer_states(["heading"])] == [TAKEN]


def test_an_installed_offer_reads_installed():
    run("text", "--no-input")
    assert [state.state for state in offer_states(["text"])] == [INSTALLED]
