"""Fixtures of the host's tests."""

from __future__ import annotations

import pytest

from frontdesk.core.notes import NoteEntity, register_entity, unregister_entity


@pytest.fixture
def account_notes():
    """A registered note entity for the tests: notes on accounts, guarded by core.accounts.manage."""
    register_entity(
        NoteEntity(
            "test_account",
            model="core.User",
            view_permission="core.accounts.manage",
            add_permission="core.accounts.manage",
        )
    )
    yield "test_account"
    unregister_entity("test_account")
