"""The FAQ block's script: one small ES module of our own, without dependencies (issue 14, item 8;
its behaviour in a browser: tests/browser/test_faq_site.py)."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import frontdesk

SCRIPT = Path(frontdesk.__file__).resolve().parent / "faq" / "static" / "faq" / "faq.js"
MOST_GZIPPED = 2048


def test_the_script_is_at_most_2_kb_gzipped():
    source = SCRIPT.read_bytes()
    assert source.strip(), "the script is empty"
    assert len(gzip.compress(source, compresslevel=9)) <= MOST_GZIPPED


def test_the_script_is_a_module_that_imports_nothing():
    source = SCRIPT.read_text()
    assert not re.search(r"^\s*import\b|\bimport\s*\(|\brequire\s*\(", source, re.MULTILINE)
    # It reads the block's markup as the contract prints it (docs/faq.md, "The HTML").
    for hook in ("data-faq-block", "data-faq-filter", "data-faq-category", "data-faq-anchor", "hashchange"):
        assert hook in source
