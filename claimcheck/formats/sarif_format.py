"""``--format sarif``: one SARIF 2.1.0 run, as GitHub code scanning and SARIF viewers read it.

Files are named from the repository root (``uriBaseId`` ``%SRCROOT%``, resolved in
``originalUriBaseIds``) so that code scanning maps them from whatever folder the run started in;
each located result carries GitHub's ``primaryLocationLineHash``; rule descriptors carry
``precision``, ``problem.severity`` and, for a security weakness, ``security-severity``
(https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from itertools import groupby
from pathlib import Path
from typing import Any
from urllib.parse import quote

from claimcheck import DOCS_URL
from claimcheck.errors import InputError
from claimcheck.formats import RenderOptions
from claimcheck.formats.checkout import Checkout
from claimcheck.formats.line_hash import line_hashes
from claimcheck.report import ClaimReport, Finding, InputProblem, Report, RuleInfo
from claimcheck.rules import get as by_code
from claimcheck.severity import Severity

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_PROBLEM = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "recommendation"}
ROOT = "%SRCROOT%"
_STDIN = "-"  # standard input without --stdin-filename: no file to name from the root or hash
_MAX_DESCRIPTION = 1024  # GitHub's limit on fullDescription.text


def render(report: Report, options: RenderOptions) -> str:
    """Rules for every enabled rule, a result for every finding (suppressed ones marked)."""
    return "".join(chunks(report, options))


def chunks(report: Report, options: RenderOptions) -> Iterator[str]:
    """The log piece by piece (``formats.render_chunks``): the results a group at a time, as
    the report's findings come, so that a run over thousands of files never holds the log
    nor more than one file's findings."""
    rules = sorted(report.rules, key=lambda rule: rule.code)
    index = {rule.code: i for i, rule in enumerate(rules)}
    places = _Places(options.checkout)
    invocation: dict[str, Any] = {"executionSuccessful": not report.errors}
    if report.errors:
        invocation["toolExecutionNotifications"] = [_notification(p, places) for p in report.errors]
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": report.tool.name,
                "version": report.tool.version,
                "semanticVersion": report.tool.version,
                "informationUri": DOCS_URL,
                "rules": [_descriptor(rule) for rule in rules],
            }
        },
        "invocations": [invocation],
        "columnKind": "unicodeCodePoints",
        "results": [],
    }
    if options.checkout is not None:
        run["originalUriBaseIds"] = {
            ROOT: {"uri": options.checkout.root.as_uri().rstrip("/") + "/"}
        }
    log = {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}
    before, after = _dumped(log).split(_RESULTS, 1)
    results = (
        _result(finding, index, claim.analysis.restatement if claim else None, places)
        for finding, claim in _by_file(report.ordered_findings(), places)
    )
    first = next(results, None)
    if first is None:
        yield before + _RESULTS + after + "\n"
        return
    yield before + _RESULTS[:-1] + "\n"
    group = [_item(first)]
    for result in results:
        if len(group) == _GROUP:
            yield ",\n".join(group) + ",\n"
            group = []
        group.append(_item(result))
    yield ",\n".join(group) + "\n" + _RESULTS_END + after + "\n"


def _by_file(
    findings: Iterable[tuple[Finding, ClaimReport | None]], places: _Places
) -> Iterator[tuple[Finding, ClaimReport | None]]:
    """``findings`` in turn, those of one file (they come together) held until the lines of
    their results are hashed, together, before the first is written."""
    for path, group in groupby(findings, key=lambda pair: pair[0].path):
        held = list(group)
        if path is not None:
            places.hash_lines(path, {finding.line or 1 for finding, _ in held})
        yield from held


def _item(result: dict[str, Any]) -> str:
    """A result indented as an item of the run's ``results``."""
    return _RESULT_PAD[1:] + _dumped(result).replace("\n", _RESULT_PAD)


_RESULTS = '"results": []'  # where the results go in the log written without them
_RESULT_PAD = "\n        "  # a result is indented as an item of the run's ``results``
_RESULTS_END = "      ]"
_GROUP = 256  # results written at a time


def _dumped(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


def _descriptor(rule: RuleInfo) -> dict[str, Any]:
    registered = by_code(rule.code)
    description = rule.description or rule.summary
    full = description
    if len(full) > _MAX_DESCRIPTION:
        full = full[: _MAX_DESCRIPTION - 1] + "…"
    descriptor: dict[str, Any] = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": full},
        "help": {"text": description, "markdown": description},
        "defaultConfiguration": {"level": _LEVEL[rule.severity]},
        # The code family doubles as the selector prefix (--select KV1).
        "properties": {
            "tags": ["claimcheck", rule.code[:3]],
            "precision": registered.precision,
            "problem.severity": _PROBLEM[rule.severity],
        },
    }
    if registered.security_severity is not None:
        descriptor["properties"]["tags"].append("security")
        descriptor["properties"]["security-severity"] = f"{registered.security_severity:.1f}"
    if rule.help_uri:
        descriptor["helpUri"] = rule.help_uri
    return descriptor


def _result(
    finding: Finding, index: dict[str, int], restatement: str | None, places: _Places
) -> dict[str, Any]:
    result: dict[str, Any] = {"ruleId": finding.code}
    if finding.code in index:
        result["ruleIndex"] = index[finding.code]
    result["level"] = _LEVEL[finding.severity]
    # The claim's fair restatement rides along: a reviewer sees what could honestly be said.
    text = (
        f"{finding.message}\n\nFair restatement: {restatement}" if restatement else finding.message
    )
    result["message"] = {"text": text}
    if finding.path is not None:
        region = {"startLine": finding.line or 1, "startColumn": finding.column or 1}
        if finding.end_line is not None:
            region["endLine"] = finding.end_line
        if finding.end_column is not None:
            region["endColumn"] = finding.end_column
        result["locations"] = [places.location(finding.path, region)]
    fingerprints = {}
    if finding.fingerprint:
        fingerprints["claimcheck/v1"] = finding.fingerprint
    if finding.path is not None and (line_hash := places.line_hash(finding.path, region)):
        fingerprints["primaryLocationLineHash"] = line_hash
    if fingerprints:
        result["partialFingerprints"] = fingerprints
    if finding.suppressed:
        suppression = {"kind": "inSource"}
        if finding.suppression_reason:
            suppression["justification"] = finding.suppression_reason
        result["suppressions"] = [suppression]
    return result


def _notification(problem: InputProblem, places: _Places) -> dict[str, Any]:
    notification: dict[str, Any] = {"level": "error", "message": {"text": problem.message}}
    if problem.path is not None:
        region = {}
        if problem.line is not None:
            region["startLine"] = problem.line
            if problem.column is not None:
                region["startColumn"] = problem.column
        notification["locations"] = [places.location(problem.path, region)]
    return notification


class _Places:
    """Artifact locations from the repository root, and each file's line hashes (read once)."""

    def __init__(self, checkout: Checkout | None) -> None:
        self.checkout = checkout
        self.hashed: str | None = None
        self.asked: set[int] = set()
        self.hashes: dict[int, str] = {}

    def location(self, path: str, region: dict[str, int]) -> dict[str, Any]:
        physical: dict[str, Any] = {"artifactLocation": self.artifact(path)}
        if region:
            physical["region"] = region
        return {"physicalLocation": physical}

    def artifact(self, path: str) -> dict[str, str]:
        """A path from the root, relative to ``%SRCROOT%``; a file outside it by its file URI.
        A uri is a URI reference: spaces, "%", "#" and ":" in names are percent-encoded (a
        folder named ``https:`` is no scheme)."""
        if path == _STDIN:
            return {"uri": path}
        if self.checkout is None:  # the names are already from the root, unless absolute
            if Path(path).is_absolute():
                return {"uri": file_uri(Path(path))}
            return {"uri": quote(path, safe="/", errors="surrogateescape"), "uriBaseId": ROOT}
        inside = self.checkout.from_root(path)
        if inside is None:
            return {"uri": file_uri(self.checkout.absolute(path))}
        return {"uri": quote(inside, safe="/", errors="surrogateescape"), "uriBaseId": ROOT}

    def hash_lines(self, path: str, lines: set[int]) -> None:
        """Hash ``lines`` of the file ``path``, when it can be read, and keep their hashes
        (only those: each needs the lines before it hashed too, not kept)."""
        if self.checkout is None or path == _STDIN:
            return
        try:
            hashes = line_hashes(self.checkout.text_parts(path), lines)
        except InputError:
            hashes = {}
        self.hashed, self.asked, self.hashes = path, lines, hashes

    def line_hash(self, path: str, region: dict[str, int]) -> str | None:
        """GitHub's hash of the result's first line, when the file can be read (the lines of
        the file last asked about are hashed together: ``hash_lines``)."""
        if self.checkout is None or path == _STDIN:
            return None
        line = region.get("startLine", 1)
        if path != self.hashed or line not in self.asked:
            self.hash_lines(path, {line})
        return self.hashes.get(line)


def file_uri(path: Path) -> str:
    """The ``file:`` URI of an absolute path. A POSIX path may start with two slashes and name
    the same file as with one, but its URI (``file:////host/x``) is read on Windows as a file
    on the server ``host``: leading slashes are made one (a Windows UNC path keeps its host)."""
    if not path.drive and path.as_posix().startswith("//"):
        path = Path("/" + path.as_posix().lstrip("/"))
    return path.as_uri()
