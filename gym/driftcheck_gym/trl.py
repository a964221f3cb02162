"""A reward function with the signature TRL's ``GRPOTrainer(reward_funcs=...)`` expects.

``reward_fn(prompts, completions, **kwargs) -> list[float]``: each completion (a string, or a
conversational completion: a list of messages whose last ``content`` is the answer) is parsed
as a plan and graded against its task, whose id comes from a dataset column (``task_id`` by
default; TRL passes every extra dataset column as a keyword argument, one value per
completion). Single-turn: the plan is applied to the task's starting graph.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from driftcheck_gym.grade import grade
from driftcheck_gym.tasks import Task, get_task


@lru_cache(maxsize=8192)
def _task(task_id: str) -> Task:
    return get_task(task_id)


def completion_text(c: Any) -> str:
    if isinstance(c, str):
        return c
    if isinstance(c, list) and c and isinstance(c[-1], dict):
        return str(c[-1].get("content", ""))
    if isinstance(c, dict):
        return str(c.get("content", ""))
    return str(c)


def reward_fn(prompts: list[Any] | None, completions: list[Any], **kwargs: Any) -> list[float]:
    ids = kwargs.get("task_id") or kwargs.get("taskId") or kwargs.get("task")
    if ids is None:
        raise ValueError("reward_fn needs the task ids: a 'task_id' dataset column")
    if isinstance(ids, str):
        ids = [ids] * len(completions)
    return [
        float(grade(_task(str(t)), completion_text(c)).reward) for t, c in zip(ids, completions)
    ]


reward_fn.__name__ = "driftcheck_gym_reward"
