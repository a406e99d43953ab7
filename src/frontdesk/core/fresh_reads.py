"""Reading past the caches of shared values while a page is rendered to be kept.

The site's menu and the settings groups are kept in Django's cache for a minute at most
(publishing/navigation.py, sitesettings/reading.py): with each worker's own memory, a change
made in another worker reaches this one within that minute. A page kept in the cache
(publishing/page_cache.py) would keep such a lagging value much longer, so while one is rendered
to be kept, `reading_fresh()` is on and those readers ask the database (and refresh their cache
with what they read).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_fresh: ContextVar[bool] = ContextVar("frontdesk_fresh_reads", default=False)


@contextmanager
def reading_fresh() -> Iterator[None]:
    """Within the block, `must_read_fresh()` is true (this thread or task only)."""
    token = _fresh.set(True)
    try:
        yield
    finally:
        _fresh.reset(token)


def must_read_fresh() -> bool:
    """Whether a reader of a cached shared value should ask the database instead."""
    return _fresh.get()
