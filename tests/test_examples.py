"""Every file in claims/ runs end to end through the CLI; expectations are reasoned from each file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Invoke

CLAIMS = Path(__file__).resolve().parent.parent / "claims"

# For each bundled claim: rule codes that must fire, and codes that must not.
EXPECTED: dict[str, tuple[set[str], set[str]]] = {
    # 112K tokens, 57 s vs 2.1 s, 27x TTFT; no model or GPU disclosed
    "brief-1-27x": ({"KV101", "KV103", "KV201", "KV301"}, {"KV202", "KV302"}),
    # up to 75x prefill, 128K tokens, 70B parameters
    "brief-2-75x": ({"KV101", "KV102", "KV103", "KV201", "KV302"}, {"KV202"}),
    "brief-3-20x": ({"KV101", "KV103", "KV201", "KV301"}, {"KV102", "KV302"}),
    "brief-4-20x": ({"KV101", "KV103", "KV302", "KV301"}, set()),
    "brief-4-6x": ({"KV101", "KV103", "KV302", "KV301"}, set()),
    # 38 s ÷ 1.9 s = 20x, not 45x
    "contradicts-45x": ({"KV202", "KV101", "KV103"}, set()),
    # a disclosed 1.15x end-to-end gain at 16K tokens on an 8B model: nothing to flag
    "honest-e2e-1.15x": (
        set(),
        {"KV101", "KV102", "KV103", "KV104", "KV201", "KV202", "KV301", "KV302"},
    ),
    "range-3-to-10x": ({"KV101", "KV301"}, {"KV103"}),
    # 70B at 100K tokens on H100s capped at 350 W
    "capped-35x": ({"KV101", "KV102", "KV103", "KV104"}, set()),
    # 405B on a DGX H100 (8 GPUs) at 100K tokens; 30 s ÷ 2.5 s = 12x as stated
    "dgx-405b-12x": ({"KV101", "KV102", "KV103"}, {"KV202", "KV301"}),
}


def test_the_folder_holds_what_the_brief_asks_for() -> None:
    names = sorted(p.name for p in CLAIMS.iterdir())
    assert {p.suffix for p in CLAIMS.iterdir()} >= {".yaml", ".toml", ".json"}
    assert sum(name.startswith("brief-") for name in names) == 4


@pytest.mark.parametrize("path", sorted(CLAIMS.iterdir()), ids=lambda p: p.name)
def test_each_file_end_to_end(cli: Invoke, path: Path) -> None:
    run = cli("check", str(path), "-f", "json")
    report = run.json()
    assert report["errors"] == []
    assert report["claims"], path
    for entry in report["claims"]:
        found = {f["code"] for f in entry["findings"]}
        must, must_not = EXPECTED[entry["id"]]
        assert must <= found, (entry["id"], found)
        assert not (must_not & found), (entry["id"], found)
        has_error = any(f["severity"] == "error" for f in entry["findings"])
        assert has_error == ("KV202" in found)


def test_whole_folder_exit_code(cli: Invoke) -> None:
    run = cli("check", str(CLAIMS), "-f", "json")
    assert run.code == 1  # the contradicting claim is an error
    assert {c["id"] for c in run.json()["claims"]} == set(EXPECTED)
