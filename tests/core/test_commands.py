"""createadmin and demo: idempotent, print the login, and demo content comes and goes; the
`frontdesk` command refuses options it would ignore."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import CommandError, call_command

from frontdesk.core import demo
from frontdesk.core.models import User

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_createadmin_creates_a_superuser_that_can_log_in():
    output = run("createadmin", "--email", "Boss@Example.com", "--password", "a long password 42")
    admin = User.objects.get()
    assert admin.email == "boss@example.com"
    assert admin.is_superuser and admin.is_staff and admin.is_active
    assert "Created administrator boss@example.com" in output
    assert authenticate(username="boss@example.com", password="a long password 42") == admin


def test_createadmin_is_idempotent_and_keeps_the_password_unless_given():
    run("createadmin", "--email", "boss@example.com", "--password", "first password 42")
    output = run("createadmin", "--email", "boss@example.com")
    assert User.objects.count() == 1
    assert "Updated administrator" in output
    assert "password:" not in output
    assert authenticate(username="boss@example.com", password="first password 42")


def test_createadmin_generates_and_prints_a_password_for_a_new_account():
    output = run("createadmin", "--email", "boss@example.com")
    password = output.split("password:")[1].strip()
    assert len(password) >= 12
    assert authenticate(username="boss@example.com", password=password)


def test_createadmin_promotes_an_existing_account(make_user):
    user = make_user(email="clerk@example.com")
    run("createadmin", "--email", "clerk@example.com")
    user.refresh_from_db()
    assert user.is_superuser


def test_createadmin_refuses_a_bad_address():
    with pytest.raises(CommandError, match="not an e-mail address"):
        run("createadmin", "--email", "nobody")


@pytest.fixture
def registered_demo():
    made: list[str] = []
    content = demo.DemoContent(
        "test-content",
        seed=lambda: made.append("seeded") or "1 thing seeded",
        remove=lambda: made.append("removed") or "1 thing removed",
    )
    with demo.DEMOS.temporarily("test-content", content):
        yield made


def test_demo_seeds_every_registered_content_and_prints_the_admin_login(registered_demo):
    output = run("demo")
    assert registered_demo == ["seeded"]
    assert "test-content: 1 thing seeded" in output
    password = output.split("password:")[1].strip()
    assert authenticate(username="admin@example.com", password=password).is_superuser


def test_demo_twice_keeps_one_admin_with_a_fresh_printed_password(registered_demo):
    run("demo")
    output = run("demo")
    password = output.split("password:")[1].strip()
    assert User.objects.filter(email="admin@example.com").count() == 1
    assert authenticate(username="admin@example.com", password=password)


def test_demo_remove_takes_the_content_back_out(registered_demo):
    output = run("demo", "--remove")
    assert registered_demo == ["removed"]
    assert "test-content: 1 thing removed" in output


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--settings=mysite.settings"],
        ["check", "--settings", "mysite.settings"],
        ["migrate", "--plan", "--settings=frontdesk.settings"],
        ["check", "--settings"],
    ],
)
def test_a_settings_option_is_refused_with_a_clear_message_not_ignored(argv, monkeypatch, capsys):
    from frontdesk.__main__ import main

    # Django would write the option into the environment; keep this worker's own value either way.
    monkeypatch.setenv("DJANGO_SETTINGS_MODULE", os.environ["DJANGO_SETTINGS_MODULE"])
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("frontdesk: --settings is not taken:")
    assert "environment" in error and "DJANGO_SETTINGS_MODULE" in error


def test_the_frontdesk_command_refuses_a_settings_option_before_it_starts():
    result = subprocess.run(
        [sys.executable, "-m", "frontdesk", "check", "--settings=no.such.module"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "--settings is not taken" in result.stderr
    assert "System check identified" not in result.stdout
