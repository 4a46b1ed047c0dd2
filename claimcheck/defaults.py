"""The values claimcheck assumes where a claim and the options are silent, each declared once
(docs/model.md §2 for the MFU, §3 for the latency, §6 for the answer length)."""

from __future__ import annotations

DEFAULT_MFU = 0.5
"""Recompute efficiency assumed when no baseline time calibrates it."""

DEFAULT_OUTPUT_TOKENS = 500
"""Tokens of the answer decoded after the prefix, for the end-to-end speedup."""

DEFAULT_LATENCY_S = 0.001
"""Fixed cost of a load when no storage tier says otherwise."""
