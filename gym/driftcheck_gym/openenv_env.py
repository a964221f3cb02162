"""The gym as an OpenEnv environment (package ``openenv-core``): typed Action, Observation and
State models and an ``Environment`` whose server is built by ``openenv``'s own
``create_fastapi_app`` (``/reset``, ``/step``, ``/state``, ``/schema``, ``/ws`` sessions).

OpenEnv's HTTP ``/reset`` and ``/step`` build a fresh environment per request (state lives in
``/ws`` sessions), so an action may name its task: a step on an environment with no episode
(or on another task) starts that task's episode first. That makes a single HTTP ``/step``
a complete single-turn rollout (what a GRPO trainer needs); ``/ws`` keeps multi-turn episodes.
"""

from __future__ import annotations

from typing import Any
from uuid import uuid4

from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.types import Action, Observation, State
from pydantic import Field

from driftcheck_gym.env import Episode
from driftcheck_gym.tasks import get_task

MAX_STEPS_LIMIT = 32


def _with_plan_schema(schema: dict[str, Any]) -> None:
    """``/schema`` shows the whole edit vocabulary: ``actions`` items are the plan's actions."""
    from driftcheck_gym.actions import plan_json_schema

    plan = plan_json_schema()
    schema.setdefault("$defs", {}).update(plan["$defs"])
    prop = schema["properties"]["actions"]
    for alt in prop.get("anyOf", [prop]):
        if alt.get("type") == "array":
            alt["items"] = {"$ref": "#/$defs/Action"}


class ArchEditAction(Action):
    """A plan: ``actions`` (a list of edit actions, see ``plan_json_schema``) or ``text`` (an
    LLM completion holding one). ``task_id`` starts that task's episode when none is running."""

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        schema = super().model_json_schema(*args, **kwargs)
        _with_plan_schema(schema)
        return schema

    actions: list[dict[str, Any]] | None = Field(default=None, max_length=256)
    text: str | None = Field(default=None, max_length=200_000)
    task_id: str | None = Field(default=None, max_length=200)


class ArchEditObservation(Observation):
    task_id: str = ""
    kind: str = ""
    prompt: str = Field(default="", description="spec, requirements and graph as text")
    graph: dict[str, Any] = Field(default_factory=dict)
    requirements: dict[str, Any] = Field(default_factory=dict)
    passed: bool = False
    met: list[str] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list)
    feedback: str = ""
    step: int = 0


class ArchEditState(State):
    task_id: str | None = None
    passed: bool = False


class ArchEditEnvironment(Environment):
    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, default_task: str = "cnn-cifar", max_steps: int = 8) -> None:
        super().__init__()
        self.default_task = default_task
        self.max_steps = min(max_steps, MAX_STEPS_LIMIT)
        self.episode: Episode | None = None
        self._state = ArchEditState(episode_id=None, step_count=0)

    def _start(self, task_id: str, episode_id: str | None = None) -> None:
        self.episode = Episode(
            get_task(task_id), self.max_steps, episode_id=episode_id or str(uuid4())
        )
        self._state = ArchEditState(
            episode_id=self.episode.episode_id, step_count=0, task_id=task_id
        )

    def _obs(self, reward: float | None) -> ArchEditObservation:
        ep = self.episode
        assert ep is not None
        last = ep.last
        return ArchEditObservation(
            done=ep.done,
            reward=reward,
            task_id=ep.task.id,
            kind=ep.task.kind,
            prompt=ep.prompt_text(),
            graph=ep.arch.to_data(),
            requirements=ep.task.requirements,
            passed=bool(last and last.passed),
            met=list(last.met) if last else [],
            missing=list(last.missing) if last else [],
            feedback=last.feedback if last else "",
            step=ep.steps,
        )

    def reset(
        self,
        seed: int | None = None,
        episode_id: str | None = None,
        task_id: str | None = None,
        **kwargs: Any,
    ) -> ArchEditObservation:
        try:
            self._start(task_id or self.default_task, episode_id)
        except KeyError as e:
            return ArchEditObservation(done=True, reward=None, feedback=f"unknown task: {e}")
        return self._obs(None)

    def step(
        self, action: ArchEditAction, timeout_s: float | None = None, **kwargs: Any
    ) -> ArchEditObservation:
        try:
            if action.task_id and (self.episode is None or self.episode.task.id != action.task_id):
                self._start(action.task_id)
            elif self.episode is None:
                self._start(self.default_task)
        except KeyError as e:
            return ArchEditObservation(done=True, reward=-1.0, feedback=f"unknown task: {e}")
        assert self.episode is not None
        if self.episode.done:
            return self._obs(0.0).model_copy(
                update={"feedback": "episode finished: reset to start another"}
            )
        plan: Any = action.actions if action.actions is not None else (action.text or "")
        res = self.episode.step(plan)
        self._state = ArchEditState(
            episode_id=self.episode.episode_id,
            step_count=self.episode.steps,
            task_id=self.episode.task.id,
            passed=res.passed,
        )
        return self._obs(res.reward)

    @property
    def state(self) -> ArchEditState:
        return self._state
