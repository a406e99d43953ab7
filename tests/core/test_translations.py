"""The gettext catalogs: complete German and Russian, in step with the source, and really used.

Three kinds of checks:
- the committed .po files themselves (headers, plural forms, nothing fuzzy or untranslated,
  placeholders kept), read by the small parser below and, when it is installed, by msgfmt;
- freshness: makemessages runs over a copy of the package into a scratch locale folder, and the
  msgids it finds must be exactly the committed ones (the real catalogs are never touched);
- rendering: pages, mail and API answers come out in German and Russian. The compiled .mo
  files are built by scripts/setup.sh; when one is missing or older than its .po, the
  `compiled_catalogs` fixture of tests/conftest.py runs compilemessages before the first test.

To bring the catalogs up to date (docs/architecture.md, "Translations"):

    cd src/frontdesk && ../../.venv/bin/frontdesk makemessages -l en -l de -l ru \
        --no-obsolete --add-location=file --ignore=.venv --ignore=var --ignore=tests
"""

from __future__ import annotations

import ast
import gettext as gettext_module
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

import frontdesk
from tests.conftest import stale_catalogs

PACKAGE_DIR = Path(frontdesk.__file__).resolve().parent
LOCALE_DIR = PACKAGE_DIR / "locale"
SOURCE_LANGUAGE = "en"
TRANSLATED = ("de", "ru")
LANGUAGES = (SOURCE_LANGUAGE, *TRANSLATED)
NPLURALS = {"en": 2, "de": 2, "ru": 3}
DOMAINS = ("django", "djangojs")
UPDATE_HINT = (
    "Update the catalogs: cd src/frontdesk && ../../.venv/bin/frontdesk makemessages -l en -l de -l ru "
    "--no-obsolete --add-location=file --ignore=.venv --ignore=var --ignore=tests; then translate "
    "the new entries in de and ru (docs/architecture.md, 'Translations')."
)


# --- A small .po reader ------------------------------------------------------------------------


@dataclass
class Entry:
    msgid: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False
    line: int = 0

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return (self.msgctxt, self.msgid, self.msgid_plural)

    def __str__(self) -> str:
        context = f" (context {self.msgctxt!r})" if self.msgctxt is not None else ""
        return f"line {self.line}: {self.msgid!r}{context}"


def _unquote(text: str) -> str:
    text = text.strip()
    if not (text.startswith('"') and text.endswith('"')):
        raise ValueError(f"not a quoted PO string: {text!r}")
    # PO strings use C escapes (\n, \t, \", \\), which Python's literal syntax reads the same.
    return ast.literal_eval(text)


def parse_po(path: Path) -> list[Entry]:
    """Every entry of `path`, the header (msgid "") included, obsolete (#~) ones marked."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None  # which field continuation lines extend

    def finish():
        nonlocal current, target
        if current is not None and (current.msgid or current.msgstr or target is not None):
            entries.append(current)
        current, target = None, None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            finish()
            continue
        if current is None:
            current = Entry(line=number)
        current.obsolete = current.obsolete or obsolete
        if line.startswith("#,"):
            current.flags.update(flag.strip() for flag in line[2:].split(",") if flag.strip())
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            if target is None:
                raise ValueError(f"{path}:{number}: a string outside any field")
            name, index = target
            text = _unquote(line)
            if name == "msgstr":
                current.msgstr[index] += text
            else:
                setattr(current, name, (getattr(current, name) or "") + text)
            continue
        keyword, _space, rest = line.partition(" ")
        plural_form = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
        if keyword in {"msgctxt", "msgid", "msgid_plural"}:
            if keyword != "msgid_plural" and target is not None and target[0] == "msgstr":
                # The next entry begins without a blank line in between (valid, if unusual).
                finish()
                current = Entry(line=number, obsolete=obsolete)
            setattr(current, keyword, _unquote(rest))
            target = (keyword, 0)
        elif keyword == "msgstr" or plural_form:
            index = int(plural_form.group(1)) if plural_form else 0
            current.msgstr[index] = _unquote(rest)
            target = ("msgstr", index)
        else:
            raise ValueError(f"{path}:{number}: unexpected line {raw!r}")
    finish()
    return entries


def header_of(entries: list[Entry]) -> dict[str, str]:
    header = next((e for e in entries if e.msgid == "" and e.msgctxt is None and not e.obsolete), None)
    assert header is not None, 'the catalog has no header entry (msgid "")'
    fields = {}
    for line in header.msgstr.get(0, "").splitlines():
        name, _colon, value = line.partition(":")
        fields[name.strip()] = value.strip()
    return fields


def messages(entries: list[Entry]) -> list[Entry]:
    return [e for e in entries if not e.obsolete and not (e.msgid == "" and e.msgctxt is None)]


def catalog_path(language: str, domain: str = "django") -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def committed_catalogs(domain: str) -> dict[str, Path]:
    return {lang: catalog_path(lang, domain) for lang in LANGUAGES if catalog_path(lang, domain).exists()}


def all_catalogs() -> list[Path]:
    return [
        catalog_path(lang, domain)
        for domain in DOMAINS
        for lang in LANGUAGES
        if catalog_path(lang, domain).exists()
    ]


# Placeholders that must survive translation: %(name)s, %s, %d, %%-free; {name} and {}.
PERCENT = re.compile(r"%(?:\(\w+\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?[diouxXeEfFgGcrsa]")
BRACES = re.compile(r"(?<!\{)\{[^{}]*\}(?!\})")


def placeholders(text: str, flags: set[str]) -> Counter:
    found: Counter = Counter()
    if "python-format" in flags or "c-format" in flags or "javascript-format" in flags:
        found.update(PERCENT.findall(text))
    if "python-brace-format" in flags:
        found.update(BRACES.findall(text))
    return found


# --- The committed catalogs --------------------------------------------------------------------


def test_the_parser_reads_what_it_should(tmp_path):
    sample = tmp_path / "sample.po"
    sample.write_text(
        'msgid ""\nmsgstr ""\n"Language: ru\\n"\n"Plural-Forms: nplurals=3;\\n"\n\n'
        '#: a.py\n#, python-format\nmsgid "One %(n)s "\n"line"\nmsgstr "Одна %(n)s строка"\n\n'
        '#, fuzzy\nmsgctxt "verb"\nmsgid "Order"\nmsgstr ""\n\n'
        'msgid "%(count)s day"\nmsgid_plural "%(count)s days"\nmsgstr[0] "%(count)s день"\n'
        'msgstr[1] "%(count)s дня"\nmsgstr[2] "%(count)s дней"\n\n'
        '#~ msgid "Gone"\n#~ msgstr "Weg"\n',
        encoding="utf-8",
    )
    entries = parse_po(sample)
    assert header_of(entries) == {"Language": "ru", "Plural-Forms": "nplurals=3;"}
    found = messages(entries)
    assert [e.msgid for e in found] == ["One %(n)s line", "Order", "%(count)s day"]
    assert found[0].msgstr == {0: "Одна %(n)s строка"} and found[0].flags == {"python-format"}
    assert (found[1].msgctxt, found[1].flags) == ("verb", {"fuzzy"})
    assert found[2].msgid_plural == "%(count)s days" and len(found[2].msgstr) == 3
    assert [e.msgid for e in entries if e.obsolete] == ["Gone"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_has_a_django_catalog(language):
    assert catalog_path(language).exists(), f"{catalog_path(language)} is missing. {UPDATE_HINT}"


@pytest.mark.parametrize("path", all_catalogs(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_catalog_headers_are_valid(path):
    language = path.parent.parent.name
    entries = parse_po(path)
    header = next(e for e in entries if e.msgid == "" and e.msgctxt is None)
    fields = header_of(entries)
    assert "fuzzy" not in header.flags, f"{path}: the header is marked fuzzy"
    assert fields.get("Language") == language, f"{path}: Language header is {fields.get('Language')!r}"
    assert fields.get("Content-Type") == "text/plain; charset=UTF-8"
    assert fields.get("MIME-Version") == "1.0"
    assert fields.get("Content-Transfer-Encoding") == "8bit"
    assert fields.get("Project-Id-Version") and "PACKAGE" not in fields["Project-Id-Version"]

    plural_forms = fields.get("Plural-Forms", "")
    match = re.fullmatch(r"nplurals=(\d+);\s*plural=(.+?);?", plural_forms)
    assert match, f"{path}: Plural-Forms header {plural_forms!r} is not valid"
    assert int(match.group(1)) == NPLURALS[language]
    plural = gettext_module.c2py(match.group(2))
    expected = {
        # Russian: 1, 21, 101 one; 2-4, 22-24 few; 0, 5-20, 25-30, 111-114 many.
        "ru": {1: 0, 21: 0, 101: 0, 2: 1, 4: 1, 22: 1, 0: 2, 5: 2, 11: 2, 12: 2, 14: 2, 25: 2, 111: 2},
        "de": {1: 0, 0: 1, 2: 1, 5: 1, 21: 1},
        "en": {1: 0, 0: 1, 2: 1, 5: 1, 21: 1},
    }[language]
    assert {n: plural(n) for n in expected} == expected, f"{path}: the plural formula picks wrong forms"


@pytest.mark.parametrize("path", all_catalogs(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_no_entry_is_fuzzy_or_obsolete(path):
    entries = parse_po(path)
    fuzzy = [str(e) for e in messages(entries) if "fuzzy" in e.flags]
    obsolete = [str(e) for e in entries if e.obsolete]
    assert not fuzzy, f"{path}: fuzzy entries (check the translation, then drop the flag):\n" + "\n".join(
        fuzzy
    )
    assert not obsolete, f"{path}: obsolete (#~) entries; run makemessages with --no-obsolete.\n" + "\n".join(
        obsolete
    )


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated(language, domain):
    path = catalog_path(language, domain)
    if not path.exists():
        if domain == "django":
            pytest.fail(f"{path} is missing. {UPDATE_HINT}")
        pytest.skip(f"no {domain} catalog (the JS modules take their words from the server)")
    problems = []
    for entry in messages(parse_po(path)):
        forms = NPLURALS[language] if entry.msgid_plural is not None else 1
        if sorted(entry.msgstr) != list(range(forms)):
            problems.append(f"{entry}: {len(entry.msgstr)} msgstr forms, {language} needs {forms}")
        elif not all(text.strip() for text in entry.msgstr.values()):
            problems.append(f"{entry}: not translated")
    assert not problems, f"{path}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language):
    problems = []
    for path in (catalog_path(language, domain) for domain in DOMAINS):
        if not path.exists():
            continue
        for entry in messages(parse_po(path)):
            if entry.msgid_plural is None:
                wanted = placeholders(entry.msgid, entry.flags)
                for text in entry.msgstr.values():
                    if text and placeholders(text, entry.flags) != wanted:
                        problems.append(f"{path.name} {entry}: {text!r} changes the placeholders")
            else:
                # A plural form may leave the number out ("one day"), never invent a name.
                allowed = set(
                    placeholders(entry.msgid, entry.flags) + placeholders(entry.msgid_plural, entry.flags)
                )
                for text in entry.msgstr.values():
                    if text and not set(placeholders(text, entry.flags)) <= allowed:
                        problems.append(f"{path.name} {entry}: {text!r} uses an unknown placeholder")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", all_catalogs(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_msgfmt_accepts_the_catalog(path):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt is not on PATH (Debian package gettext); the Python checks above still ran")
    result = subprocess.run(
        [msgfmt, "--check", "--statistics", "-o", "/dev/null", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    statistics = result.stderr.strip().splitlines()[-1]
    if path.parent.parent.name in TRANSLATED:
        assert re.fullmatch(r"\d+ translated messages?\.", statistics), f"{path}: {statistics}"


# --- In step with the source -------------------------------------------------------------------


def _copy_ignore(directory: str, names: list[str]) -> set[str]:
    ignored = {"__pycache__", "locale", "var", ".venv", "tests"}
    return {name for name in names if name in ignored or name.endswith((".pyc", ".mo"))}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> dict[str, set]:
    """msgid keys per domain, as makemessages finds them in a copy of the package today."""
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        pytest.skip("makemessages needs GNU gettext (xgettext, msgmerge): apt install gettext")
    root = tmp_path_factory.mktemp("i18n")
    copy = root / "frontdesk"
    shutil.copytree(PACKAGE_DIR, copy, ignore=_copy_ignore)
    scratch_locale = copy / "locale"
    scratch_locale.mkdir()
    # Settings whose only locale path is the scratch folder: nothing can reach the real catalogs.
    (root / "i18n_check_settings.py").write_text(
        f"from frontdesk.settings import *  # noqa: F403\nLOCALE_PATHS = [{str(scratch_locale)!r}]\n"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "i18n_check_settings",
        "PYTHONPATH": str(root),
        "FRONTDESK_VAR_DIR": str(root / "var"),
    }
    found = {}
    for domain in DOMAINS:
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "django",
                "makemessages",
                "--domain",
                domain,
                "--locale",
                "de",
                "--no-obsolete",
                "--no-location",
                "--ignore=var",
                "--ignore=.venv",
                "--ignore=tests",
            ],
            cwd=copy,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, f"makemessages -d {domain} failed:\n{result.stdout}\n{result.stderr}"
        fresh = scratch_locale / "de" / "LC_MESSAGES" / f"{domain}.po"
        found[domain] = {e.key for e in messages(parse_po(fresh))} if fresh.exists() else set()
    return found


def _describe(keys) -> str:
    return "\n".join(
        f"  {msgid!r}" + (f" (context {ctx!r})" if ctx else "")
        for ctx, msgid, _p in sorted(keys, key=lambda key: (key[1], key[0] or ""))
    )


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_catalogs_hold_exactly_the_strings_of_the_source(extracted, domain):
    in_source = extracted[domain]
    catalogs = committed_catalogs(domain)
    if not in_source and not catalogs:
        return  # e.g. no JS string marked with gettext(), and no djangojs catalog: fine
    assert set(catalogs) == set(LANGUAGES), (
        f"The {domain} domain has strings but no catalog for {sorted(set(LANGUAGES) - set(catalogs))}. {UPDATE_HINT}"
    )
    problems = []
    for path in catalogs.values():
        committed = {e.key for e in messages(parse_po(path))}
        if missing := in_source - committed:
            problems.append(f"{path} lacks strings the source marks:\n{_describe(missing)}")
        if stale := committed - in_source:
            problems.append(f"{path} holds strings the source no longer has:\n{_describe(stale)}")
    assert not problems, "\n".join(problems) + f"\n{UPDATE_HINT}"


# --- Really used: pages, mail and API answers in German and Russian -----------------------------


@pytest.fixture(scope="module")
def compiled_catalogs(compiled_catalogs):
    """The .mo files, fresh: tests/conftest.py compiles stale ones before a worker's first test."""
    if stale_catalogs():
        pytest.skip(
            "The compiled catalogs (.mo) are missing or stale and msgfmt is not on PATH to build them: "
            "apt install gettext, then run scripts/setup.sh"
        )


@pytest.mark.usefixtures("compiled_catalogs")
@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", {"Log in": "Log in", "Loading…": "Loading…", "Settings": "Settings"}),
        ("de", {"Log in": "Anmelden", "Loading…": "Wird geladen…", "Settings": "Einstellungen"}),
        ("ru", {"Log in": "Войти", "Loading…": "Загрузка…", "Settings": "Настройки"}),
    ],
)
def test_gettext_speaks_each_site_language(language, expected):
    with translation.override(language):
        assert {text: translation.gettext(text) for text in expected} == expected
        # A placeholder string, filled in as the code fills it.
        assert (
            translation.gettext("Total: %(total)s") % {"total": 7}
            == {"en": "Total: 7", "de": "Insgesamt: 7", "ru": "Всего: 7"}[language]
        )


LOGIN_WORDS = {
    "de": ("Anmelden", "E-Mail-Adresse", "Passwort vergessen?"),
    "ru": ("Войти", "Адрес электронной почты", "Забыли пароль?"),
}


def assert_login_page_in(language: str, html: str) -> None:
    title, email_label, forgot = LOGIN_WORDS[language]
    assert f'<html lang="{language}"' in html
    assert f"<title>{title} ·" in html
    assert f"<h1>{title}</h1>" in html
    assert email_label in html  # the model's verbose name, through Django's AuthenticationForm
    assert forgot in html


@pytest.mark.django_db
@pytest.mark.usefixtures("compiled_catalogs")
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_login_page_template_is_translated(rf, language):
    """The login view itself, in the active language (no middleware deciding which one)."""
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.sessions.backends.db import SessionStore

    from frontdesk.core.panel.views import LoginView

    request = rf.get("/cms/login/")
    request.user, request.session = AnonymousUser(), SessionStore()
    with translation.override(language):
        response = LoginView.as_view()(request)
        html = response.render().content.decode()
    assert_login_page_in(language, html)


@pytest.mark.django_db
@pytest.mark.usefixtures("compiled_catalogs")
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_login_page_follows_the_language_cookie(language):
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    assert_login_page_in(language, client.get("/cms/login/").content.decode())


@pytest.mark.django_db
@pytest.mark.usefixtures("compiled_catalogs")
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_login_page_follows_accept_language(language):
    html = Client().get("/cms/login/", HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5").content.decode()
    assert_login_page_in(language, html)


def _js_strings(html: str) -> dict:
    found = re.search(r'<script id="fd-strings" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the shell printed no #fd-strings"
    return json.loads(found.group(1))


@pytest.mark.usefixtures("compiled_catalogs")
@pytest.mark.parametrize(
    ("language", "words", "loading"),
    [
        ("de", ("Mein Konto", "Einstellungen", "Abmelden", "Anzeigename", "Speichern"), "Wird geladen…"),
        ("ru", ("Моя учётная запись", "Настройки", "Выйти", "Отображаемое имя", "Сохранить"), "Загрузка…"),
    ],
)
def test_the_panel_speaks_the_account_language(make_user, language, words, loading):
    client = Client()
    client.force_login(make_user(language=language))
    html = client.get("/cms/profile/").content.decode()
    for word in words:
        assert word in html
    assert _js_strings(html)["table.loading"] == loading


@pytest.mark.usefixtures("compiled_catalogs")
@pytest.mark.parametrize(
    ("language", "message"),
    [("de", "Dazu sind Sie nicht berechtigt."), ("ru", "У вас нет прав на это действие.")],
)
def test_api_errors_come_in_the_account_language(make_user, language, message):
    client = Client()
    client.force_login(make_user(language=language))
    response = client.get("/api/cms/accounts")
    assert response.status_code == 403
    assert response.json() == {"message": message}


@pytest.mark.usefixtures("compiled_catalogs")
@pytest.mark.parametrize(
    ("language", "subject", "opening"),
    [
        ("de", "Passwort zurücksetzen", "Jemand hat angefordert, das Passwort dieses Kontos zurückzusetzen."),
        ("ru", "Сброс пароля", "Кто-то запросил сброс пароля для этой учётной записи."),
    ],
)
def test_the_password_reset_mail_is_written_in_the_recipients_language(language, subject, opening):
    from frontdesk.core.mail import render_mail

    context = {"protocol": "https", "domain": "example.com", "uid": "MQ", "token": "abc-123"}
    rendered_subject, body = render_mail("panel/mail/password_reset", context, language)
    assert rendered_subject == subject
    assert body.startswith(opening)
    assert "https://example.com/cms/password/reset/MQ/abc-123/" in body


@pytest.mark.usefixtures("compiled_catalogs")
def test_a_reset_asked_for_on_an_english_page_reaches_a_german_account_in_german(make_user):
    from django.core import mail

    make_user(email="anna@example.com", language="de")
    client = Client()
    response = client.post("/cms/password/reset/", {"email": "anna@example.com"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    assert [message.subject for message in mail.outbox] == ["Passwort zurücksetzen"]
