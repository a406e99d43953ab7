"""Prints one line per database run and the total, read from the JUnit reports of scripts/test."""

import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

totals = {"passed": 0, "failed": 0, "skipped": 0}
for report in sorted(Path(sys.argv[1]).glob("*.xml")):
    suite = ElementTree.parse(report).getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
    tests, failures, errors, skipped = (
        int(suite.get(key, 0)) for key in ("tests", "failures", "errors", "skipped")
    )
    failed = failures + errors
    passed = tests - failed - skipped
    browser = sum(
        1
        for case in suite.iter("testcase")
        if case.get("classname", "").startswith("tests.browser")
        and case.find("skipped") is None
        and case.find("failure") is None
        and case.find("error") is None
    )
    print(
        f"{report.stem}: {passed} passed, {failed} failed, {skipped} skipped ({browser} browser tests passed)"
    )
    totals["passed"] += passed
    totals["failed"] += failed
    totals["skipped"] += skipped
if not totals["passed"]:
    print("no test ran")
    sys.exit(1)
print(f"total: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped")
sys.exit(1 if totals["failed"] else 0)
