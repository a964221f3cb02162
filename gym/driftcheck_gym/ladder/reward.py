"""An optional trained-outcome reward term for the gym's design tasks.

``trained_reward(task, plan)`` applies the plan to the task's starting architecture, turns
the result into a driftcheck graph, retargets it to the ladder family whose data fits the gym
family (``designs.GYM_FAMILIES``; the curated tasks by their start fixture, ``CURATED``),
trains it on that family's fixed budget and returns a reward in [0, 1]: validation accuracy
as it is, a regression's MSE as 1 / (1 + MSE), and 0 for a design that cannot be built,
retargeted or trained, diverges, or is over the budget.

Cost (docs/ladder.md): one short training per call, 0.05-3.5 CPU seconds on the families'
budgets (median ~0.3 s), against ~1 ms for the verifier's reward. It is meant as an
occasional term (e.g. on a sample of episodes, or to re-rank the verifier's passing designs),
not as the per-step reward. ``grade(task, plan, trained_weight=w)`` mixes it into the reward
of passing designs.
"""

from __future__ import annotations

import json
from typing import Any

from driftcheck.graph.model import Graph

__all__ = ["CURATED", "ladder_task_for", "trained_reward"]

CURATED = {
    "empty-tabular": "breast-cancer",
    "unstable-mlp": "breast-cancer",
    "empty-image": "digits-image",
    "tiny-cnn": "digits-image",
    "empty-text": "seq-sort",
    "broken-attention": "seq-sort",
}
"""Curated gym tasks (by start fixture) -> the ladder family their designs train on."""


def ladder_task_for(task: Any) -> str | None:
    from driftcheck_gym.ladder.designs import GYM_FAMILIES

    fam = GYM_FAMILIES.get(getattr(task, "family", ""))
    if fam:
        return fam[0]
    start = (getattr(task, "meta", None) or {}).get("fixture")
    if isinstance(start, str) and start in CURATED:
        return CURATED[start]
    return None


def trained_reward(
    task: Any, plan: list[dict[str, Any]], *, ladder_task: str | None = None, seed: int = 0
) -> tuple[float, dict[str, Any]]:
    """(reward in [0, 1], info with the outcome and why) for ``plan`` on gym ``task``."""
    from driftcheck.graph.cost import estimate
    from driftcheck_gym.ladder.designs import retarget
    from driftcheck_gym.ladder.tasks import get_task
    from driftcheck_gym.ladder.train import evaluate
    from driftcheck_gym.state import apply, to_graph

    name = ladder_task or ladder_task_for(task)
    if name is None:
        return 0.0, {"status": "no_ladder_task", "detail": f"no ladder family for {task.id}"}
    lt = get_task(name)
    applied = apply(
        task.start_arch(), plan, repair=task.kind == "repair", config_task=task.config_task
    )
    g0 = Graph.from_data(json.loads(to_graph(applied.arch, name=task.id).model_dump_json()))
    g, why = retarget(g0, lt)
    if g is None:
        return 0.0, {"status": "not_retargeted", "detail": why, "ladder_task": name}
    out = evaluate(g, lt, seed=seed, train_macs=estimate(g, dtype="float32").macs)
    info = {"ladder_task": name, **out.to_dict()}
    if out.status != "ok" or out.value is None:
        return 0.0, info
    r = out.value if lt.metric == "accuracy" else 1.0 / (1.0 + out.value)
    return float(r), info
