"""Tasks: a spec, a starting architecture, machine-checkable requirements, a reference plan.

The 12 curated tasks and their 8 starting fixtures are the seed's (``data/curated.json``,
ids as published); their reference plans are ours (``data/curated_reference.json``), written
to pass this gym's verifier. Generated tasks come from ``driftcheck_gym.generate``.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from driftcheck_gym.state import Arch, graph_to_text

REQUIREMENT_DOCS: dict[str, str] = {
    "changed": "the plan changes the model (doing nothing never passes)",
    "forbidBlockers": "the verifier finds no blocker (the model builds and runs)",
    "mustReachOutput": "an input reaches the output through the layers",
    "minScore": "the verifier's 0-100 score is at least this",
    "maxParams": "exact parameter count (catalogue) at most this",
    "minParams": "exact parameter count at least this",
    "paramsWithin": "exact parameter count within a share of a target: {target, tolerance}",
    "mustContainTypes": "each of these layer types is on an input-to-output path",
    "mustContainTypesAny": "at least one of these layer types is on an input-to-output path",
    "minComponents": "at least this many components (input and output included) on input-to-output paths",
    "maxActions": "at most this many actions in the episode",
    "forbidActionTypes": "none of these action types is attempted",
    "maxKvBytesPerToken": "KV cache bytes per token (cost model, at kvDtype) at most this",
    "fitsGpu": "weights + KV cache fit the GPU: {gpu, contextLength, dtype}",
    "keepConfig": "these config fields keep their starting values",
    "keepParams": "these components keep these (catalogue) param values: {name: {param: value}}",
    "outputFeatures": "the output's last dimension (shape inference) is this",
    "outputShape": "the output's shape (shape inference) is exactly this",
    "bottleneckAtMost": "some layer on the path outputs at most this many features",
}


@dataclass
class Task:
    id: str
    family: str
    kind: str  # "design" | "repair"
    spec: str
    start: dict[str, Any]
    requirements: dict[str, Any]
    reference_plan: list[dict[str, Any]] = field(default_factory=list)
    split: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def start_graph(self) -> dict[str, Any]:
        """The starting architecture as a JSON-able dict (components, connections, config)."""
        return copy.deepcopy(self.start)

    def start_arch(self) -> Arch:
        """The starting architecture (shared: ``apply`` edits a copy)."""
        return _arch(self)[0]

    def start_key(self) -> str:
        hit = _arch(self)
        if hit[1] is None:  # written on first ask: a grade that changes the counts never asks
            hit[1] = hit[0].key()
        return hit[1]

    @property
    def config_task(self) -> bool:
        return self.start.get("config") is not None

    def prompt_text(self) -> str:
        """Spec, requirements and the current graph as text, with the action vocabulary:
        what an LLM policy is shown."""
        req = "\n".join(f"- {k}: {json.dumps(v)}" for k, v in self.requirements.items())
        if self.config_task:
            how = (
                'Answer with a JSON list of actions, e.g. [{"type": "update_config", "params": '
                '{"num_key_value_heads": 4}}]. Only update_config is accepted on this task.'
            )
        else:
            how = (
                "Answer with a JSON list of actions. Types: add_component {componentType, name, "
                "params, after}, add_connection {from, to}, delete_connection {from, to}, "
                "delete_component {name}, update_params {name, params}, rename_component {name, "
                "newName}, replace_model {components, connections}"
                + (" (refused on this repair task)" if self.kind == "repair" else "")
                + ". Layer types are catalogue names (linear, conv2d, flatten, relu, layerNorm, "
                "embedding, multiHeadAttention, groupedQueryAttention, mla, mixtureOfExperts, "
                "transformerBlock, ...); params in camelCase or snake_case."
            )
        return (
            f"Task {self.id} ({self.kind}).\n{self.spec}\n\nRequirements:\n{req}\n\n"
            f"Current graph:\n{graph_to_text(self.start)}\n\n{how}"
        )

    def to_dict(self, reference: bool = False) -> dict[str, Any]:
        d = {
            "id": self.id,
            "family": self.family,
            "kind": self.kind,
            "spec": self.spec,
            "start": self.start,
            "requirements": self.requirements,
            "split": self.split,
        }
        if self.meta:
            d["meta"] = self.meta
        if reference:
            d["referencePlan"] = self.reference_plan
        return d


_ARCHS: dict[int, tuple[Task, list[Any]]] = {}


def _arch(task: Task) -> list[Any]:
    """[start Arch, its key or None until asked], one per task object."""
    hit = _ARCHS.get(id(task))
    if hit is None or hit[0] is not task:
        if len(_ARCHS) > 4096:
            _ARCHS.clear()
        hit = _ARCHS[id(task)] = (task, [Arch.from_data(task.start), None])
    return hit[1]


def _data(name: str) -> Any:
    return json.loads(resources.files("driftcheck_gym").joinpath("data", name).read_text())


@lru_cache(maxsize=1)
def curated_data() -> dict[str, Any]:
    return _data("curated.json")


def curated_tasks() -> tuple[Task, ...]:
    """The 12 curated tasks, fresh copies each call (a caller may edit what it gets)."""
    return copy.deepcopy(_curated())


@lru_cache(maxsize=1)
def _curated() -> tuple[Task, ...]:
    data = curated_data()
    refs = _data("curated_reference.json")
    out = []
    for t in data["tasks"]:
        fixture = data["fixtures"][t["start"]]
        start = {k: v for k, v in fixture.items() if k != "name"}
        out.append(
            Task(
                id=t["id"],
                family="curated",
                kind=t["kind"],
                spec=t["spec"],
                start=start,
                requirements=t["requirements"],
                reference_plan=refs[t["id"]],
                split="curated",
                meta={"fixture": t["start"]},
            )
        )
    return tuple(out)


def fixtures() -> dict[str, Any]:
    return copy.deepcopy(curated_data()["fixtures"])


def get_task(task_id: str) -> Task:
    """A curated task by id (``cnn-cifar``) or a generated one by its id
    (``gen-cnn@train:7:12``: family, split, seed, index); KeyError when there is none."""
    for t in _curated():
        if t.id == task_id:
            return copy.deepcopy(t)
    from driftcheck_gym.generate import task_from_id

    return task_from_id(task_id)
