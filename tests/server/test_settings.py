"""The editor's settings: keys as in claimcheck.toml or in camel case; wrong types left out."""

from __future__ import annotations

from claimcheck.server.settings import ClientSettings, read_settings


def test_settings_as_the_editor_spells_them() -> None:
    settings, problems = read_settings(
        {"extendSelect": ["KV2"], "ignore": ["KV103"], "config": "ci/claimcheck.toml",
         "assumptions": {"model": "llama-3.1-70b", "output-tokens": 500, "mfu": 0.4}}
    )  # fmt: skip
    assert problems == []
    assert settings.keywords() == {
        "config": "ci/claimcheck.toml", "isolated": False, "select": None, "ignore": ("KV103",),
        "extend_select": ("KV2",), "model": "llama-3.1-70b", "output_tokens": 500, "mfu": 0.4,
    }  # fmt: skip


def test_wrong_values_are_left_out_with_a_message() -> None:
    settings, problems = read_settings(
        {"select": "KV1", "isolated": "yes", "assumptions": {"gpus": "8", "colour": 1}, "x": 1}
    )
    assert settings == ClientSettings()
    assert len(problems) == 5
    assert problems[0] == "setting 'select': expected a list of rule codes; left out"
    assert read_settings(None) == (ClientSettings(), [])
    assert read_settings([1])[1] == ["settings: expected a table of settings"]
