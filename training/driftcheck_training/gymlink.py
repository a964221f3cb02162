"""Where the training meets the gym: tasks, prompts, the reward (in process or over HTTP) and
multi-turn episodes. Every grade comes from ``driftcheck_gym``; nothing here scores a plan."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def import_gym():
    """``driftcheck_gym``, from the installed package or the repository's ``gym/`` folder."""
    try:
        import driftcheck_gym
    except ImportError:
        sys.path.insert(0, str(REPO / "gym"))
        import driftcheck_gym
    return driftcheck_gym


PLAN_CUE = "\nPlan:\n"
_TASK_ID = re.compile(r"^Task (\S+) \(")


COMPACT = False
"""Set by the pipeline for ``--tiny``: the prompt without the gym's closing paragraph on the
action vocabulary (the same words on every task: a tiny model learns the vocabulary from the
plans, and a shorter prompt is faster on a CPU)."""


def prompt_text(task: Any, compact: bool | None = None) -> str:
    """What the policy is shown: the gym's prompt (the task id and kind, the spec, the
    requirements, the current graph as text and, unless compact, the action vocabulary) and a
    cue to start the plan."""
    text = task.prompt_text()
    if COMPACT if compact is None else compact:
        head, sep, _how = text.rpartition("\n\nAnswer with ")
        text = head if sep else text
    return text + PLAN_CUE


def task_id_of_prompt(prompt: Any) -> str | None:
    if isinstance(prompt, list):  # conversational
        prompt = next((m.get("content", "") for m in prompt if m.get("role") == "user"), "")
    m = _TASK_ID.match(prompt or "")
    return m.group(1) if m else None


def plan_text(plan: list[dict[str, Any]]) -> str:
    """A plan as the compact JSON a policy is taught to write."""
    return json.dumps(plan, separators=(",", ":"))


def completion_text(completion: Any) -> str:
    """A TRL completion (plain text, or a list of chat messages) as text."""
    if isinstance(completion, list):
        return "".join(m.get("content", "") for m in completion if isinstance(m, dict))
    return str(completion)


def verified_examples(tasks: list[Any]) -> tuple[list[dict[str, str]], int]:
    """(prompt/completion rows, number rejected): each reference plan is re-graded by the gym
    before it is used, and only the ones that pass are kept."""
    gym = import_gym()
    rows, rejected = [], 0
    for t in tasks:
        text = plan_text(t.reference_plan)
        result = gym.grade(t, text)
        if not result.passed:
            rejected += 1
            continue
        rows.append({"prompt": prompt_text(t), "completion": text, "task_id": t.id})
    return rows, rejected


# ------------------------------------------------------------------ reward
def local_reward():
    """The gym's own TRL reward function (``reward_fn(prompts, completions, task_id=...)``),
    with chat completions flattened to text first."""
    gym = import_gym()

    def gym_reward(prompts, completions, **kwargs):
        return gym.reward_fn(prompts, [completion_text(c) for c in completions], **kwargs)

    return gym_reward


def http_reward(url: str, timeout: float = 30.0):
    """The same reward from the gym's server (``driftcheck-gym serve``): ``POST {url}/grade``
    with ``{"taskId", "completion"}`` per completion; the answer's ``reward`` is the reward."""
    import urllib.request

    base = url.rstrip("/")

    def gym_server_reward(prompts, completions, task_id, **kwargs):
        out = []
        for tid, c in zip(task_id, completions):
            body = json.dumps({"taskId": tid, "completion": completion_text(c)}).encode()
            req = urllib.request.Request(
                base + "/grade", data=body, headers={"Content-Type": "application/json"}
            )
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                out.append(float(json.loads(resp.read())["reward"]))
        return out

    return gym_server_reward


def episode_reward(prompts, completions, episode_reward=None, **kwargs):
    """Reward of a multi-turn episode: the gym's reward at its last step, carried from the
    rollout function."""
    return [float(r) for r in episode_reward]


def reward_for(args: Any):
    """The reward function GRPO trains on: the episode's reward for multi-turn episodes, else
    the gym's reward, from its server with ``--reward-url`` or in process."""
    if getattr(args, "turns", 1) > 1:
        return episode_reward
    if getattr(args, "reward_url", None):
        return http_reward(args.reward_url)
    return local_reward()


def grade_text(task: Any, text: str):
    return import_gym().grade(task, text)
