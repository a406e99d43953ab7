"""The inbox's settings (inbox/conf.py): the site's keys over the defaults, merged once; settings.py
maps the environment and holds no default; the inbox's checks judge the values."""

from __future__ import annotations

import ast
from pathlib import Path

import frontdesk
from frontdesk.inbox import checks
from frontdesk.inbox.conf import DEFAULTS, inbox_settings
from tests.sections import section_from_environment

SOURCE = Path(frontdesk.__file__).parent


def test_a_site_that_sets_one_key_of_a_section_keeps_the_other_defaults(settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {"antispam": {"throttle": 9}, "script": False}}
    configured = inbox_settings()
    assert configured["antispam"] == {**DEFAULTS["antispam"], "throttle": 9}
    assert configured["script"] is False and configured["upload"] == DEFAULTS["upload"]


def test_a_change_of_the_settings_is_read_at_once(settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {"duplicate_window": 60}}
    assert inbox_settings()["duplicate_window"] == 60
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {}}
    assert inbox_settings()["duplicate_window"] == DEFAULTS["duplicate_window"]


def inbox_section(tmp_path, **environment: str) -> dict:
    return section_from_environment(
        tmp_path, "inbox", cleared=("FRONTDESK_INBOX", "FRONTDESK_CAPTCHA"), **environment
    )


def test_settings_py_sets_only_what_the_environment_gives(tmp_path):
    assert inbox_section(tmp_path) == {}
    assert inbox_section(
        tmp_path,
        FRONTDESK_INBOX_THROTTLE="7",
        FRONTDESK_INBOX_MAX_UPLOAD_MB="2",
        FRONTDESK_INBOX_SCRIPT="false",
    ) == {"antispam": {"throttle": 7}, "upload": {"max_bytes": 2 * 1024 * 1024}, "script": False}


def reads_inbox_settings(node: ast.AST) -> bool:
    """`<...>.FRONTDESK["inbox"]` or `<...>.FRONTDESK.get("inbox")`."""

    def is_frontdesk(value: ast.AST) -> bool:
        return isinstance(value, ast.Attribute) and value.attr == "FRONTDESK"

    if isinstance(node, ast.Subscript) and is_frontdesk(node.value):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "inbox"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        argument = node.args[0] if node.args else None
        return (
            is_frontdesk(node.func.value) and isinstance(argument, ast.Constant) and argument.value == "inbox"
        )
    return False


def test_no_module_but_conf_reads_the_inbox_settings_by_hand():
    readers = [
        f"{path.relative_to(SOURCE)}:{node.lineno}"
        for path in SOURCE.rglob("*.py")
        if path.name not in {"conf.py", "settings.py"}
        for node in ast.walk(ast.parse(path.read_text()))
        if reads_inbox_settings(node)
    ]
    assert readers == []


def test_files_kept_inside_the_public_media_folder_stop_start_up(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "inbox": {**settings.STORAGES["inbox"], "OPTIONS": {"location": tmp_path / "inbox"}},
    }
    (error,) = checks.check_inbox_storage_is_private()
    assert error.id == "frontdesk.E003" and "MEDIA_ROOT" in error.msg


def test_more_files_than_django_takes_in_one_post_stop_start_up(settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {"upload": {"max_files": 80}}}
    (error,) = checks.check_upload_limits()
    assert error.id == "frontdesk.E103" and "at least 160" in error.msg
    settings.DATA_UPLOAD_MAX_NUMBER_FILES = 160
    assert checks.check_upload_limits() == []
