"""The host's two settings groups: SEO (the site's name, its Organization, default meta) and
Integrations (the keys of outside services: for now the captcha providers the inbox supports)."""

from __future__ import annotations

import re
from typing import cast

from django.utils.functional import Promise, lazy
from django.utils.translation import gettext_lazy as _

from frontdesk.sitesettings.kinds import (
    TOKEN_PATTERN,
    Choice,
    LinkList,
    PictureKey,
    Secret,
    Text,
    TranslatedText,
)
from frontdesk.sitesettings.registry import Group, register_settings_group

SEO = "seo"
INTEGRATIONS = "integrations"

# The providers the inbox can ask (inbox/captcha.PROVIDERS; tests/sitesettings/test_settings_groups.py
# checks the two lists agree), named as their makers name them.
CAPTCHA_PROVIDERS = (
    ("turnstile", "Cloudflare Turnstile"),
    ("hcaptcha", "hCaptcha"),
    ("recaptcha", "Google reCAPTCHA"),
)
TITLE_PLACEHOLDERS = ("title", "site")


def captcha_site_key(provider: str) -> str:
    return f"{provider}_site_key"


def captcha_secret(provider: str) -> str:
    return f"{provider}_secret"


def _per_provider(words: Promise, title: str) -> Promise:
    """`words` with the provider's name, translated when read (the group is built at start-up)."""
    return cast(Promise, lazy(lambda: str(words) % {"provider": title}, str)())


def _seo() -> Group:
    return Group(
        name=SEO,
        label=_("SEO"),
        description=_("How search engines and shared links name the site and the organisation behind it."),
        order=10,
        settings=(
            TranslatedText(name="site_name", label=_("Site name"), max_length=100),
            Text(name="organization_name", label=_("Organisation name"), max_length=200),
            Text(name="organization_street", label=_("Street and number"), max_length=200),
            Text(name="organization_postal_code", label=_("Postal code"), max_length=20),
            Text(name="organization_locality", label=_("Town or city"), max_length=100),
            Text(name="organization_region", label=_("Region"), max_length=100),
            Text(
                name="organization_country",
                label=_("Country"),
                help=_("Two letters, as ISO 3166 writes it: DE, AT, GB."),
                max_length=2,
                pattern=re.compile(r"^[A-Z]{2}$"),
                pattern_message=_("Give the country's two capital letters, such as DE."),
            ),
            LinkList(
                name="organization_same_as",
                label=_("Profiles elsewhere"),
                help=_("The organisation's pages on other sites (Wikipedia, social networks), one per line."),
            ),
            TranslatedText(
                name="title_pattern",
                label=_("Title pattern"),
                help=_(
                    "How a page's title is written: {title} is the page's own title, {site} the site name."
                ),
                placeholders=TITLE_PLACEHOLDERS,
            ),
            TranslatedText(
                name="meta_description",
                label=_("Default description"),
                help=_("For pages that have no description of their own."),
                max_length=300,
            ),
            PictureKey(
                name="social_image",
                label=_("Default social image"),
                help=_(
                    "A picture from the library, shown where a page without its own social image is shared."
                ),
            ),
        ),
    )


def _integrations() -> Group:
    keys: list = [
        Choice(
            name="captcha_provider",
            label=_("Captcha provider"),
            help=_(
                "The provider of every form that asks for a captcha; with none chosen, the server's environment decides."
            ),
            choices=(("", _("As the server's environment says")), *CAPTCHA_PROVIDERS),
        )
    ]
    printable = _("Use printable characters without spaces.")
    for provider, title in CAPTCHA_PROVIDERS:
        keys.append(
            Text(
                name=captcha_site_key(provider),
                label=_per_provider(_("%(provider)s site key"), title),
                max_length=200,
                pattern=TOKEN_PATTERN,
                pattern_message=printable,
            )
        )
        keys.append(
            Secret(name=captcha_secret(provider), label=_per_provider(_("%(provider)s secret"), title))
        )
    return Group(
        name=INTEGRATIONS,
        label=_("Integrations"),
        description=_("Keys of the outside services the site uses."),
        order=20,
        settings=tuple(keys),
    )


def register_host_groups() -> None:
    register_settings_group(_seo())
    register_settings_group(_integrations())
