"""The host's demo marks (core/demo.py): a demo finds again exactly the rows it made, whatever
they are called now and in the bin too, and never a row it did not mark."""

from __future__ import annotations

import pytest

from frontdesk.categories import operations
from frontdesk.categories.models import Category
from frontdesk.core.demo import forget_made, made_by_demo, mark_made
from tests.testapp.categories import TOPIC

pytestmark = pytest.mark.django_db


def topic(name: str) -> Category:
    return operations.create_category(TOPIC, actor=None, values={"name": {"en": name}})


def test_a_demo_finds_its_rows_renamed_or_binned_and_never_another_ones():
    ours, binned = topic("Shipping"), topic("Returns")
    editors = topic("Shipping")  # the editor's own, under the demo's name
    mark_made(ours, demo="shop", key="shipping")
    mark_made(binned, demo="shop", key="returns")
    mark_made(editors, demo="other-demo", key="shipping")
    operations.update_category(ours, actor=None, values={"name": {"en": "Delivery"}})
    operations.bin_category(binned, actor=None)
    assert made_by_demo(Category, demo="shop") == {"shipping": ours, "returns": binned}
    forget_made(demo="shop", rows=[binned])
    assert made_by_demo(Category, demo="shop") == {"shipping": ours}
    forget_made(demo="shop")
    assert made_by_demo(Category, demo="shop") == {}
    assert made_by_demo(Category, demo="other-demo") == {"shipping": editors}
