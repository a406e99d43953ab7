"""The Services section's pages: the ordered list, the editor with its project-fields card, the bin."""

from __future__ import annotations

import pytest
from django.urls import reverse

from frontdesk.services.operations import bin_service
from tests.project_fields import node, project_fields
from tests.services.conftest import make_service

pytestmark = pytest.mark.django_db


def test_the_list_shows_the_services_in_order_sortable_for_a_manager(editor_client):
    make_service("Garden design", "garden-design")
    make_service("Tree care", "tree-care", is_visible=False)
    page = editor_client.get(reverse("panel:panel-services:list")).content.decode()
    assert page.index("Garden design") < page.index("Tree care")
    assert "data-sortable" in page and "services/panel/list.js" in page and "/services/garden-design" in page
    assert "Hidden" in page


def test_a_viewer_sees_the_list_without_order_controls_or_editor(client, viewer):
    service = make_service("Garden design", "garden-design")
    client.force_login(viewer)
    page = client.get(reverse("panel:panel-services:list")).content.decode()
    assert "Garden design" in page and "data-sortable" not in page
    assert client.get(reverse("panel:panel-services:edit", args=[service.pk])).status_code == 403


def test_the_editor_has_a_text_per_language_and_the_project_fields_card(editor_client):
    service = make_service({"en": "Garden design", "de": "Gartenplanung"}, "garden-design")
    with project_fields(node("price", "number", min=0), screen="services.form"):
        page = editor_client.get(reverse("panel:panel-services:edit", args=[service.pk])).content.decode()
    assert 'name="title.de"' in page and 'value="Gartenplanung"' in page and 'name="slug.ru"' in page
    assert 'id="project-fields"' in page and 'data-project-field="price"' in page
    assert editor_client.get(reverse("panel:panel-services:new")).status_code == 200


def test_the_bin_lists_binned_services_with_restore(editor_client):
    service = make_service("Garden design", "garden-design")
    bin_service(service, actor=None)
    page = editor_client.get(reverse("panel:panel-services:bin")).content.decode()
    assert "Garden design" in page and "data-restore" in page
    assert "Garden design" not in editor_client.get(reverse("panel:panel-services:list")).content.decode()


def test_the_list_names_the_default_languages_address_whichever_was_stored_first(editor_client):
    # The German slug stored first: the list still names the English (default language's) address.
    make_service(
        {"de": "Gartenplanung", "en": "Garden design"}, slug={"de": "gartenplanung", "en": "garden-design"}
    )
    page = editor_client.get(reverse("panel:panel-services:list")).content.decode()
    assert ">/services/garden-design</code>" in page
    assert "/de/services/gartenplanung" not in page
