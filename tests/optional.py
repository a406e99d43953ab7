"""The optional apps as the tests see them (FRONTDESK_WITHOUT, docs/host.md "Optional apps"): a
test about one of them is skipped, with the reason, in a run that leaves the app out.

`pytest.importorskip` cannot say this: the app's modules are still there to import, and importing
its models without the app installed is an error, not a skip.
"""

from __future__ import annotations

import pytest
from django.apps import apps

from frontdesk.settings import OPTIONAL_APPS


def installed(name: str) -> bool:
    """Whether the optional app `name` (blocks, pages, services) is in INSTALLED_APPS."""
    assert name in OPTIONAL_APPS, f"{name} is not an optional app"
    return apps.is_installed(f"frontdesk.{name}")


def needs(name: str) -> pytest.MarkDecorator:
    """Skips the test (or parameter) in a run without the optional app `name`."""
    return pytest.mark.skipif(not installed(name), reason=f"frontdesk.{name} is left out (FRONTDESK_WITHOUT)")
