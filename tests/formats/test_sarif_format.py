"""SARIF 2.1.0: valid against the official schema, with rules, regions and suppressions right."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest

from claimcheck import DOCS_URL, __version__
from claimcheck.formats import OutputFormat, RenderOptions, render
from claimcheck.formats.checkout import Checkout
from claimcheck.formats.line_hash import line_hashes
from claimcheck.formats.sarif_format import chunks
from claimcheck.report import Report
from claimcheck.severity import Severity
from tests.formats.ci_sample import build, hit, problem, rule

SCHEMA = json.loads(
    (Path(__file__).parent.parent / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")
)
RULES = [rule("KV101"), rule("KV201", Severity.INFO), rule("KV202", Severity.ERROR)]


def sarif(report: Report) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(render(report, OutputFormat.SARIF))
    return doc


def run_of(report: Report) -> dict[str, Any]:
    run: dict[str, Any] = sarif(report)["runs"][0]
    return run


REPORTS = {
    "empty": build([]),
    "suppressed": build(
        [
            hit("KV101", suppressed=True, suppression_reason="benchmark is disclosed below"),
            hit("KV202", Severity.ERROR, suppressed=True),
            hit("KV201", Severity.INFO),
        ],
        rules=RULES,
    ),
    "text-only": build([hit("KV202", Severity.ERROR, path=None, line=1, column=4)], rules=RULES),
    "input-errors": build(
        [hit(end_line=3, end_column=12)],
        [
            problem("claims/bad.yaml", "unknown field", line=3, column=1),
            problem("claims/gone.yaml", "cannot read"),
            problem(None, "stdin is empty"),
        ],
        rules=RULES,
        document=[hit("KV900", path="docs/other.md", line=9, column=1)],
    ),
}


@pytest.mark.parametrize("name", sorted(REPORTS))
def test_valid_against_the_official_schema(name: str) -> None:
    jsonschema.Draft4Validator(SCHEMA).validate(sarif(REPORTS[name]))


def test_schema_check_would_catch_a_malformed_log() -> None:
    doc = sarif(REPORTS["suppressed"])
    doc["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(SCHEMA).validate(doc)


def test_log_header_and_driver() -> None:
    doc = sarif(build([]))
    assert doc["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    assert doc["version"] == "2.1.0"
    assert len(doc["runs"]) == 1
    run = doc["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "claimcheck"
    assert driver["version"] == __version__
    assert driver["semanticVersion"] == __version__
    assert driver["informationUri"] == DOCS_URL
    assert driver["rules"] == []
    assert run["results"] == []
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["invocations"] == [{"executionSuccessful": True}]


def test_rule_descriptors() -> None:
    long_doc = "Long. " + "word " * 400
    rules = [
        rule("KV202", Severity.ERROR),
        rule("KV101", description=long_doc),
        rule("KV201", Severity.INFO),
    ]
    descriptors = run_of(build([], rules=rules))["tool"]["driver"]["rules"]
    assert [d["id"] for d in descriptors] == ["KV101", "KV201", "KV202"]
    kv101, kv201, kv202 = descriptors
    assert kv202 == {
        "id": "KV202",
        "name": "name-kv202",
        "shortDescription": {"text": "Summary of KV202"},
        "fullDescription": {"text": "Summary of KV202.\n\nWhat KV202 flags, in *Markdown*."},
        "help": {
            "text": "Summary of KV202.\n\nWhat KV202 flags, in *Markdown*.",
            "markdown": "Summary of KV202.\n\nWhat KV202 flags, in *Markdown*.",
        },
        "defaultConfiguration": {"level": "error"},
        "properties": {
            "tags": ["claimcheck", "KV2"],
            "precision": "very-high",  # the registry's (``rules.get``)
            "problem.severity": "error",
        },
        "helpUri": "https://example.org/rules#kv202",
    }
    assert kv201["defaultConfiguration"] == {"level": "note"}
    assert kv201["properties"]["problem.severity"] == "recommendation"
    assert kv101["defaultConfiguration"] == {"level": "warning"}
    assert kv101["properties"]["problem.severity"] == "warning"
    assert len(kv101["fullDescription"]["text"]) == 1024
    assert long_doc.startswith(kv101["fullDescription"]["text"][:-1])
    assert kv101["help"]["text"] == long_doc
    assert "security-severity" not in json.dumps(descriptors)


def test_result_for_a_located_finding() -> None:
    finding = hit(
        "KV202", Severity.ERROR, line=4, column=7, end_line=4, end_column=19, fingerprint="abc123"
    )
    (result,) = run_of(build([finding], rules=RULES))["results"]
    assert result == {
        "ruleId": "KV202",
        "ruleIndex": 2,
        "level": "error",
        "message": {"text": "message of KV202"},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": "docs/page.md", "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": 4, "startColumn": 7, "endLine": 4, "endColumn": 19},
                }
            }
        ],
        "partialFingerprints": {"claimcheck/v1": "abc123"},
    }


def test_info_is_a_note_and_missing_numbers_are_one() -> None:
    finding = hit("KV201", Severity.INFO, line=None, column=None)
    (result,) = run_of(build([finding], rules=RULES))["results"]
    assert result["level"] == "note"
    assert result["ruleIndex"] == 1
    assert result["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 1,
        "startColumn": 1,
    }


def test_uri_is_percent_encoded() -> None:
    (result,) = run_of(build([hit(path="docs/my page#2:100%.md")]))["results"]
    uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "docs/my%20page%232%3A100%25.md"


def _artifacts(report: Report, options: RenderOptions | None = None) -> list[dict[str, str]]:
    log = json.loads(render(report, OutputFormat.SARIF, options))
    return [
        r["locations"][0]["physicalLocation"]["artifactLocation"] for r in log["runs"][0]["results"]
    ]


def test_a_folder_named_like_a_scheme_is_a_path_from_the_root(tmp_path: Path) -> None:
    # "https:" is a folder's name: the uri stays a relative reference under %SRCROOT%.
    checkout, _ = located(tmp_path)
    relative = {"uri": "https%3A/evil.example/x.md", "uriBaseId": "%SRCROOT%"}
    assert _artifacts(build([hit(path="https:/evil.example/x.md")])) == [relative]
    from_docs = {"uri": "docs/https%3A/evil.example/x.md", "uriBaseId": "%SRCROOT%"}
    assert _artifacts(
        build([hit(path="https:/evil.example/x.md")]), RenderOptions(checkout=checkout)
    ) == [from_docs]


def test_an_absolute_path_is_a_file_uri_on_this_machine(tmp_path: Path) -> None:
    # "//host/x" is "/host/x" on POSIX; as file:////host/x Windows would read a share on "host".
    checkout, _ = located(tmp_path)
    expected = [{"uri": "file:///evil.example/x.md"}, {"uri": "file:///abs/x%20y.md"}]
    paths = ["//evil.example/x.md", "/abs/x y.md"]
    findings = [hit(path=path, line=n) for n, path in enumerate(paths, start=1)]
    assert _artifacts(build(findings)) == expected  # no checkout: not a name from the root
    assert _artifacts(build(findings), RenderOptions(checkout=checkout)) == expected


def test_text_finding_has_no_location() -> None:
    (result,) = run_of(REPORTS["text-only"])["results"]
    assert "locations" not in result
    assert result["ruleId"] == "KV202"


def test_suppressed_findings_stay_marked() -> None:
    results = {r["ruleId"]: r for r in run_of(REPORTS["suppressed"])["results"]}
    assert results["KV101"]["suppressions"] == [
        {"kind": "inSource", "justification": "benchmark is disclosed below"}
    ]
    assert results["KV202"]["suppressions"] == [{"kind": "inSource"}]
    assert "suppressions" not in results["KV201"]


def test_rule_outside_the_descriptors_has_no_index() -> None:
    results = run_of(REPORTS["input-errors"])["results"]
    kv900 = next(r for r in results if r["ruleId"] == "KV900")
    assert "ruleIndex" not in kv900
    assert kv900["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "docs/other.md"


def test_results_follow_report_order() -> None:
    findings = [
        hit("KV202", Severity.ERROR, path="docs/b.md", line=1),
        hit("KV101", path="docs/a.md", line=9),
        hit("KV201", Severity.INFO, path="docs/a.md", line=2),
    ]
    results = run_of(build(findings, rules=RULES))["results"]
    assert [r["ruleId"] for r in results] == ["KV201", "KV101", "KV202"]


def test_input_errors_become_notifications() -> None:
    invocation = run_of(REPORTS["input-errors"])["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert invocation["toolExecutionNotifications"] == [
        {
            "level": "error",
            "message": {"text": "unknown field"},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": "claims/bad.yaml", "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": 3, "startColumn": 1},
                    }
                }
            ],
        },
        {
            "level": "error",
            "message": {"text": "cannot read"},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": "claims/gone.yaml", "uriBaseId": "%SRCROOT%"}
                    }
                }
            ],
        },
        {"level": "error", "message": {"text": "stdin is empty"}},
    ]


def test_rule_properties_for_code_scanning() -> None:
    rules = [
        rule("KV202", Severity.ERROR),  # precision and security severity: the registry's
        rule("KV304"),
    ]
    kv202, kv304 = (
        d["properties"] for d in run_of(build([], rules=rules))["tool"]["driver"]["rules"]
    )
    assert kv202 == {
        "tags": ["claimcheck", "KV2"],
        "precision": "very-high",
        "problem.severity": "error",
    }
    assert kv304 == {
        "tags": ["claimcheck", "KV3", "security"],
        "precision": "medium",
        "problem.severity": "warning",
        "security-severity": "5.9",
    }


def test_the_shipped_rules_say_their_precision_and_one_is_a_security_weakness() -> None:
    from claimcheck.rules import RULES

    assert {rule.precision for rule in RULES} <= {"very-high", "high", "medium", "low"}
    assert [r.code for r in RULES if r.security_severity is not None] == ["KV304"]
    (cross_user,) = [r for r in RULES if r.security_severity is not None]
    assert cross_user.security_severity is not None
    assert 0.1 <= cross_user.security_severity <= 10  # GitHub's range for security-severity


def located(tmp_path: Path) -> tuple[Checkout, str]:
    """A repository at tmp_path/repo with docs/page.md, run from docs/."""
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / ".git").mkdir()
    text = "# Title\n\n  Vendor X: 40x faster TTFT.\n"
    (repo / "docs" / "page.md").write_text(text, encoding="utf-8")
    return Checkout.around(repo / "docs"), text


def test_paths_are_named_from_the_repository_root(tmp_path: Path) -> None:
    checkout, _ = located(tmp_path)
    findings = [hit(path="page.md"), hit("KV202", path=str(tmp_path / "outside.md"))]
    log = json.loads(render(build(findings), OutputFormat.SARIF, RenderOptions(checkout=checkout)))
    run = log["runs"][0]
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": (tmp_path / "repo").as_uri() + "/"}}
    where = {
        r["ruleId"]: r["locations"][0]["physicalLocation"]["artifactLocation"]
        for r in run["results"]
    }
    inside, outside = where["KV101"], where["KV202"]
    assert inside == {"uri": "docs/page.md", "uriBaseId": "%SRCROOT%"}
    assert outside == {"uri": (tmp_path / "outside.md").as_uri()}  # no base: it is absolute
    jsonschema.Draft4Validator(SCHEMA).validate(log)


def test_each_located_result_carries_githubs_line_hash(tmp_path: Path) -> None:
    checkout, text = located(tmp_path)
    findings = [hit(path="page.md", line=3, column=3), hit("KV202", path="gone.md", line=1)]
    run = json.loads(render(build(findings), OutputFormat.SARIF, RenderOptions(checkout=checkout)))[
        "runs"
    ][0]
    on_page, on_gone = sorted(run["results"], key=lambda r: str(r["ruleId"]))
    assert on_page["partialFingerprints"] == {
        "claimcheck/v1": "fp-kv101",
        "primaryLocationLineHash": line_hashes(text)[3],
    }
    assert on_gone["partialFingerprints"] == {"claimcheck/v1": "fp-kv202"}  # nothing to read


def test_standard_input_is_neither_named_from_the_root_nor_hashed(tmp_path: Path) -> None:
    checkout, _ = located(tmp_path)
    (tmp_path / "repo" / "docs" / "-").write_text("a file named '-'\n", encoding="utf-8")
    (result,) = run_of_with(build([hit(path="-", line=1)]), checkout)["results"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": "-"}
    assert "primaryLocationLineHash" not in result["partialFingerprints"]


def run_of_with(report: Report, checkout: Checkout) -> dict[str, Any]:
    run: dict[str, Any] = json.loads(
        render(report, OutputFormat.SARIF, RenderOptions(checkout=checkout))
    )["runs"][0]
    return run


@pytest.mark.parametrize("count", [0, 1, 256, 257, 600])
def test_the_log_written_a_group_of_results_at_a_time_is_the_whole_dump(count: int) -> None:
    # Results are written several at a time, as the report's findings come; the text is byte
    # for byte the serialiser's dump of the whole log, across the groups' boundaries, and the
    # results are in the report's order of findings (document findings among them).
    findings = [
        hit("KV101", path=f"docs/p{number // 3:03}.md", line=number % 3 + 1)
        for number in range(count)
    ]
    document = [hit("KV900", path="docs/p000.md", line=2), hit("KV900", path="zz.md")]
    report = build(sorted(findings, key=lambda f: f.path or "", reverse=True), rules=RULES,
                   document=document)  # fmt: skip
    claims = sorted(report.claims, key=lambda c: c.source.path or "")
    report = msgspec.structs.replace(report, claims=claims)
    text = "".join(chunks(report, RenderOptions()))
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"
    assert text == render(report, OutputFormat.SARIF)
    places = [
        (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
         r["locations"][0]["physicalLocation"]["region"]["startLine"], r["ruleId"])
        for r in json.loads(text)["runs"][0]["results"]
    ]  # fmt: skip
    expected = [(f.path, f.line, f.code) for f in report.all_findings()]
    assert places == expected and len(places) == count + 2
    assert expected == [(f.path, f.line, f.code) for f in sorted(
        [*findings, *document], key=lambda f: (f.path or "", f.line or 0, f.column or 0, f.code)
    )]  # fmt: skip


def test_a_files_results_are_hashed_together_reading_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checkout, _ = located(tmp_path)
    text = "".join(f"Line {n}: Vendor X is {n}x faster.\n" for n in range(1, 40))
    (tmp_path / "repo" / "docs" / "page.md").write_text(text, encoding="utf-8")
    (tmp_path / "repo" / "docs" / "other.md").write_text(text[::-1], encoding="utf-8")
    reads: list[str] = []
    parts = Checkout.text_parts

    def counted(self: Checkout, path: str) -> Iterator[str]:
        reads.append(path)
        return parts(self, path)

    monkeypatch.setattr(Checkout, "text_parts", counted)
    findings = [hit(path="page.md", line=n) for n in (3, 3, 17, 39, 40, 99)]
    findings += [hit("KV202", path="other.md", line=n) for n in (1, 2)]
    run = run_of_with(build(findings), checkout)
    assert reads == ["other.md", "page.md"]  # each once, in the order of the results
    every = {"page.md": line_hashes(text), "other.md": line_hashes(text[::-1])}
    for result in run["results"]:
        where = result["locations"][0]["physicalLocation"]
        path = where["artifactLocation"]["uri"].removeprefix("docs/")
        expected = every[path].get(where["region"]["startLine"])
        assert result["partialFingerprints"].get("primaryLocationLineHash") == expected
    assert sum("primaryLocationLineHash" in r["partialFingerprints"] for r in run["results"]) == 7
