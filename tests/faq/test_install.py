"""`frontdesk faq_install_block` (issue 14, item 10): installs the FAQ block type on a fresh site,
does nothing the second time, and leaves a site's own type under `faq` untouched, saying so."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from frontdesk.blocks.models import BlockType
from frontdesk.core.log import LogEntry

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("faq_install_block", *args, stdout=out)
    return out.getvalue()


def test_installs_the_faq_type_on_a_fresh_site_and_nothing_the_second_time():
    first = run("--no-input")
    row = BlockType.objects.get(slug="faq")
    assert (row.code, row.offered) == ("faq", True)
    assert row.name == {"en": "Questions and answers", "de": row.name["de"], "ru": row.name["ru"]}
    assert "faq: free" in first and "Installed: faq." in first
    lines = LogEntry.objects.filter(action="block_type.installed").count()
    second = run("--no-input")
    assert "faq: installed" in second and "Nothing to install." in second
    assert BlockType.objects.filter(slug="faq").count() == 1
    assert LogEntry.objects.filter(action="block_type.installed").count() == lines


def test_a_sites_own_type_under_faq_is_left_untouched_and_the_command_says_so():
    own = BlockType.objects.create(slug="faq", code="our-faq", name={"en": "Our questions"})
    out = run("--no-input")
    assert "faq: taken, left as it is (the row is linked to the code our-faq)" in out
    assert "Nothing to install." in out
    kept = BlockType.objects.get(slug="faq")
    assert (kept.pk, kept.code, kept.name, kept.offered) == (
        own.pk,
        "our-faq",
        {"en": "Our questions"},
        False,
    )


def test_a_dry_run_installs_nothing():
    assert "Would install: faq." in run("--dry-run")
    assert not BlockType.objects.filter(slug="faq").exists()


def test_the_command_covers_only_the_faq_offer():
    out = run("--no-input")
    assert not BlockType.objects.exclude(slug="faq").exists()
    assert "heading" not in out
