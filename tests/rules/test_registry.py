"""The registry: every rule module is listed, codes are stable, and each docstring is user doc
whose examples really flag and really do not flag."""

from __future__ import annotations

import pkgutil
import re
import tempfile
from pathlib import Path

import pytest

import claimcheck.rules
from claimcheck.audit import Inputs, audit
from claimcheck.catalog.source import CatalogSource
from claimcheck.claim import Claim
from claimcheck.errors import UsageError
from claimcheck.extract import extract_claims
from claimcheck.judge import judge
from claimcheck.prepare import prepare
from claimcheck.record import ClaimRecord
from claimcheck.rules import RULES, Rule, check_selectors, enabled, get
from claimcheck.settings import Settings
from claimcheck.sources.claimfile import load_claims


def test_every_rule_module_is_registered() -> None:
    names = {m.name for m in pkgutil.iter_modules(claimcheck.rules.__path__)} - {"base"}
    registered = {rule.check.__module__.rsplit(".", 1)[1] for rule in RULES}
    assert names == registered


def test_codes_and_names_are_unique_and_well_formed() -> None:
    assert len({r.code for r in RULES}) == len(RULES)
    assert len({r.name for r in RULES}) == len(RULES)
    for rule in RULES:
        assert re.fullmatch(r"KV\d{3}", rule.code)
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", rule.name)


def _examples(rule: Rule, heading: str) -> list[str]:
    match = re.search(heading + r":\n((?:    .+\n?)+)", rule.doc)
    assert match, f"{rule.code} has no '{heading}:' example"
    return [line.strip() for line in match.group(1).splitlines() if line.strip()]


def _record(text: str) -> ClaimRecord:
    (extraction,) = extract_claims(text, explicit=True)
    claim = Claim.model_validate(dict(extraction.values))
    return ClaimRecord(claim, text, None, None, cues=dict.fromkeys(extraction.cues))


def _codes_for(example: str) -> set[str]:
    """Run a docstring example: a sentence, a YAML claim (``{...}``), or several quoted
    sentences audited in one run (``(two claims in one run) "…" and "…"``)."""
    settings = Settings()
    if example.startswith("(a document)"):
        return _document_codes(example.removeprefix("(a document)").strip().replace(" / ", "\n"))
    if example.startswith("{"):
        loaded = load_claims(example, "yaml", "example.yaml", "example")
        assert loaded is not None
        records = loaded.records
    elif example.startswith("("):
        records = [_record(quoted) for quoted in re.findall(r'"([^"]+)"', example)]
    else:
        records = [_record(example)]
    catalogs = CatalogSource(settings.assume)
    prepared = [prepare(r, catalogs, settings.assume, settings.thresholds) for r in records]
    reports = judge(prepared, RULES, settings.thresholds)
    return {f.code for f in reports[0].findings}


def _document_codes(markdown: str) -> set[str]:
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "page.md"
        page.write_text(markdown + "\n", encoding="utf-8")
        report = audit(Inputs(arguments=[str(page)]))
    return {f.code for f in report.unsuppressed()}


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_docstring_examples_flag_and_do_not_flag(rule: Rule) -> None:
    for text in _examples(rule, "Flags"):
        assert rule.code in _codes_for(text), text
    for text in _examples(rule, "Does not flag"):
        assert rule.code not in _codes_for(text), text


def test_get_by_code_or_name() -> None:
    assert get("kv101").name == "prefill-only"
    assert get("filled-context").code == "KV103"
    with pytest.raises(UsageError, match="did you mean 'KV101'"):
        get("KV1O1")


def test_selection_follows_specificity() -> None:
    def codes(rules: tuple[Rule, ...]) -> list[str]:
        return [r.code for r in rules]

    assert codes(enabled(("ALL",), ())) == [r.code for r in RULES]
    assert codes(enabled(("KV20",), ())) == [
        "KV201",
        "KV202",
        "KV203",
        "KV204",
        "KV205",
        "KV206",
        "KV207",
        "KV208",
        "KV209",
    ]
    assert codes(enabled(("ALL",), ("KV1", "KV2", "KV30"))) == ["KV900"]
    assert codes(enabled(("KV103",), ("KV1",))) == ["KV103"]  # more specific select wins
    assert codes(enabled(("KV1",), ("KV1",))) == []  # a tie goes to ignore
    assert codes(enabled(("KV101",), (), ("KV302",))) == ["KV101", "KV302"]


@pytest.mark.parametrize(
    ("selector", "suggestion"),
    [("prefil-only", "'prefill-only'"), ("Prefill-Onli", "'prefill-only'"), ("KV10X", "'KV105'")],
)
def test_a_misspelt_selector_or_rule_gets_the_closest_code_or_name(
    selector: str, suggestion: str
) -> None:
    # A name was compared in capitals with the names, so it never found one.
    with pytest.raises(UsageError, match=f"did you mean {suggestion}"):
        check_selectors((selector,), "select")
    with pytest.raises(UsageError, match=f"did you mean {suggestion}"):
        get(selector)
