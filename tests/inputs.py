"""Every input model of the installed apps, for the tests that walk them all (tests/test_input_limits.py,
tests/test_input_properties.py)."""

from __future__ import annotations

from django.apps import apps

from frontdesk.categories.inputs import inputs_for
from frontdesk.categories.types import CATEGORY_TYPES
from frontdesk.core.inputs import Input


def input_models() -> list[type[Input]]:
    """Every Input model of every installed app, the category types' made on demand included."""
    for name in CATEGORY_TYPES.names():
        inputs_for(name)
    found: list[type[Input]] = []
    waiting: list[type[Input]] = [Input]
    while waiting:
        model = waiting.pop()
        for subclass in model.__subclasses__():
            if subclass not in found:
                found.append(subclass)
                waiting.append(subclass)
    installed = {config.name for config in apps.get_app_configs()}
    return [
        model
        for model in found
        if any(model.__module__.startswith(name) for name in installed | {"frontdesk"})
    ]
