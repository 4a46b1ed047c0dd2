"""The Claim: what a vendor says, as fields. The same model whether it came from a file or prose."""

import datetime
from collections.abc import Mapping
from enum import StrEnum
from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from claimcheck.bounds import GPUS, PARAMS_B, POWER_W, SECONDS, SPEEDUP, TOKENS, Bound
from claimcheck.defaults import Dtype, WeightsDtype


class Metric(StrEnum):
    """What the headline speedup was measured on."""

    TTFT = "ttft"
    PREFILL = "prefill"
    THROUGHPUT = "throughput"
    DECODE = "decode"
    END_TO_END = "end_to_end"
    UNSPECIFIED = "unspecified"


class PowerMode(StrEnum):
    """The GPU power setting of the recompute baseline."""

    DEFAULT = "default"
    LOW = "low"
    CAPPED = "capped"


Qualifier = Literal["up to", "at least", "average"]

# Strict numbers: a string such as "27x" in a claim file is an error, not silently coerced.
# The bounds (claimcheck.physics.bounds) are far beyond any real system; outside them a figure
# is a typo or an attack on the arithmetic, and the report would print nonsense.
Speedup = Annotated[float, Field(strict=True, ge=SPEEDUP.low, le=SPEEDUP.high)]
Tokens = Annotated[int, Field(strict=True, ge=TOKENS.low, le=TOKENS.high)]
Seconds = Annotated[float, Field(strict=True, ge=SECONDS.low, le=SECONDS.high)]
Count = Annotated[int, Field(strict=True, ge=GPUS.low, le=GPUS.high)]
Billions = Annotated[float, Field(strict=True, ge=PARAMS_B.low, le=PARAMS_B.high)]
Watts = Annotated[float, Field(strict=True, ge=POWER_W.low, le=POWER_W.high)]
Text = Annotated[str, Field(strict=True, min_length=1)]

# A measured point may show loading losing (a speedup below 1), unlike a headline.
POINT_SPEEDUP = Bound("a measured speedup", 1 / SPEEDUP.high, SPEEDUP.high)
MAX_POINTS = 1_000


class Point(BaseModel):
    """One measured point of a claim's setup: a prefix length and its speedup, or both times."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, defer_build=True)

    context_tokens: Tokens = Field(description="prefix length of the point, in tokens")
    speedup: (
        Annotated[float, Field(strict=True, ge=POINT_SPEEDUP.low, le=POINT_SPEEDUP.high)] | None
    ) = Field(None, description="speedup at that prefix (below 1 when recomputing won)")
    baseline_seconds: Seconds | None = Field(None, description="recompute time, in seconds")
    cached_seconds: Seconds | None = Field(None, description="time with the cache, in seconds")

    @model_validator(mode="after")
    def _one_form(self) -> Self:
        baseline, cached = self.baseline_seconds, self.cached_seconds
        if baseline is not None and cached is not None:
            if self.speedup is not None and abs(baseline / cached - self.speedup) > 0.05 * max(
                baseline / cached, self.speedup
            ):
                raise ValueError(
                    f"its speedup {self.speedup:g} is not its times' ratio ({baseline / cached:.3g})"
                )
        elif baseline is not None or cached is not None:
            raise ValueError("expected both 'baseline_seconds' and 'cached_seconds', not one")
        elif self.speedup is None:
            raise ValueError(
                "expected a 'speedup', or both 'baseline_seconds' and 'cached_seconds'"
            )
        return self


class Claim(BaseModel):
    """One vendor claim about a KV-cache speedup. Every field but one of speedup/text is optional:
    what a vendor does not disclose stays empty (and rule KV301 says so)."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, defer_build=True)

    id: Text | None = Field(None, description="a short name for the claim (default: the file name)")
    vendor: Text | None = Field(None, description="who makes the claim")
    source_url: Text | None = Field(None, description="where the claim was published")
    date: datetime.date | None = Field(None, description="when it was published (YYYY-MM-DD)")
    text: Text | None = Field(
        None, description="the claim as the vendor wrote it; fields missing below are read from it"
    )
    speedup: Speedup | None = Field(
        None, description="the headline factor, e.g. 27 for '27x' (at least 1)"
    )
    speedup_low: Speedup | None = Field(None, description="the low end of a range such as '4–20x'")
    speedup_qualifier: Qualifier | None = Field(
        None, description="'up to', 'at least' or 'average'"
    )
    context_tokens: Tokens | None = Field(
        None, description="prefix (context) length the speedup was measured at, in tokens"
    )
    baseline_seconds: Seconds | None = Field(
        None, description="time to recompute the prefix (the baseline), in seconds"
    )
    cached_seconds: Seconds | None = Field(
        None, description="time with the KV cache loaded from the product, in seconds"
    )
    metric: Metric = Field(
        Metric.UNSPECIFIED,
        description="ttft, prefill, throughput, decode, end_to_end or unspecified",
    )
    model: Text | None = Field(None, description="model name or catalog id, e.g. llama-3.1-70b")
    params_billions: Billions | None = Field(
        None, description="model size in billions of parameters, when no model is named"
    )
    gpu: Text | None = Field(None, description="GPU name or catalog id, e.g. h100-sxm")
    gpu_count: Count | None = Field(None, description="GPUs the baseline ran on")
    power_mode: PowerMode | None = Field(None, description="default, low or capped")
    power_watts: Watts | None = Field(None, description="power cap per GPU in watts")
    tier: Text | None = Field(
        None,
        description="where the KV cache was loaded from: dram, nvme, cxl, network, object, or a catalog tier",
    )
    dtype: Dtype | None = Field(
        None, description="compute precision of the baseline: bf16 or fp8 (an FP16 run is bf16)"
    )
    weights_dtype: WeightsDtype | None = Field(
        None, description="precision of the weights: bf16, fp8 or fp4 (MXFP4, NVFP4)"
    )
    kv_dtype: Dtype | None = Field(None, description="precision of the KV cache: bf16 or fp8")
    points: tuple[Point, ...] | None = Field(
        None,
        description="several measurements of this setup, each a context_tokens with a speedup "
        "or both times; claimcheck fits the latency, bandwidth and MFU that explain them",
    )

    @field_validator("points")
    @classmethod
    def _some_points(cls, points: tuple[Point, ...] | None) -> tuple[Point, ...] | None:
        if points is not None and not 1 <= len(points) <= MAX_POINTS:
            raise ValueError(f"expected from 1 to {MAX_POINTS:,} points, got {len(points):,}")
        return points


# The range of each numeric field, for messages that say what was expected.
FIELD_BOUNDS: dict[str, Bound] = {
    "speedup": SPEEDUP,
    "speedup_low": SPEEDUP,
    "context_tokens": TOKENS,
    "baseline_seconds": SECONDS,
    "cached_seconds": SECONDS,
    "params_billions": PARAMS_B,
    "gpu_count": GPUS,
    "power_watts": POWER_W,
}

# The range of each numeric field of a point.
POINT_BOUNDS: dict[str, Bound] = {
    "speedup": POINT_SPEEDUP,
    "context_tokens": TOKENS,
    "baseline_seconds": SECONDS,
    "cached_seconds": SECONDS,
}

# The measurement fields: what the JSON report's "claim" object carries.
MEASUREMENT_FIELDS: tuple[str, ...] = tuple(
    name
    for name in Claim.model_fields
    if name not in {"id", "vendor", "source_url", "date", "text"}
)


def claim_from_reading(values: Mapping[str, object], text: str | None) -> Claim:
    """The claim a sentence reads as. A value the model refuses (a context of 10¹² tokens, a
    10⁹-fold speedup) is dropped, as if the sentence had not said it."""
    data = {**values, "text": text or None}
    for _ in range(len(data)):
        try:
            return Claim.model_validate(data)
        except ValidationError as err:
            bad = {str(d["loc"][0]) for d in err.errors() if d["loc"]} - {"text"}
            if not bad:
                raise
            data = {k: v for k, v in data.items() if k not in bad}
    return Claim.model_validate(data)
