"""Options of one verifier run: what to run, at which severity, with which thresholds.

Plain data so ``verify`` stays pure: the CLI fills it from flags and ``[tool.driftcheck]``
(``driftcheck.config``); the gym builds it in code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from driftcheck.findings import Severity
from driftcheck.graph.catalogue.spec import Shape

DEFAULT_THRESHOLDS: dict[str, float] = {
    # SML: dropout above this is almost always a typo (0.9 for 0.09) or a leftover experiment
    "max_dropout": 0.5,
    # CST: activation memory of one forward at the input shape, in GiB
    "max_activation_gib": 16.0,
    # CST: KV cache budget, as a share of the GPU memory left after the weights
    "kv_budget_share": 0.9,
    # ATT: flash-attention kernels take head_dim <= 256
    "max_head_dim": 256,
    # CFG: norm epsilon above this changes the model's output, below 0 is a NaN
    "max_norm_eps": 1e-2,
}


@dataclass(frozen=True)
class VerifyOptions:
    input_shapes: Mapping[str, Shape] | None = None
    """Overrides for the graph's ``Input`` shapes (by input id or name; one entry fits one)."""
    input_dtype: str | None = None
    """The first input's dtype as torch spells it (``check --input-dtype int64``); None:
    unknown, and no rule judges an op by it."""
    input_range: str | None = None
    """``LO:HI``: every value of that (int64) input lies in ``[LO, HI)`` (``check
    --input-range 0:32000``); None: its values are unknown."""
    select: frozenset[str] | None = None
    """Run only these check ids / names / family prefixes (None: all)."""
    disable: frozenset[str] = frozenset()
    severity: Mapping[str, Severity] = field(default_factory=dict)
    """Per-check severity overrides, by id or name."""
    gpu: str = "H100"
    dtype: str | None = None
    """Weights dtype for memory estimates; None: the graph's ``dtype`` fact, else bfloat16."""
    context_length: int | None = None
    """Tokens of KV cache; None: maxModelLen, else maxPositionEmbeddings."""
    batch_size: int = 1
    thresholds: Mapping[str, float] = field(default_factory=dict)

    def threshold(self, key: str) -> float:
        if key in self.thresholds:
            return float(self.thresholds[key])
        return DEFAULT_THRESHOLDS[key]

    def wants(self, check_id: str, name: str) -> bool:
        keys = {check_id, name, check_id[:3]}
        if keys & self.disable:
            return False
        return self.select is None or bool(keys & self.select)

    def severity_of(self, check_id: str, name: str, default: Severity) -> Severity:
        return self.severity.get(check_id) or self.severity.get(name) or default

    @classmethod
    def make(cls, **kw: Any) -> VerifyOptions:
        """Build from loose values (lists for sets, strings for severities)."""
        if kw.get("select") is not None:
            kw["select"] = frozenset(kw["select"])
        if "disable" in kw:
            kw["disable"] = frozenset(kw["disable"])
        if "severity" in kw:
            kw["severity"] = {
                k: v if isinstance(v, Severity) else Severity.parse(str(v))
                for k, v in kw["severity"].items()
            }
        return cls(**kw)
