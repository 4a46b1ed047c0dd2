"""``--format sarif``: one SARIF 2.1.0 run, as GitHub code scanning and SARIF viewers read it."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from claimcheck import DOCS_URL
from claimcheck.formats import RenderOptions
from claimcheck.report import Finding, InputProblem, Report, RuleInfo
from claimcheck.severity import Severity

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_MAX_DESCRIPTION = 1024  # GitHub's limit on fullDescription.text


def render(report: Report, options: RenderOptions) -> str:
    """Rules for every enabled rule, a result for every finding (suppressed ones marked)."""
    rules = sorted(report.rules, key=lambda rule: rule.code)
    index = {rule.code: i for i, rule in enumerate(rules)}
    restated = {
        id(finding): claim.analysis.restatement
        for claim in report.claims
        for finding in claim.findings
        if claim.analysis.restatement
    }
    invocation: dict[str, Any] = {"executionSuccessful": not report.errors}
    if report.errors:
        invocation["toolExecutionNotifications"] = [_notification(p) for p in report.errors]
    run = {
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
        "results": [
            _result(finding, index, restated.get(id(finding))) for finding in report.all_findings()
        ],
    }
    log = {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def _descriptor(rule: RuleInfo) -> dict[str, Any]:
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
        "properties": {"tags": ["claimcheck", rule.code[:3]]},
    }
    if rule.help_uri:
        descriptor["helpUri"] = rule.help_uri
    return descriptor


def _result(finding: Finding, index: dict[str, int], restatement: str | None) -> dict[str, Any]:
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
        result["locations"] = [_location(finding.path, region)]
    if finding.fingerprint:
        result["partialFingerprints"] = {"claimcheck/v1": finding.fingerprint}
    if finding.suppressed:
        suppression = {"kind": "inSource"}
        if finding.suppression_reason:
            suppression["justification"] = finding.suppression_reason
        result["suppressions"] = [suppression]
    return result


def _notification(problem: InputProblem) -> dict[str, Any]:
    notification: dict[str, Any] = {"level": "error", "message": {"text": problem.message}}
    if problem.path is not None:
        region = {}
        if problem.line is not None:
            region["startLine"] = problem.line
            if problem.column is not None:
                region["startColumn"] = problem.column
        notification["locations"] = [_location(problem.path, region)]
    return notification


def _location(path: str, region: dict[str, int]) -> dict[str, Any]:
    # A uri is a URI reference: spaces, "%", "#" and ":" in file names must be percent-encoded.
    physical: dict[str, Any] = {"artifactLocation": {"uri": quote(path, safe="/")}}
    if region:
        physical["region"] = region
    return {"physicalLocation": physical}
