"""Suppression comments in documents: mark the findings they silence, report the unused ones."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from claimcheck.documents import Directive, apply_suppressions
from claimcheck.report import ClaimReport, Finding, fingerprint
from claimcheck.rules import Rule
from claimcheck.severity import Severity
from claimcheck.sources.document import ReadDocument


def apply(
    claims: list[ClaimReport], documents: Mapping[str, ReadDocument], unused_rule: Rule | None
) -> tuple[list[ClaimReport], list[Finding]]:
    """Suppressed findings stay in the report, marked, with their reason; a comment that
    suppressed nothing, or could not be read, becomes a KV900 finding (when it is enabled)."""
    extra: list[Finding] = []
    out = list(claims)
    for path, document in documents.items():
        if not document.directives and not document.problems:
            continue
        places = [
            (c, f)
            for c, claim in enumerate(out)
            if claim.source.path == path
            for f in range(len(claim.findings))
        ]
        keys = [(out[c].findings[f].code, out[c].findings[f].line or 0) for c, f in places]
        result = apply_suppressions(document.directives, keys)
        for (c, f), directive in zip(places, result.suppressed_by, strict=True):
            if directive is not None:
                findings = list(out[c].findings)
                findings[f] = replace(
                    findings[f], suppressed=True, suppression_reason=directive.reason or ""
                )
                out[c] = replace(out[c], findings=findings)
        if unused_rule is None:
            continue
        for unused in result.unused:
            unknown = [c for c in unused.codes if not any(code.startswith(c) for code in _known())]
            if unknown:
                message = (
                    f"The {unused.directive.kind} comment names no rule: {', '.join(unknown)}."
                )
                extra.append(
                    _finding(
                        unused_rule, path, unused.directive.line, unused.directive.column, message
                    )
                )
            known = tuple(c for c in unused.codes if c not in unknown)
            if known:
                extra.append(_unused(unused_rule, path, unused.directive, known))
        for problem in document.problems:
            message = f"Unreadable claimcheck comment: {problem.message}; it suppresses nothing."
            extra.append(_finding(unused_rule, path, problem.line, problem.column, message))
    return out, extra


def _known() -> tuple[str, ...]:
    from claimcheck.rules import RULES

    return tuple(rule.code for rule in RULES)


def _unused(rule: Rule, path: str, directive: Directive, codes: tuple[str, ...]) -> Finding:
    listed = ", ".join(codes)
    message = (
        f"The {directive.kind} comment for {listed} suppressed nothing: no {listed} finding "
        "is where it points. Remove it, or point it at the claim it was meant for."
    )
    return _finding(rule, path, directive.line, directive.column, message)


def _finding(rule: Rule, path: str, line: int, column: int, message: str) -> Finding:
    return Finding(
        code=rule.code,
        name=rule.name,
        severity=Severity(rule.severity),
        message=message,
        path=path,
        line=line,
        column=column,
        fingerprint=fingerprint(rule.code, f"{message}@{line}", path),
    )
