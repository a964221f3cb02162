"""Drift as its own service: load each side once, match, run the source-level fork comparison
and the serving engines' rules, return findings (``compare_sources``).

Modules, in the order data flows through them:

- ``sides``: both sides loaded once (one ``Reads`` per run: each config read once; the code
  parsed once through the source parser's AST cache), the code bound to the config;
- ``service``: the pipeline (matcher, fork comparison, serving rules) and the merge;
- ``fork_source`` / ``fork_diff`` / ``hardcoded``: code that is a fork of a transformers
  modeling file, compared *as source* with the installed one (``hardcoded-config``, DRF018);
- ``serving_base`` / ``serving_rules`` / ``checkpoint_rules``: the serving engines' start-up
  and load rules (SRV001..SRV011), with ``vllm_max_len`` (vLLM's derived maximum length) and
  ``load_prediction`` (torch's ``size mismatch for ...`` errors, predicted);
- ``kinds``: the drift kinds the graph matcher reports (DRF001...), as rule records.

Every rule here is a record in the one registry (``driftcheck.rules``).
"""

from __future__ import annotations

from driftcheck.drift.service import (
    compare_sources,
    drift,
    labels,
    pair_findings,
    serving_findings,
    with_serving_rules,
)
from driftcheck.drift.sides import Sides, code_against_config, load_sides, pick_class

__all__ = [
    "Sides",
    "code_against_config",
    "compare_sources",
    "drift",
    "labels",
    "load_sides",
    "pair_findings",
    "pick_class",
    "serving_findings",
    "with_serving_rules",
]
