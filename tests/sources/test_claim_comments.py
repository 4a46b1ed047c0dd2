"""Suppression comments in YAML and TOML claim files."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.sources.claim_comments import read_comment_directives
from claimcheck.sources.structured import Format, parse_structured
from tests.conftest import Invoke

YAML = """\
# claimcheck: disable KV301 -- the vendor never says

claims:
  # claimcheck: disable KV103 -- a long-context demo
  - speedup: 27
    context_tokens: 128000
  - speedup: 20
    context_tokens: 128000  # claimcheck: disable-line KV103
    text: "20x # claimcheck: disable KV101"
  - speedup: 25
    context_tokens: 128000
"""

TOML = """\
# claimcheck: disable KV301 -- the vendor never says

# claimcheck: disable KV103 -- a long-context demo
[[claims]]
speedup = 27
context_tokens = 128000

[[claims]]
speedup = 20
context_tokens = 128000  # claimcheck: disable-line KV103
vendor = "Acme # claimcheck: disable KV101"
text = '''
20x faster
# claimcheck: disable KV101
'''

[[claims]]
speedup = 25
context_tokens = 128000
"""


def _scopes(text: str, fmt: Format) -> list[tuple[str, tuple[str, ...], int, int, int]]:
    parsed = parse_structured(text, fmt, "c")
    directives, problems = read_comment_directives(text, fmt, parsed.claims)
    assert problems == ()
    return [(d.kind, d.codes, d.line, d.first_line, d.last_line) for d in directives]


def test_yaml_comments_cover_the_file_a_claim_or_a_line() -> None:
    assert _scopes(YAML, "yaml") == [
        ("disable", ("KV301",), 1, 1, 12),  # the file's head: the whole file
        ("disable", ("KV103",), 4, 5, 6),  # just above a claim: that claim
        ("disable-line", ("KV103",), 8, 8, 8),
    ]


def test_toml_comments_cover_the_file_a_claim_or_a_line() -> None:
    assert _scopes(TOML, "toml") == [
        ("disable", ("KV301",), 1, 1, 20),
        ("disable", ("KV103",), 3, 4, 7),  # above the [[claims]] header: that claim
        ("disable-line", ("KV103",), 10, 10, 10),
    ]


def test_a_disable_inside_a_claim_covers_that_claim() -> None:
    text = "claims:\n  - speedup: 27\n    # claimcheck: disable KV1\n    context_tokens: 9\n\n  - speedup: 3\n"
    assert _scopes(text, "yaml") == [("disable", ("KV1",), 3, 2, 5)]


def test_json_and_files_without_the_word_have_none() -> None:
    text = '{"speedup": 27, "text": "# claimcheck: disable KV101"}'
    parsed = parse_structured(text, "json", "c")
    assert read_comment_directives(text, "json", parsed.claims) == ((), ())


def test_enable_and_malformed_comments_are_problems() -> None:
    text = "speedup: 27  # claimcheck: enable KV103\n# claimcheck: disable\n"
    parsed = parse_structured(text, "yaml", "c")
    directives, problems = read_comment_directives(text, "yaml", parsed.claims)
    assert directives == ()
    assert [(p.line, p.column) for p in problems] == [(1, 14), (2, 1)]
    assert "'enable' is not used in claim files" in problems[0].message
    assert "needs at least one rule code" in problems[1].message


@pytest.mark.parametrize(("name", "text"), [("c.yaml", YAML), ("c.toml", TOML)])
def test_suppressed_findings_keep_their_reason(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(text, encoding="utf-8")
    report = cli("check", name, "--isolated", "--select", "KV103,KV301,KV900", "-f", "json").json()
    live = [
        (c["claim"]["speedup"], f["code"])
        for c in report["claims"]
        for f in c["findings"]
        if not f["suppressed"]
    ]
    assert live == [(25, "KV103")]
    reasons = {
        f["suppression_reason"] for c in report["claims"] for f in c["findings"] if f["suppressed"]
    }
    assert reasons == {"the vendor never says", "a long-context demo", ""}
    assert report["findings"] == []  # no unused suppression


def test_a_disable_that_suppresses_nothing_is_reported(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.yaml").write_text("# claimcheck: disable KV208\nspeedup: 2\n", encoding="utf-8")
    run = cli("check", "c.yaml", "--isolated", "-f", "concise")
    assert (
        "c.yaml:1:1: KV900 [warning] The disable comment for KV208 suppressed nothing" in run.stdout
    )
