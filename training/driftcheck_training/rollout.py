"""Multi-turn repair episodes for TRL's GRPOTrainer (``rollout_func``).

One episode per rollout: the policy writes a plan, the gym's environment applies it and
answers with the verifier's feedback and the edited graph; that answer becomes the next
observation, appended to the context, and the policy writes the next plan, up to ``turns``
plans or until the task passes. The completion handed back to the trainer is every token of
the episode after the prompt; ``env_mask`` marks the policy's own tokens (1) against the
environment's (0), so only the policy's tokens carry the loss. The reward is the gym's reward
at the episode's last step (``gymlink.episode_reward``).
"""

from __future__ import annotations

from typing import Any

from driftcheck_training import gymlink
from driftcheck_training.evaluate import encode_prompts, generate


def observation_text(info: dict[str, Any], reward: float) -> str:
    """The environment's answer to a plan (its ``info``: the verifier's feedback and the edited
    graph), as the text of the next observation."""
    gym = gymlink.import_gym()
    feedback = str(info.get("feedback") or "")
    graph = gym.graph_to_text(info["graph"]) if info.get("graph") is not None else ""
    return (
        f"\nFeedback (reward {reward:.2f}): {feedback}\nCurrent graph:\n{graph}{gymlink.PLAN_CUE}"
    )


def run_episodes(
    model,
    tokenizer,
    prompts: list[Any],
    *,
    turns: int,
    max_new_tokens: int,
    temperature: float = 1.0,
    chat: bool = False,
    do_sample: bool = True,
) -> dict[str, Any]:
    """Play one episode per prompt with ``model``; returns the fields ``rollout_func`` needs
    plus ``episode_reward`` and ``episode_passed``."""
    gym = gymlink.import_gym()
    texts = [p if isinstance(p, str) else gymlink.completion_text(p) for p in prompts]
    ids = [gymlink.task_id_of_prompt(p) for p in prompts]
    if any(i is None for i in ids):
        raise ValueError("a prompt does not start with 'Task <id> (': cannot find its task")
    prompt_ids = encode_prompts(tokenizer, texts, chat)
    n = len(prompts)
    envs = []
    for tid in ids:
        env = gym.DriftcheckGymEnv(max_steps=turns)
        env.reset(seed=0, options={"task": tid})
        envs.append(env)
    completion: list[list[int]] = [[] for _ in range(n)]
    mask: list[list[int]] = [[] for _ in range(n)]
    reward = [gym_min() for _ in range(n)]
    passed = [False] * n
    active = list(range(n))
    eos = tokenizer.eos_token_id
    for turn in range(turns):
        if not active:
            break
        outs = generate(
            model,
            tokenizer,
            [prompt_ids[i] + completion[i] for i in active],
            max_new_tokens=max_new_tokens,
            batch_size=len(active),
            do_sample=do_sample,
            temperature=temperature,
        )
        still = []
        for i, out in zip(active, outs):
            own = out + [eos]
            completion[i] += own
            mask[i] += [1] * len(own)
            text = tokenizer.decode(out, skip_special_tokens=True)
            obs, r, terminated, truncated, info = envs[i].step(text)
            reward[i] = float(r)
            passed[i] = bool(info.get("passed", False))
            if terminated or truncated or passed[i] or turn == turns - 1:
                continue
            extra = tokenizer(observation_text(info, r), add_special_tokens=False)["input_ids"]
            completion[i] += extra
            mask[i] += [0] * len(extra)
            still.append(i)
        active = still
    return {
        "prompt_ids": prompt_ids,
        "completion_ids": completion,
        "env_mask": mask,
        "episode_reward": reward,
        "episode_passed": passed,
    }


def gym_min() -> float:
    return -1.0


def make_rollout_func(
    tokenizer, *, turns: int, max_new_tokens: int, temperature: float, chat: bool
):
    """A ``rollout_func`` for ``GRPOTrainer``: generation with the trainer's own model
    (unwrapped for DDP/DeepSpeed/FSDP by TRL), one episode per prompt."""
    from trl.models.utils import unwrap_model_for_generation

    def rollout(prompts, trainer):
        with unwrap_model_for_generation(trainer.model_wrapped, trainer.accelerator) as model:
            out = run_episodes(
                model,
                tokenizer,
                prompts,
                turns=turns,
                max_new_tokens=max_new_tokens,
                temperature=temperature,
                chat=chat,
            )
        out["logprobs"] = None
        out.pop("episode_passed")
        return out

    return rollout
