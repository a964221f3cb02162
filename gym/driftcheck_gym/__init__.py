"""driftcheck's gym: state is the typed graph, an action is a batch of edits, the verifier is the
reward. See docs/gym.md.

Public API (stable):
- ``DriftcheckGymEnv`` (gymnasium.Env; registered as ``driftcheck/ArchEdit-v0``)
- ``generate_tasks(split, seed, count, families=None)``, ``get_task(task_id)``, ``Task``
- ``grade(task, plan) -> GradeResult`` (``passed``, ``reward``, ``met``, ``missing``, ``feedback``)
- ``reward_fn(prompts, completions, **kwargs)`` for TRL (task ids in the ``task_id`` column);
  ``ArchEditToolEnv`` for TRL's ``environment_factory`` (multi-turn tool calling)
- ``parse_plan(text)``, ``graph_to_text(graph)``, ``plan_json_schema()``, ``manifest(...)``
"""

from driftcheck_gym.actions import (
    PlanError,
    action_json_schema,
    parse_plan,
    plan_json_schema,
)
from driftcheck_gym.env import ENV_ID, DriftcheckGymEnv, Episode, register
from driftcheck_gym.generate import FAMILIES, HELDOUT_FAMILIES, SPLITS, generate_tasks, manifest
from driftcheck_gym.grade import GradeResult, grade
from driftcheck_gym.state import Arch, graph_to_text
from driftcheck_gym.tasks import Task, curated_tasks, get_task
from driftcheck_gym.trl import ArchEditToolEnv, reward_fn

register()

__all__ = [
    "ENV_ID",
    "FAMILIES",
    "HELDOUT_FAMILIES",
    "SPLITS",
    "Arch",
    "ArchEditToolEnv",
    "DriftcheckGymEnv",
    "Episode",
    "GradeResult",
    "PlanError",
    "Task",
    "action_json_schema",
    "curated_tasks",
    "generate_tasks",
    "get_task",
    "grade",
    "graph_to_text",
    "manifest",
    "parse_plan",
    "plan_json_schema",
    "reward_fn",
]
