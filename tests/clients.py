"""Test clients shared by the host's and the services' tests."""

from __future__ import annotations

from django.test import Client

INBOX_API = "/api/cms/inbox"


def client_for(user) -> Client:
    """A Django test client logged in as `user` (session, as the panel's browser is)."""
    client = Client()
    client.force_login(user)
    return client


def send(client: Client, method: str, path: str, body=None):
    """A JSON call to the inbox API: `send(client, "post", "/statuses", {...})`."""
    return getattr(client, method)(INBOX_API + path, body, content_type="application/json")
