"""The events' panel API (docs/events.md, "The panel API")."""

from __future__ import annotations

from django.urls import reverse

from frontdesk.events.models import Event

BASE = "/api/cms/events"


def test_smoke(clock, admin_client, make_event) -> None:
    assert admin_client.post(BASE, {}, content_type="application/json").status_code == 422
    created = admin_client.post(BASE, {"title": {"en": "Yoga"}}, content_type="application/json")
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    one = admin_client.get(f"{BASE}/{pk}").json()
    print(one)
    link = one["preview"]["path"]
    page = admin_client.get(link)
    assert page.status_code == 200 and b"Yoga" in page.content
    listed = admin_client.get(BASE, {"when": "all"}).json()
    print(listed)
    assert admin_client.get(f"{BASE}/categories").status_code == 200
    for name in ["list_events", "create_event"]:
        reverse(f"cms-api:{name}")
    for name in [
        "get_event",
        "save_event",
        "duplicate_event",
        "publish_event",
        "unpublish_event",
        "discard_event",
        "delete_event",
        "restore_event",
        "list_event_versions",
        "preview_event",
        "event_log",
    ]:
        reverse(f"cms-api:{name}", kwargs={"event": pk})
    reverse("cms-api:restore_event_version", kwargs={"event": pk, "number": 1})
    r = admin_client.post(
        reverse("cms-api:duplicate_event", kwargs={"event": pk}), content_type="application/json"
    )
    assert r.status_code == 201, r.json()
    r = admin_client.post(
        reverse("cms-api:publish_event", kwargs={"event": pk}), {}, content_type="application/json"
    )
    assert r.status_code == 200, r.json()
    assert admin_client.delete(f"{BASE}/{pk}").status_code == 204
    assert Event.all_objects.get(pk=pk).deleted_at
    r = admin_client.post(f"{BASE}/{pk}/restore")
    assert r.status_code == 200, r.json()
    print(admin_client.get(f"{BASE}/{pk}/versions").json())
