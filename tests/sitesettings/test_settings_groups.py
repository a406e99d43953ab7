"""The settings groups' rules (sitesettings), called directly: each value judged by its
kind and refused under its name, secrets written only, the revision guard, the log line."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.template import engines
from django.test import RequestFactory

from frontdesk.core.errors import Conflict, NotFound
from frontdesk.core.fresh_reads import reading_fresh
from frontdesk.core.log import log_of
from frontdesk.core.models import LogEntry
from frontdesk.inbox.captcha import PROVIDERS
from frontdesk.sitesettings import seo
from frontdesk.sitesettings.groups import CAPTCHA_PROVIDERS, INTEGRATIONS, SEO
from frontdesk.sitesettings.kinds import Text
from frontdesk.sitesettings.models import SettingsGroup
from frontdesk.sitesettings.operations import update_group
from frontdesk.sitesettings.reading import stored_values
from frontdesk.sitesettings.registry import GROUPS, Group, all_groups

pytestmark = pytest.mark.django_db

SECRET = "0x4AAAAAAA-very-secret-value"


def refusal(**arguments) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        update_group(actor=None, **{"values": {}, **arguments})
    return caught.value.message_dict


# --- The registry ----------------------------------------------------------------------------


def test_the_host_registers_seo_then_integrations():
    assert [group.name for group in all_groups()][:2] == [SEO, INTEGRATIONS]


def test_integrations_offers_a_site_key_and_a_secret_for_every_provider_the_inbox_supports():
    assert {name for name, _title in CAPTCHA_PROVIDERS} == set(PROVIDERS)
    group = GROUPS[INTEGRATIONS]
    for provider in PROVIDERS:
        assert group.setting(f"{provider}_site_key").kind == "text"
        assert group.setting(f"{provider}_secret").secret


def test_a_group_never_saved_reads_its_defaults_without_a_row():
    stored = stored_values(SEO)
    assert stored.values["site_name"] == {} and stored.values["organization_same_as"] == []
    assert stored.revision == 0 and not SettingsGroup.objects.exists()


def test_a_module_adds_a_group_for_the_block_and_it_saves_like_the_hosts():
    group = Group(name="maps", label="Maps", settings=(Text(name="style", label="Style"),), order=5)
    with GROUPS.temporarily("maps", group):
        assert all_groups()[0] is group
        update_group("maps", actor=None, values={"style": "dark"})
        assert stored_values("maps").values == {"style": "dark"}


# --- Values ----------------------------------------------------------------------------------


def test_a_save_by_parts_changes_the_languages_named_and_keeps_the_others():
    update_group(SEO, actor=None, values={"site_name": {"en": "Harbour", "de": "Hafen"}})
    update_group(SEO, actor=None, values={"site_name": {"de": "Der Hafen", "en": None}})
    assert stored_values(SEO).values["site_name"] == {"de": "Der Hafen"}


def test_a_whole_save_puts_every_setting_left_out_back_to_its_default():
    update_group(
        SEO,
        actor=None,
        values={"organization_name": "Harbour Ltd", "site_name": {"en": "Harbour", "de": "Hafen"}},
    )
    update_group(SEO, actor=None, values={"site_name": {"en": "Port"}}, whole=True)
    values = stored_values(SEO).values
    assert values["site_name"] == {"en": "Port"} and values["organization_name"] == ""


@pytest.mark.parametrize(
    ("values", "name", "words"),
    [
        ({"organization_name": 7}, "organization_name", "Give a text."),
        ({"organization_name": "x" * 201}, "organization_name", "At most 200 characters."),
        ({"organization_country": "Germany"}, "organization_country", "At most 2 characters."),
        ({"organization_country": "de"}, "organization_country", "two capital letters"),
        ({"site_name": {"xx": "Harbour"}}, "site_name", "Unknown language: xx."),
        ({"site_name": "x" * 101}, "site_name", "At most 100 characters."),
        ({"title_pattern": {"en": "{page} | {site}"}}, "title_pattern", "{title}, {site}"),
        ({"title_pattern": {"en": "{title"}}, "title_pattern", "placeholders"),
        ({"organization_same_as": "https://example.org"}, "organization_same_as", "a list"),
        ({"organization_same_as": ["ftp://example.org"]}, "organization_same_as", "ftp://example.org is not"),
        ({"organization_same_as": [f"https://example.org/{n}" for n in range(21)]}, "organization_same_as", "At most 20"),
        ({"nonsense": "x"}, "nonsense", "There is no such setting"),
        ({"turnstile_secret": "x"}, "turnstile_secret", "under secrets"),
    ],
)  # fmt: skip
def test_each_value_is_judged_by_its_kind_and_refused_under_its_name(values, name, words):
    errors = refusal(name=SEO if name != "turnstile_secret" else INTEGRATIONS, values=values)
    assert list(errors) == [name] and words in " ".join(errors[name])
    assert not LogEntry.objects.exists()


def test_a_choice_outside_the_list_is_refused_naming_the_choices():
    errors = refusal(name=INTEGRATIONS, values={"captcha_provider": "nocaptcha"})
    assert "'turnstile'" in errors["captcha_provider"][0]


def test_links_are_kept_once_in_their_order():
    links = ["https://example.org/b", " https://example.org/a ", "https://example.org/b", ""]
    update_group(SEO, actor=None, values={"organization_same_as": links})
    assert stored_values(SEO).values["organization_same_as"] == [
        "https://example.org/b",
        "https://example.org/a",
    ]


def test_an_unknown_group_is_not_found_and_an_account_without_the_permission_is_refused(make_user):
    with pytest.raises(NotFound):
        update_group("nosuch", actor=None, values={})
    with pytest.raises(PermissionDenied):
        update_group(SEO, actor=make_user("core.accounts.manage"), values={"organization_name": "x"})
    update_group(SEO, actor=make_user("core.settings.manage"), values={"organization_name": "x"})


# --- Secrets ---------------------------------------------------------------------------------


def test_a_secret_is_set_kept_when_left_out_replaced_and_cleared_only_by_null():
    update_group(INTEGRATIONS, actor=None, values={}, secrets={"turnstile_secret": SECRET})
    assert stored_values(INTEGRATIONS).secret("turnstile_secret") == SECRET
    update_group(INTEGRATIONS, actor=None, values={"turnstile_site_key": "site-1"}, whole=True)
    assert stored_values(INTEGRATIONS).secret("turnstile_secret") == SECRET
    update_group(INTEGRATIONS, actor=None, values={}, secrets={"turnstile_secret": "replacement"})
    assert stored_values(INTEGRATIONS).secret("turnstile_secret") == "replacement"
    refusal(name=INTEGRATIONS, secrets={"turnstile_secret": ""})
    assert stored_values(INTEGRATIONS).secret("turnstile_secret") == "replacement"
    update_group(INTEGRATIONS, actor=None, values={}, secrets={"turnstile_secret": None})
    assert stored_values(INTEGRATIONS).secret("turnstile_secret") == ""


@pytest.mark.parametrize(
    ("sent", "words"),
    [
        ("", "Leave a secret out to keep it, or send null to clear it."),
        ("two words", "Use printable characters without spaces."),
        ("x" * 501, "At most 500 characters."),
    ],
)
def test_a_secret_refused_says_why_and_keeps_the_old_one(sent, words):
    update_group(INTEGRATIONS, actor=None, values={}, secrets={"hcaptcha_secret": SECRET})
    assert refusal(name=INTEGRATIONS, secrets={"hcaptcha_secret": sent}) == {"hcaptcha_secret": [words]}
    assert stored_values(INTEGRATIONS).secret("hcaptcha_secret") == SECRET


def test_the_log_names_what_changed_and_a_secret_only_by_its_state(make_user):
    admin = make_user("core.settings.manage")
    update_group(
        INTEGRATIONS,
        actor=admin,
        values={"turnstile_site_key": "site-1"},
        secrets={"turnstile_secret": SECRET},
    )
    update_group(INTEGRATIONS, actor=admin, values={}, secrets={"turnstile_secret": SECRET + "-2"})
    update_group(INTEGRATIONS, actor=admin, values={}, secrets={"turnstile_secret": None})
    lines = list(log_of(SettingsGroup.objects.get(name=INTEGRATIONS)))
    assert [line.changes for line in lines] == [
        {"turnstile_site_key": ["", "site-1"], "turnstile_secret": ["not set", "set"]},
        {"turnstile_secret": ["set", "replaced"]},
        {"turnstile_secret": ["set", "cleared"]},
    ]
    assert {line.action for line in lines} == {"settings.changed"} and lines[0].actor == admin
    assert lines[0].detail == {"group": INTEGRATIONS}
    assert SECRET not in repr([(line.changes, line.detail) for line in LogEntry.objects.all()])


def test_a_save_that_changes_nothing_writes_no_line_and_keeps_the_revision():
    update_group(SEO, actor=None, values={"organization_name": "Harbour"})
    update_group(SEO, actor=None, values={"organization_name": "Harbour"})
    update_group(INTEGRATIONS, actor=None, values={}, secrets={"recaptcha_secret": None})
    assert LogEntry.objects.count() == 1 and stored_values(SEO).revision == 1


def test_a_stale_revision_is_a_conflict_and_changes_nothing():
    update_group(SEO, actor=None, values={"organization_name": "First"}, revision=0)
    with pytest.raises(Conflict):
        update_group(SEO, actor=None, values={"organization_name": "Second"}, revision=0)
    update_group(SEO, actor=None, values={"organization_name": "Second"}, revision=1)
    assert stored_values(SEO).values["organization_name"] == "Second"


def test_a_save_is_seen_by_the_next_read_without_waiting_for_the_cache(django_assert_num_queries):
    stored_values(SEO)
    with django_assert_num_queries(0):
        stored_values(SEO)
    update_group(SEO, actor=None, values={"organization_name": "Fresh"})
    assert stored_values(SEO).values["organization_name"] == "Fresh"


def test_while_a_page_is_rendered_to_be_kept_a_group_is_read_from_the_database():
    """Another worker's save reaches this worker's cache within a minute; a page kept in the page
    cache must not keep the value from before it (core/fresh_reads.py)."""
    SettingsGroup.objects.update_or_create(name=SEO, defaults={"values": {"organization_name": "Before"}})
    assert stored_values(SEO).values["organization_name"] == "Before"  # now in this worker's cache
    SettingsGroup.objects.filter(name=SEO).update(values={"organization_name": "After"})  # the other worker
    assert stored_values(SEO).values["organization_name"] == "Before"
    with reading_fresh():
        assert stored_values(SEO).values["organization_name"] == "After"
    assert stored_values(SEO).values["organization_name"] == "After"  # and the cache holds it now


# --- The Organization ----------------------------------------------------------------------------


def test_the_organization_id_is_the_base_url_with_the_fragment_in_any_template(settings):
    settings.BASE_URL = "https://harbour.example"
    request = RequestFactory().get("/")
    rendered = engines["django"].from_string('<a href="{{ organization_id }}">').render({}, request)
    assert rendered == '<a href="https://harbour.example/#organization">'
    assert seo.organization_reference() == {"@id": "https://harbour.example/#organization"}


def test_the_organization_node_holds_what_the_group_holds(settings):
    settings.BASE_URL = "https://harbour.example"
    update_group(
        SEO,
        actor=None,
        values={
            "site_name": {"en": "Harbour"},
            "organization_locality": "Kiel",
            "organization_country": "DE",
            "organization_same_as": ["https://en.wikipedia.org/wiki/Harbour"],
        },
    )
    assert seo.organization_json_ld() == {
        "@context": "https://schema.org",
        "@type": "Organization",
        "@id": "https://harbour.example/#organization",
        "url": "https://harbour.example/",
        "name": "Harbour",
        "address": {"@type": "PostalAddress", "addressLocality": "Kiel", "addressCountry": "DE"},
        "sameAs": ["https://en.wikipedia.org/wiki/Harbour"],
    }


def test_a_page_title_follows_the_pattern_of_its_language():
    assert seo.page_title("Events") == "Events"
    update_group(SEO, actor=None, values={"site_name": {"en": "Harbour", "de": "Hafen"}})
    assert seo.page_title("Events") == "Events · Harbour"
    update_group(SEO, actor=None, values={"title_pattern": {"de": "{site}: {title}"}})
    assert seo.page_title("Termine", "de") == "Hafen: Termine"
