"""KV306 on both sides of its tolerance: 27 vs 28 is 3.6 % apart, 27 vs 29 is 6.9 %."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Invoke, codes

TEXT = "27x faster TTFT at 112K tokens"


def _codes(cli: Invoke, folder: Path, speedup: float) -> set[str]:
    (folder / "c.yaml").write_text(f'text: "{TEXT}"\nspeedup: {speedup}\n', encoding="utf-8")
    return codes(cli("check", str(folder / "c.yaml"), "-f", "json").json())


@pytest.mark.parametrize(("speedup", "flagged"), [(27, False), (28, False), (29, True), (72, True)])
def test_the_default_tolerance_is_five_percent(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, speedup: float, flagged: bool
) -> None:
    monkeypatch.chdir(tmp_path)
    assert ("KV306" in _codes(cli, tmp_path, speedup)) is flagged


def test_the_tolerance_is_a_threshold(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "claimcheck.toml").write_text("[thresholds]\ntext-field-tolerance = 0.1\n")
    assert "KV306" not in _codes(cli, tmp_path, 29)  # 6.9 % is inside 10 %
    assert "KV306" in _codes(cli, tmp_path, 31)  # 12.9 % is not
