"""Names in a claim → catalog entries, with the user's assumptions filling what the claim leaves out."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import msgspec
from msgspec import field

from claimcheck.claim import Claim
from claimcheck.precision import Precision, label
from claimcheck.settings import Assumptions

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog, GpuSpec, ModelSpec, TierSpec

_SIZE_IN_NAME = re.compile(r"(?<![\d.x])(\d+(?:\.\d+)?)\s?b\b", re.IGNORECASE)


def size_from_name(name: str) -> float | None:
    """The parameter count a model name carries ("Falcon-180B" → 180), largest if several."""
    sizes = [float(m.group(1)) for m in _SIZE_IN_NAME.finditer(name)]
    return max(sizes) if sizes else None


class Resolved(msgspec.Struct, frozen=True):
    """The setup of one claim: what it names (resolved), what was assumed, and what is unknown.

    ``assumed`` lists, in words, every value taken from the user's options rather than the claim.
    """

    model: ModelSpec | None = None
    gpu: GpuSpec | None = None
    gpu_count: int | None = None
    tier: TierSpec | None = None
    total_params_billions: float | None = None
    precision: Precision = Precision()
    gpu_count_assumed: bool = False
    """The GPU count came from the options (``--gpus``, or ``--gpu`` naming a system)."""
    assumed: tuple[str, ...] = ()
    unknown: tuple[str, ...] = field(default=())

    @property
    def max_context_tokens(self) -> int | None:
        """The model's context window, when the model is known."""
        return self.model.max_context_tokens if self.model else None

    @property
    def gpu_default_watts(self) -> float | None:
        """The GPU's default power limit, when known."""
        if self.gpu is None:
            return None
        return self.gpu.default_power_w or self.gpu.max_power_w


def resolve(claim: Claim, catalog: Catalog, assume: Assumptions) -> Resolved:
    """Resolve the claim's model, GPU and tier; assumptions fill only what the claim leaves out."""
    assumed: list[str] = []
    unknown: list[str] = []

    model: ModelSpec | None = None
    if claim.model is not None:
        model = catalog.model(claim.model)
        if model is None:
            unknown.append(
                f"model '{claim.model}' is not in the catalog (add it with --catalog FILE)"
            )
    elif assume.model is not None:
        candidate = catalog.require_model(assume.model)
        stated = claim.params_billions
        if stated is not None and abs(candidate.total_params_b - stated) > 0.1 * stated:
            unknown.append(
                f"--model {candidate.id} ({candidate.total_params_b:g}B) not assumed: the claim "
                f"states a {stated:g}B model"
            )
        else:
            model = candidate
            assumed.append(f"model {model.id} assumed (--model)")

    gpu: GpuSpec | None = None
    count = claim.gpu_count
    count_assumed = False
    if claim.gpu is not None:
        gpu = catalog.gpu(claim.gpu)
        if gpu is None:
            unknown.append(f"GPU '{claim.gpu}' is not in the catalog (add it with --catalog FILE)")
        elif count is None:
            count = catalog.gpu_count(claim.gpu)
    elif assume.gpu is not None:
        gpu = catalog.require_gpu(assume.gpu)
        count_assumed = count is None and catalog.gpu_count(assume.gpu) is not None
        count = count or catalog.gpu_count(assume.gpu)
        assumed.append(f"GPU {gpu.id} assumed (--gpu)")
    if count is None and assume.gpus is not None:
        count, count_assumed = assume.gpus, True
        assumed.append(f"{count} GPU{'s' if count > 1 else ''} assumed (--gpus)")

    tier: TierSpec | None = None
    if claim.tier is not None:
        tier = catalog.tier(claim.tier)
        if tier is None:
            unknown.append(f"storage tier '{claim.tier}' is not in the catalog")
    elif assume.tier is not None:
        tier = catalog.require_tier(assume.tier)
        assumed.append(f"KV tier {tier.id} assumed (--tier)")

    precision = Precision(
        claim.dtype or assume.dtype,
        claim.weights_dtype or assume.weights_dtype,
        claim.kv_dtype or assume.kv_dtype,
    )
    for disclosed, given, what, option in (
        (claim.dtype, assume.dtype, "compute", "--dtype"),
        (claim.weights_dtype, assume.weights_dtype, "weights", "--weights-dtype"),
        (claim.kv_dtype, assume.kv_dtype, "KV cache", "--kv-dtype"),
    ):
        if disclosed is None and given is not None:
            assumed.append(f"{label(given)} {what} assumed ({option})")

    # The size rules judge is the one the claim discloses, never an assumed model's.
    size = claim.params_billions
    if size is None and claim.model is not None:
        size = model.total_params_b if model is not None else size_from_name(claim.model)
    return Resolved(
        model, gpu, count, tier, size, precision, count_assumed, tuple(assumed), tuple(unknown)
    )
