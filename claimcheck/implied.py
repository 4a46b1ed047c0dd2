"""What a claim's numbers imply, as data: the ``Analysis`` that ``analysis.analyse`` computes
and the report carries (its curve, its fit of a vendor's own points). Plain frozen values; a
field left ``UNSET`` is not written to JSON
(https://jcristharif.com/msgspec/supported-types.html#unset)."""

from __future__ import annotations

import msgspec
from msgspec import UNSET, UnsetType


class CurvePoint(msgspec.Struct, frozen=True, kw_only=True):
    """The speedup at one prefix length: time to first token, and end to end once the answer
    is decoded."""

    prefix_tokens: int
    speedup: float
    end_to_end_speedup: float


class Curve(msgspec.Struct, frozen=True, kw_only=True):
    """Speedup against prefix length for a claim's resolved setup, for charts."""

    points: tuple[CurvePoint, ...]
    output_tokens: int


class Reference(msgspec.Struct, frozen=True, kw_only=True):
    """The curve of a well-run baseline for a claim's load path (reference.py, docs/model.md
    §11): ``description`` says which setup in words, ``speedup_at_context`` is its speedup at
    the claim's context."""

    description: str
    curve: Curve
    speedup_at_context: float


class FitResidual(msgspec.Struct, frozen=True, kw_only=True):
    """One of the vendor's points against the fit: ``residual_percent`` is predicted ÷
    observed − 1, in percent."""

    context_tokens: int
    observed_speedup: float
    predicted_speedup: float
    residual_percent: float


class PointsFit(msgspec.Struct, frozen=True, kw_only=True):
    """The load latency, load bandwidth and MFU that explain a claim's own points, and what
    they imply (docs/model.md, "Fitting a vendor's own points").

    ``fixed`` names the parameter held rather than fitted (``"mfu"`` when the points give
    speedups only, ``None`` when stated times fix it) and ``method`` says how and why.
    ``breakeven_tokens`` and ``speedup_at`` come from the fitted curve alone.
    """

    mfu: float
    latency_s: float
    bandwidth_gb_s: float
    fixed: str | None
    method: str
    residuals: list[FitResidual]
    breakeven_tokens: int | None
    speedup_at: dict[str, float] = {}
    notes: list[str] = []
    curve: Curve | UnsetType = UNSET


class Analysis(msgspec.Struct, frozen=True, kw_only=True):
    """What the claim's numbers imply. ``None`` where the claim gives too little to compute it.

    ``weights_gb``, ``context_kv_gb`` and ``gpu_memory_gb`` (BF16 weights, the context's KV,
    the HBM of the GPUs) are set only when the claim or ``--gpus`` gives the GPU count.

    ``curve`` and ``reference`` (the same load path under a well-run baseline) are drawn by the
    HTML report only: ``UNSET`` otherwise, so never written to JSON (``claimcheck breakeven``
    gives the same numbers as a table).
    """

    naive_breakeven_tokens: int | None = None
    physical_breakeven_tokens: int | None = None
    implied_speedup: float | None = None
    implied_mfu: float | None = None
    implied_load_gb_s: float | None = None
    end_to_end_speedup: float | None = None
    load_ceiling_gb_s: float | None = None
    weights_gb: float | None = None
    context_kv_gb: float | None = None
    gpu_memory_gb: float | None = None
    memory_bound_knee_tokens: int | None = None
    speedup_at_prefix: dict[str, float] = {}
    full_power_speedup: float | None = None
    breakeven_explanation: str | None = None
    restatement: str | None = None
    assumptions: list[str] = []
    fit: PointsFit | None = None
    curve: Curve | UnsetType = UNSET
    reference: Reference | UnsetType = UNSET
