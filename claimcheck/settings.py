"""Settings of one audit: which rules run, their thresholds, and the assumptions to use."""

from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from claimcheck.bounds import GPUS, MFU, OUTPUT_TOKENS, PARAMS_B, TOKENS, Bound
from claimcheck.defaults import DEFAULT_MFU, DEFAULT_OUTPUT_TOKENS, Dtype, KvLayout, WeightsDtype

Fraction = Annotated[float, Field(gt=0, le=1)]


class Thresholds(BaseModel):
    """The numbers rules compare against; each is a config key (``[tool.claimcheck.thresholds]``)."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, defer_build=True)

    large_model_billions: float = Field(
        70.0,
        gt=0,
        le=PARAMS_B.high,
        description="KV102: total parameters, in billions, from which a model counts as very large",
    )
    filled_context_tokens: int = Field(
        64_000,
        gt=0,
        le=TOKENS.high,
        description="KV103: prefix length, in tokens, from which a context counts as huge",
    )
    filled_context_fraction: Fraction = Field(
        0.75,
        description="KV103: share of the model's context window from which it counts as filled",
    )
    mismatch_tolerance: Fraction = Field(
        0.05,
        description="KV202: relative gap allowed between the stated speedup and the stated times",
    )
    text_field_tolerance: Fraction = Field(
        0.05,
        description="KV306: relative gap allowed between a claim file's field and its own text",
    )
    low_mfu: Fraction = Field(
        0.25,
        description="KV203: implied recompute MFU below which the baseline counts as implausibly slow",
    )
    end_to_end_ratio: Fraction = Field(
        0.5, description="KV206: end-to-end speedup below this share of the headline is flagged"
    )
    implausible_factor: float = Field(
        10_000.0,
        gt=1,
        le=1e6,
        description="KV209: headline factor above which a speedup counts as implausible",
    )
    low_confidence: Fraction = Field(
        0.5,
        description="claims read from prose with a confidence below this report at info severity",
    )


class Assumptions(BaseModel):
    """Values to assume where a claim is silent (``--model``, ``--gpu``, …). A claim's own
    disclosure always wins; every assumed value is listed in the claim's analysis."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, defer_build=True)

    model: str | None = Field(None, description="model to assume, e.g. llama-3.1-70b")
    gpu: str | None = Field(None, description="GPU to assume, e.g. h100-sxm")
    gpus: int | None = Field(None, ge=GPUS.low, le=GPUS.high, description="GPU count to assume")
    tier: str | None = Field(None, description="KV tier (id or kind) to assume, e.g. nvme")
    mfu: float = Field(
        DEFAULT_MFU,
        ge=MFU.low,
        le=MFU.high,
        description="recompute MFU to assume when the claim gives no baseline time",
    )
    dtype: Dtype | None = Field(None, description="compute precision to assume: bf16 or fp8")
    weights_dtype: WeightsDtype | None = Field(
        None, description="weights precision to assume: bf16, fp8 or fp4"
    )
    kv_dtype: Dtype | None = Field(None, description="KV cache precision to assume: bf16 or fp8")
    kv_layout: KvLayout = Field(
        "resumed",
        description="KV on windowed layers: resumed (the last window only) or full (every token)",
    )
    output_tokens: int = Field(
        DEFAULT_OUTPUT_TOKENS,
        ge=OUTPUT_TOKENS.low,
        le=OUTPUT_TOKENS.high,
        description="output tokens for the end-to-end speedup",
    )
    catalog: str | None = Field(
        None, description="a TOML file of extra or replacement catalog entries"
    )


# The range of each numeric assumption, for messages that say what was expected.
ASSUMPTION_BOUNDS: dict[str, Bound] = {"mfu": MFU, "gpus": GPUS, "output_tokens": OUTPUT_TOKENS}


class Settings(BaseModel):
    """What judging claims needs: which rules run, the files some of them skip, their
    thresholds and the values to assume. A run holds one per configuration file in force.

    ``per_file_ignores`` maps gitignore-style patterns, relative to ``base`` (the configuration
    file's folder; ``None``: the working directory), to the rule codes that do not apply there.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    select: tuple[str, ...] = ("ALL",)
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    per_file_ignores: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    base: Path | None = None
    thresholds: Thresholds = Field(default_factory=Thresholds)
    assume: Assumptions = Field(default_factory=Assumptions)
