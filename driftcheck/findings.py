"""The one Finding model shared by the verifier, the drift matcher and every report renderer."""

from __future__ import annotations

from enum import Enum
from typing import Any

from driftcheck.lean import BaseModel, ConfigDict, Field


class Severity(str, Enum):
    """Ordered severities: one scale for every command. What each level means is documented
    once, in ``driftcheck.rules.SEVERITY_SCALE`` (``docs/rules.md``).

    ``minor`` and ``warning`` rank the same; ``major`` sits below ``blocker``.
    """

    info = "info"
    minor = "minor"
    warning = "warning"
    major = "major"
    blocker = "blocker"

    @property
    def rank(self) -> int:
        return _RANK[self.value]

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls(text.lower())
        except ValueError:
            names = ", ".join(s.value for s in cls)
            raise ValueError(f"unknown severity {text!r} (expected one of {names})") from None


_RANK = {"info": 0, "minor": 1, "warning": 1, "major": 2, "blocker": 3}


class Location(BaseModel):
    """Where a value comes from: a file and line in code, a config key, a manifest field."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str | None = None
    line: int | None = None
    column: int | None = None
    key: str | None = Field(default=None, description="config key or manifest field, dotted")
    side: str | None = Field(default=None, description="which side of a comparison (left/right)")

    def __str__(self) -> str:
        parts = []
        if self.file:
            parts.append(self.file if self.line is None else f"{self.file}:{self.line}")
        if self.key:
            parts.append(f"[{self.key}]")
        return " ".join(parts) or "<unknown>"


class Finding(BaseModel):
    """One thing a check or the matcher has to say."""

    model_config = ConfigDict(extra="forbid")

    check_id: str = Field(description="rule id (driftcheck.rules), e.g. SHP001, DRF001, SRV001")
    name: str = Field(description="kebab-case name of the check or drift kind")
    severity: Severity
    message: str = Field(description="one line")
    kind: str | None = Field(default=None, description="drift kind: layer-count, param, vocab, ...")
    attribute: str | None = Field(
        default=None, description="catalogue vocabulary, e.g. multiHeadAttention.numHeads"
    )
    values: dict[str, Any] = Field(default_factory=dict, description="side -> value")
    locations: list[Location] = Field(default_factory=list)
    node: str | None = Field(default=None, description="graph node id the finding is about")
    evidence: str | None = Field(default=None, description="why a heuristic fired")

    @property
    def primary(self) -> Location | None:
        return self.locations[0] if self.locations else None


def worst(findings: list[Finding]) -> Severity | None:
    return max((f.severity for f in findings), key=lambda s: s.rank, default=None)
