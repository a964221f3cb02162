"""The environment: ``reset`` gives a task's starting graph, ``step`` applies a batch of edits
and returns the verifier's reward. A Gymnasium ``Env`` (registered as
``driftcheck/ArchEdit-v0``); the OpenEnv server wraps the same ``Episode``.

Observations are text, so they fit Gymnasium's spaces and an LLM's context alike: ``graph``
(the architecture as JSON), ``text`` (the prompt: spec, requirements, compact graph) and
``task`` (id, kind, requirements as JSON). The same data as dicts is in ``info``. An action is
a plan: a list of action dicts, or any text holding one (``parse_plan``). A malformed plan is
a step with reward -1 and feedback, never an exception.
"""

from __future__ import annotations

import copy
import json
import string
from typing import Any

import gymnasium as gym
from gymnasium import spaces

from driftcheck_gym import actions as A
from driftcheck_gym.editlog import EditLog, diff
from driftcheck_gym.grade import GradeResult, evaluate, no_plan
from driftcheck_gym.state import Arch, apply, graph_to_text
from driftcheck_gym.tasks import Task, get_task

MAX_OBS_CHARS = 400_000
MAX_ACTION_CHARS = A.MAX_TEXT
CHARSET = string.printable


class Episode:
    """One task's episode: the edited architecture, the actions so far, the last grade."""

    def __init__(
        self, task: Task, max_steps: int = 8, log: EditLog | None = None, episode_id: str = ""
    ) -> None:
        self.task = task
        self.arch: Arch = task.start_arch().copy()
        self.max_steps = max_steps
        self.steps = 0
        self.n_actions = 0
        self.attempted: list[str] = []
        self.done = False
        self.last: GradeResult | None = None
        self.log = log
        self.episode_id = episode_id

    def step(self, plan: Any) -> GradeResult:
        self.steps += 1
        try:
            raw = A.parse_plan(plan)
        except A.PlanError as e:
            res = no_plan(self.task, str(e))
        else:
            before = self.arch
            out = apply(
                before, raw, repair=self.task.kind == "repair", config_task=self.task.config_task
            )
            self.n_actions += len(raw)
            self.attempted += [
                a.get("type") for a in raw if isinstance(a, dict) and isinstance(a.get("type"), str)
            ]
            self.arch = out.arch
            res = evaluate(
                self.task,
                self.arch,
                n_actions=self.n_actions,
                attempted=self.attempted,
                errors=out.errors,
                applied=out.applied,
            )
            if self.log is not None:
                self.log.write(
                    {
                        "episode": self.episode_id,
                        "task": self.task.id,
                        "step": self.steps,
                        "actions": [
                            A.dump_action(m) if m is not None else raw[i]
                            for i, m in enumerate(out.actions)
                        ],
                        "errors": out.errors,
                        "diff": diff(before, self.arch),
                        "reward": res.reward,
                        "passed": res.passed,
                    }
                )
        self.last = res
        self.done = res.passed or self.steps >= self.max_steps
        return res

    @property
    def truncated(self) -> bool:
        return self.steps >= self.max_steps and not (self.last is not None and self.last.passed)

    def observation(self) -> dict[str, str]:
        t = self.task
        return {
            "graph": _clip(json.dumps(self.arch.to_data(), sort_keys=True)),
            "text": _clip(self.prompt_text()),
            "task": _clip(
                json.dumps(
                    {
                        "id": t.id,
                        "family": t.family,
                        "kind": t.kind,
                        "spec": t.spec,
                        "requirements": t.requirements,
                    },
                    sort_keys=True,
                )
            ),
        }

    def prompt_text(self) -> str:
        base = self.task.prompt_text()
        if self.steps == 0:
            return base
        head, _, tail = base.partition("\nCurrent graph:\n")
        how = tail.split("\n\n", 1)[1] if "\n\n" in tail else ""
        fb = self.last.feedback if self.last else ""
        return (
            f"{head}\nCurrent graph:\n{graph_to_text(self.arch)}\n\nLast feedback:\n{fb}\n\n{how}"
        )


def _clip(s: str) -> str:
    s = "".join(ch if ch in CHARSET else "?" for ch in s) if not s.isascii() else s
    return s[:MAX_OBS_CHARS]


class DriftcheckGymEnv(gym.Env):
    """Gymnasium environment over the gym's tasks.

    ``reset(seed=None, options={"task": task_id or Task})``; without a task, one is drawn
    (seeded) from ``split`` (``"curated"`` by default, or a generated split of ``count``
    tasks of ``split_seed``). ``step(actions)`` takes a list of action dicts or text.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        task: str | Task | None = None,
        split: str = "curated",
        split_seed: int = 0,
        count: int = 64,
        max_steps: int = 8,
        render_mode: str | None = None,
        edit_log: str | None = None,
    ) -> None:
        self.observation_space = spaces.Dict(
            {
                k: spaces.Text(MAX_OBS_CHARS, min_length=0, charset=CHARSET)
                for k in ("graph", "text", "task")
            }
        )
        self.action_space = spaces.Text(MAX_ACTION_CHARS, min_length=0, charset=CHARSET)
        self.render_mode = render_mode
        self.fixed = task
        self.split, self.split_seed, self.count = split, split_seed, count
        self.max_steps = max_steps
        self.log = EditLog(edit_log) if edit_log else None
        self.episode: Episode | None = None
        self._pool: list[Task] | None = None
        self._resets = 0

    def _pick(self, options: dict[str, Any] | None) -> Task:
        t = (options or {}).get("task", self.fixed)
        if isinstance(t, Task):
            return t
        if isinstance(t, str):
            return get_task(t)
        if self._pool is None:
            from driftcheck_gym.generate import generate_tasks

            self._pool = generate_tasks(self.split, self.split_seed, self.count)
        return self._pool[int(self.np_random.integers(len(self._pool)))]

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        task = self._pick(options)
        self._resets += 1
        self.episode = Episode(
            task, self.max_steps, self.log, episode_id=f"{task.id}#{self._resets}"
        )
        return self.episode.observation(), self._info(None)

    def step(self, action: Any):
        if self.episode is None:
            raise RuntimeError("call reset() before step()")
        res = self.episode.step(action)
        terminated = res.passed
        truncated = self.episode.truncated
        return self.episode.observation(), float(res.reward), terminated, truncated, self._info(res)

    def _info(self, res: GradeResult | None) -> dict[str, Any]:
        ep = self.episode
        assert ep is not None
        info: dict[str, Any] = {
            "task_id": ep.task.id,
            "kind": ep.task.kind,
            "graph": ep.arch.to_data(),
            "requirements": ep.task.requirements,
            "step": ep.steps,
        }
        if res is not None:
            info.update(
                passed=res.passed,
                met=res.met,
                missing=res.missing,
                feedback=res.feedback,
                grade=res.to_dict(),
            )
        return copy.deepcopy(info)  # never share data with a previous return

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.episode is not None:
            return self.episode.prompt_text()
        return None


ENV_ID = "driftcheck/ArchEdit-v0"


def register() -> None:
    """Register ``driftcheck/ArchEdit-v0`` with Gymnasium (idempotent)."""
    if ENV_ID not in gym.registry:
        gym.register(
            id=ENV_ID, entry_point="driftcheck_gym.env:DriftcheckGymEnv", max_episode_steps=None
        )
