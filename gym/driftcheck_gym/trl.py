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


class ArchEditToolEnv:
    """An environment for TRL's ``GRPOTrainer(environment_factory=ArchEditToolEnv)`` (multi-turn,
    tool calling): TRL calls ``reset(**row)`` with the dataset row (its ``task_id`` picks the
    task; the returned text is appended to the user message), exposes ``apply_edits`` as a tool
    the model may call, and calls ``get_reward()`` once per rollout. Doing nothing (no tool
    call) earns the empty plan's reward."""

    def __init__(self, max_steps: int = 8) -> None:
        from driftcheck_gym.env import Episode

        self._episode_cls = Episode
        self._max_steps = max_steps
        self._episode: Any = None

    def reset(self, task_id: str | None = None, **kwargs: Any) -> str | None:
        if task_id is None:
            task_id = kwargs.get("taskId") or kwargs.get("task")
        if task_id is None:
            raise ValueError("ArchEditToolEnv.reset needs a task_id (a dataset column)")
        self._episode = self._episode_cls(_task(str(task_id)), self._max_steps)
        return "Current graph:\n" + self._episode.prompt_text().split("Current graph:\n", 1)[1]

    def apply_edits(self, actions: str) -> str:
        """Apply a batch of edits to the current architecture and get the verifier's feedback.

        Args:
            actions: A JSON list of edit actions, e.g. [{"type": "add_component", "componentType": "linear", "name": "fc1", "after": "input", "params": {"inFeatures": 32, "outFeatures": 64}}].

        Returns:
            The verifier's feedback (requirements met and missing, findings) and the edited graph.
        """
        ep = self._episode
        if ep is None:
            return "No task: the environment was not reset."
        if ep.done:
            return "The episode is over." + (" It passed." if ep.last and ep.last.passed else "")
        r = ep.step(actions)
        from driftcheck_gym.state import graph_to_text

        return f"{r.feedback}\n\nreward {r.reward:+.3f}\n\nGraph:\n{graph_to_text(ep.arch)}"

    def get_reward(self) -> float:
        ep = self._episode
        if ep is None:
            return -1.0
        if ep.last is None:  # no edit at all: what an empty plan earns
            from driftcheck_gym.grade import grade

            return float(grade(ep.task, []).reward)
        return float(ep.last.reward)
