"""``claimcheck server`` driven as an editor drives it, on real pages of the corpus: the
diagnostics are ``claimcheck check``'s findings on the saved file, at the same places once the
editor's encoding is converted; edits move, add and remove them; the acceptance session types
a claim character by character, saves, and applies the suppression action."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from lsprotocol import types

from tests.server.editor import Editor, checked, run, shown

CORPUS = Path(__file__).resolve().parents[1] / "extract"
PAGES = yaml.safe_load((CORPUS / "real_pages.yaml").read_text(encoding="utf-8"))
FRESH = yaml.safe_load((CORPUS / "fresh_pages.yaml").read_text(encoding="utf-8"))
WIDE = "🚀 加速キャッシュ é\u0301 "
"""An emoji (two UTF-16 units, four UTF-8 bytes), CJK (one unit, three bytes) and a
combining accent, put before the claims of a line."""


def page(source: str) -> str:
    """The Markdown of the corpus page read from ``source``."""
    return str(next(p["markdown"] for p in PAGES + FRESH if p["source"] == source)) + "\n"


HICACHE = page("https://lmsys.org/blog/2025-09-10-sglang-hicache")
GKE = page("https://vendordeep.com/report/google-gke-inference-gateway-prefix")
TRT = page(
    "https://developer.nvidia.com/blog/5x-faster-time-to-first-token-with-nvidia-tensorrt-llm-kv-cache-early-reuse/"
)


def widened(text: str) -> str:
    """Every line of prose with wide and combining characters before it."""
    return "\n".join(
        WIDE + line if line[:1].isalpha() or line.startswith("- ") else line
        for line in text.split("\n")
    )


def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    (root / ".git").mkdir(parents=True)  # the configuration search stops here
    (root / "docs").mkdir()
    return root


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_real_pages_get_the_findings_of_check_at_the_same_places(
    tmp_path: Path, encoding: str
) -> None:
    root = workspace(tmp_path)
    texts = {
        "hicache.md": HICACHE,
        "gke.md": widened(GKE),
        "trt.md": widened(TRT).replace("\n", "\r\n"),
    }

    async def scenario() -> dict[str, list[tuple[Any, ...]]]:
        editor = Editor(root, encoding=encoding)
        started = await editor.start()
        assert started.capabilities.position_encoding == encoding
        got = {}
        for name, text in texts.items():
            path = root / "docs" / name
            path.write_text(text, encoding="utf-8", newline="")
            uri = await editor.open(path, text)
            got[name] = shown(text, await editor.diagnostics(uri), encoding)
        assert await editor.stop() == 0
        return got

    got = run(scenario)
    for name in texts:
        expected, _ = checked(root, f"docs/{name}")
        assert got[name] == expected, name
        assert len(expected) >= 3
    wide = [f for f in got["gke.md"] if f[4] > len(WIDE)]
    assert wide, "no finding after the wide characters"


def test_edits_move_add_and_remove_claims(tmp_path: Path) -> None:
    root = workspace(tmp_path)
    path = root / "docs" / "gke.md"
    added = "\nLoading the KV cache from NVMe gives 27x faster TTFT at 128K tokens on our tier.\n"

    async def scenario() -> None:
        editor = Editor(root)
        await editor.start()
        uri = await editor.open(path, GKE)
        first = shown(GKE, await editor.diagnostics(uri), "utf-16")
        assert first
        moved_text = "A note.\n\nAnother.\n\n" + GKE  # every claim four lines down
        editor.change(uri, moved_text)
        moved = shown(moved_text, await editor.diagnostics(uri), "utf-16")
        # KV303 names the line of the claim it compares with: it moved too.
        assert [(f[0], f[3] - 4, f[4], f[5] - 4, f[6]) for f in moved] == [
            (f[0], f[3], f[4], f[5], f[6]) for f in first
        ]
        assert [f[2] for f in moved if f[0] != "KV303"] == [f[2] for f in first if f[0] != "KV303"]
        grown_text = moved_text + added
        editor.change(uri, grown_text)
        grown = shown(grown_text, await editor.diagnostics(uri), "utf-16")
        last_line = grown_text.count("\n")
        new = [f for f in grown if f[3] == last_line]
        assert {"KV101", "KV103", "KV201"} <= {f[0] for f in new}
        assert [f for f in grown if f[3] != last_line] == moved
        summary = "## Summary\n"
        cut = grown_text.index(summary) + len(summary)
        end = grown_text.index("\n## Key Takeaways")
        removed_text = grown_text[:cut] + grown_text[end:]  # the summary's claim gone
        editor.change(uri, removed_text)
        removed = shown(removed_text, await editor.diagnostics(uri), "utf-16")
        assert not any(
            "92.8% lower TTFT and 15.7%" in removed_text.splitlines()[f[3] - 1] for f in removed
        )
        assert len(removed) < len(grown)
        editor.change(uri, "")
        assert await editor.diagnostics(uri) == []
        assert await editor.stop() == 0

    run(scenario)


CLAIM = "Loading its KV cache from our NVMe tier gives up to 27x faster TTFT at 128K tokens."


def test_typing_a_claim_saving_and_suppressing_it_as_check_sees_it(tmp_path: Path) -> None:
    """The acceptance session: open a page, type a claim a character at a time, save, and
    apply the suppression action; after each save the diagnostics are the findings of
    ``claimcheck check --format json`` on the saved file, at the same places."""
    root = workspace(tmp_path)
    path = root / "docs" / "hicache.md"
    path.write_text(HICACHE, encoding="utf-8")
    head = HICACHE.index("\n\nFrom the community:") + 2  # the claim goes under the title

    async def scenario() -> tuple[list[Any], list[Any], str]:
        editor = Editor(root)
        await editor.start()
        uri = await editor.open(path, HICACHE)
        before = await editor.diagnostics(uri)
        text = HICACHE
        for typed in range(1, len(CLAIM) + 1):
            text = HICACHE[:head] + CLAIM[:typed] + "\n\n" + HICACHE[head:]
            editor.change(uri, text)
        typed_in = await editor.diagnostics(uri)
        assert len(typed_in) > len(before)
        count = editor.count(uri)
        editor.save(uri, path)
        saved = shown(text, await editor.diagnostics(uri, after=count), "utf-16")
        assert saved == shown(text, typed_in, "utf-16")
        claim_line = text.count("\n", 0, head)  # 0-based
        on_claim = [d for d in typed_in if d.range.start.line == claim_line]
        target = next(d for d in on_claim if d.code == "KV103")
        actions = await editor.actions(uri, target.range)
        suppress = next(
            a for a in actions if isinstance(a, types.CodeAction) and "KV103" in a.title
        )
        assert suppress.edit is not None and suppress.diagnostics
        editor.apply(uri, suppress.edit)
        count = editor.count(uri)
        editor.save(uri, path)
        after = shown(editor.texts[uri], await editor.diagnostics(uri, after=count), "utf-16")
        assert await editor.stop() == 0
        return saved, after, editor.texts[uri]

    saved, after, final = run(scenario)
    assert final == path.read_text(encoding="utf-8")
    expected, _ = checked(root, "docs/hicache.md")
    assert after == expected
    assert not any(f[0] == "KV103" and CLAIM in final.splitlines()[f[3] - 1] for f in after)
    assert not any(f[0] == "KV900" for f in after)
    _, report = checked(root, "docs/hicache.md")
    quiet = [f for c in report["claims"] for f in c["findings"] if f["suppressed"]]
    assert [(f["code"], f["suppression_reason"]) for f in quiet] == [
        ("KV103", "say here why this finding does not apply")
    ]
    assert len(after) == len(saved) - 1


def test_hover_explains_the_rule_and_the_figures_behind_the_claim(tmp_path: Path) -> None:
    root = workspace(tmp_path)
    path = root / "docs" / "launch.md"
    text = (
        "# Our KV tier\n\nRecomputing a 112K-token context takes 57 seconds on Llama 3.1 70B "
        "on 8 H100 GPUs; loading its KV cache takes 2.1 seconds: 27x faster time to first token.\n"
    )

    async def scenario() -> tuple[list[types.Diagnostic], list[types.Hover | None]]:
        editor = Editor(root)
        await editor.start()
        uri = await editor.open(path, text)
        found = await editor.diagnostics(uri)
        hovers = [
            await editor.hover(uri, d.range.start.line, d.range.start.character) for d in found
        ]
        hovers.append(await editor.hover(uri, 0, 3))  # the title: no finding
        assert await editor.stop() == 0
        return found, hovers

    found, hovers = run(scenario)
    assert hovers[-1] is None
    assert found
    for diagnostic, hover in zip(found, hovers, strict=False):
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        value = hover.contents.value
        assert diagnostic.code_description is not None
        assert f"]({diagnostic.code_description.href})" in value  # links the rule's section
        assert "docs/rules.md#" + str(diagnostic.code).lower() in value
        assert "**Restated:**" in value and "naive breakeven" in value
    everything = "\n".join(
        h.contents.value for h in hovers if h and isinstance(h.contents, types.MarkupContent)
    )
    assert "implied MFU" in everything and "implied load bandwidth" in everything
    assert "physical breakeven" in everything
