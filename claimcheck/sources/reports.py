"""Recognising claimcheck's own reports, so that a report written into an audited folder
(``-o docs/report.md``) is not read back as an input on the next run.

A report is known by its shape, not its name: the JSON report's ``tool`` entry, the SARIF
driver name, the GitLab Code Quality entries, the JUnit ``testsuites`` name, the
``## claimcheck`` heading of the Markdown report, workflow commands of the GitHub format, and
the generator tag of the HTML report, and the summary line that ends the text and concise formats (README "Three ways in").
"""

from __future__ import annotations

import os
import re
from pathlib import Path

PEEK = 4096
"""Characters at each end of a text that tell whether it is a report."""

_HEADS = (
    re.compile(r'\{\s*"schema_version":\s*\d+,\s*"tool":\s*\{\s*"name":\s*"claimcheck"'),
    re.compile(
        r'\{\s*"\$schema":\s*"[^"]*sarif[^"]*".*?"driver":\s*\{\s*"name":\s*"claimcheck"', re.S
    ),
    re.compile(r'\[\s*\{\s*"description":\s*"KV\d{3} [^"]*",\s*"check_name":\s*"KV\d{3}"'),
    re.compile(r'(<\?xml[^>]*>\s*)?<testsuites name="claimcheck"'),
    re.compile(r"## claimcheck\n\n\d+ claims? in \d+ files?: "),
    re.compile(r"::(?:error|warning|notice) [^\n]*title=claimcheck "),
    re.compile(
        r'<!doctype html>\s*<html[^>]*>\s*<head>.*?<meta name="generator" content="claimcheck ',
        re.S,
    ),
)
_FIRST = frozenset("{[<#:")
_SUMMARY = re.compile(
    r"(?:\A|\s)\d+ claims?(?: in \d+ files?)?: \d+ errors?, \d+ warnings?, \d+ info"
    r"(?:; \d+ suppressed)?(?:; \d+ inputs? could not be audited)?\Z"
)


def is_report(head: str, tail: str) -> bool:
    """Is a text that starts with ``head`` and ends with ``tail`` a claimcheck report?

    The text and concise formats end with the summary line, which a narrow terminal may have
    wrapped; the others are recognised from their first characters.
    """
    start = head.lstrip("\ufeff")
    # Every report's first character is one of these (a YAML claim file's is not).
    if start[:1] in _FIRST and any(pattern.match(start) for pattern in _HEADS):
        return True
    if (
        "claim" not in tail or "info" not in tail
    ):  # the summary line names both: most texts stop here
        return False
    return _SUMMARY.search(" ".join(tail.split())) is not None


def is_report_file(path: Path) -> bool:
    """Is the file at ``path`` a claimcheck report? (Unreadable: no.)"""
    try:
        with path.open("rb") as handle:
            head = handle.read(PEEK)
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - PEEK))
            tail = handle.read(PEEK)
    except OSError:
        return False
    return is_report(head.decode("utf-8", "replace"), tail.decode("utf-8", "replace"))
