"""The gym served the ways trainers consume it, each with the real library: Gymnasium's
env checker, OpenEnv's own client over a real uvicorn server on loopback, the harness-compatible
HTTP routes, and TRL's reward-function calling convention."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time

import driftcheck_gym as G
import gym_support  # noqa: F401
import gymnasium
import httpx
import pytest
from gymnasium.utils.env_checker import check_env


# ---------------------------------------------------------------------- gymnasium
def test_gymnasium_registration_passes_the_env_checker():
    env = gymnasium.make(G.ENV_ID)
    check_env(env.unwrapped, skip_render_check=False)
    env = G.DriftcheckGymEnv(split="train", split_seed=2, count=8)
    check_env(env)


def test_env_episode_multi_turn():
    env = G.DriftcheckGymEnv(max_steps=3)
    t = G.get_task("deepen-resnet")
    obs, info = env.reset(seed=0, options={"task": t})
    assert json.loads(obs["graph"])["components"][1]["name"] == "conv1" and info["task_id"] == t.id
    obs, r1, term, trunc, info = env.step(t.reference_plan[:2])
    assert not term and not trunc and not info["passed"] and info["missing"]
    obs, r2, term, trunc, info = env.step(json.dumps(t.reference_plan[2:]))
    assert term and info["passed"] and r2 == 1.0 > r1
    env.reset(options={"task": "cnn-cifar"})
    for _ in range(3):
        _, r, term, trunc, info = env.step("[]")
        assert r == -0.5 and not term
    assert trunc
    _, r, *_ = env.step("nonsense")
    assert r == -1.0


def test_reset_without_task_is_seeded():
    a, b = G.DriftcheckGymEnv(split="test", count=16), G.DriftcheckGymEnv(split="test", count=16)
    assert a.reset(seed=5)[1]["task_id"] == b.reset(seed=5)[1]["task_id"]


# ---------------------------------------------------------------------- TRL reward_funcs
def test_reward_fn_follows_trls_calling_convention():
    import importlib.util
    from pathlib import Path

    # the installed TRL's own source (importing its trainer needs a torchvision matching torch,
    # which this machine lacks: "operator torchvision::nms does not exist")
    spec = importlib.util.find_spec("trl")
    assert spec is not None and spec.origin is not None
    src = (Path(spec.origin).parent / "trainer" / "grpo_trainer.py").read_text()
    # TRL calls reward_func(prompts=..., completions=..., completion_ids=..., **reward_kwargs),
    # reward_kwargs holding every extra dataset column (one value per completion)
    assert "prompts=prompts, completions=completions" in src and "reward_kwargs" in src
    t = G.get_task("mlp-tabular")
    good = "```json\n" + json.dumps(t.reference_plan) + "\n```"
    conv = [{"role": "assistant", "content": good}]
    out = G.reward_fn(
        prompts=[t.prompt_text()] * 4,
        completions=[good, "[]", "nonsense", conv],
        completion_ids=[[1], [2], [3], [4]],
        task_id=[t.id] * 4,
        trainer_state=None,
        log_extra=None,
        log_metric=None,
    )
    assert out == [1.0, -0.5, -1.0, 1.0] and all(isinstance(x, float) for x in out)


# ---------------------------------------------------------------------- the service
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def edit_log(tmp_path_factory):
    return tmp_path_factory.mktemp("gym") / "edits.jsonl"


@pytest.fixture(scope="module")
def server(edit_log):
    import uvicorn
    from driftcheck_gym.server import create_app

    port = _free_port()
    app = create_app(max_episodes=64, edit_log=str(edit_log))
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.time() + 60
    while not srv.started and time.time() < deadline:
        time.sleep(0.05)
    assert srv.started
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    th.join(timeout=10)


def test_openenv_client_over_websocket(server):
    from openenv.core.generic_client import GenericEnvClient

    t = G.get_task("fix-broken-attention")

    async def go():
        async with GenericEnvClient(base_url=server) as env:
            r = await env.reset(task_id=t.id)
            assert r.observation["task_id"] == t.id and not r.done
            r = await env.step(
                {"actions": [{"type": "update_params", "name": "attn", "params": {"numHeads": 7}}]}
            )
            assert not r.done and r.reward < 1.0 and r.observation["missing"]
            r = await env.step({"text": json.dumps(t.reference_plan)})
            assert r.done and r.reward == 1.0 and r.observation["passed"]
            s = await env.state()
            assert s["step_count"] == 2 and s["passed"] is True

    asyncio.run(go())


def test_openenv_http_routes(server):
    c = httpx.Client(base_url=server, timeout=30)
    t = G.get_task("mlp-tabular")
    assert c.post("/reset", json={"task_id": t.id}).json()["observation"]["task_id"] == t.id
    r = c.post("/step", json={"action": {"task_id": t.id, "actions": t.reference_plan}}).json()
    assert r["reward"] == 1.0 and r["done"] and r["observation"]["passed"]
    r = c.post("/step", json={"action": {"task_id": t.id, "text": "oops"}}).json()
    assert r["reward"] == -1.0 and "no plan" in r["observation"]["feedback"]
    schema = c.get("/schema").json()
    assert {"action", "observation", "state"} <= set(schema)
    import jsonschema

    v = jsonschema.Draft202012Validator(schema["action"])  # the whole edit vocabulary
    assert not list(v.iter_errors({"task_id": t.id, "actions": t.reference_plan}))
    assert list(v.iter_errors({"actions": [{"type": "add_connection", "from": "a"}]}))
    assert "state" in c.get("/state").json() or "step_count" in c.get("/state").json()
    paths = set(c.get("/openapi.json").json()["paths"])
    assert {
        "/reset",
        "/step",
        "/state",
        "/schema",
        "/health",
        "/tasks",
        "/grade",
        "/episode/start",
        "/episode/step",
        "/bench",
    } <= paths


def test_harness_routes(server, edit_log):
    c = httpx.Client(base_url=server, timeout=30)
    h = c.get("/health").json()
    assert h["ok"] is True and h["status"] == "healthy"
    cur = c.get("/tasks", params={"split": "curated"}).json()
    assert [x["id"] for x in cur][:2] == ["cnn-cifar", "mlp-tabular"] and "constraints" in cur[0]
    gen = c.get("/tasks", params={"split": "train", "count": 5, "seed": 3}).json()
    assert [x["id"] for x in gen] == [t.id for t in G.generate_tasks("train", 3, 5)]
    t = G.get_task("cnn-cifar")
    g = c.post("/grade", json={"taskId": t.id, "actions": t.reference_plan}).json()
    assert g["pass"] is True and g["reward"] == 1.0 and g["applyErrors"] == 0
    g = c.post(
        "/grade", json={"split": "train", "seed": 3, "count": 5, "index": 2, "actions": []}
    ).json()
    assert g["pass"] is False and g["taskId"] == gen[2]["id"]
    s = c.post("/episode/start", json={"taskId": "deepen-resnet", "maxTurns": 2}).json()
    d = G.get_task("deepen-resnet").reference_plan
    r1 = c.post("/episode/step", json={"episodeId": s["episodeId"], "actions": d[:1]}).json()
    assert r1["turn"] == 1 and not r1["done"] and r1["failures"]
    r2 = c.post("/episode/step", json={"episodeId": s["episodeId"], "actions": d[1:]}).json()
    assert r2["pass"] and r2["done"]
    from driftcheck_gym.editlog import read

    steps = [x for x in read(edit_log) if x["episode"] == s["episodeId"]]
    assert [x["step"] for x in steps] == [1, 2] and steps[1]["passed"]
    assert steps[0]["diff"]["added"][0]["catalogueType"] == "Conv2d"
    assert (
        c.post("/episode/step", json={"episodeId": s["episodeId"], "actions": []}).status_code
        == 400
    )
    assert c.post("/episode/step", json={"episodeId": "nope", "actions": []}).status_code == 404
    assert (
        c.post("/episode/start", json={"taskId": "cnn-cifar", "maxTurns": 999}).status_code == 400
    )
    assert c.post("/grade", json={"taskId": "no-such", "actions": []}).status_code == 404
    assert c.post("/grade", json={"taskId": "cnn-cifar"}).status_code == 400
    assert c.get("/tasks", params={"count": 10**6}).status_code == 422  # at most MAX_TASKS
    assert c.get(
        "/manifest", params={"split": "heldout", "seed": 1, "count": 6}
    ).json() == G.manifest("heldout", 1, 6)


def test_request_size_and_episode_limits(server):
    c = httpx.Client(base_url=server, timeout=30)
    big = b'{"taskId": "cnn-cifar", "actions": "' + b"x" * 1_100_000 + b'"}'
    r = c.post("/grade", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413
    # streamed without a length: counted as it arrives
    r = c.post(
        "/grade",
        content=iter([big[:600_000], big[600_000:]]),
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413
    assert c.get("/health").status_code == 200
    ids = [
        c.post("/episode/start", json={"taskId": "cnn-cifar"}).json()["episodeId"]
        for _ in range(70)
    ]
    assert (
        c.post("/episode/step", json={"episodeId": ids[0], "actions": []}).status_code == 404
    )  # dropped
    assert c.post("/episode/step", json={"episodeId": ids[-1], "actions": []}).status_code == 200


def test_bench_takes_plans_only(server):
    c = httpx.Client(base_url=server, timeout=30)
    t = G.get_task("cnn-cifar")
    r = c.post(
        "/bench", json={"model": "m", "results": [{"taskId": t.id, "actions": t.reference_plan}]}
    ).json()
    assert r["passed"] == 1 and r["total"] == 12  # the 11 omitted tasks count as failures
    assert c.post("/bench", json={"model": "m", "score": 100, "results": []}).status_code == 400
    bad = {"model": "m", "results": [{"taskId": t.id, "actions": [], "score": 100}]}
    assert "refused" in c.post("/bench", json=bad).json()["error"]
    dup = {"model": "m", "results": [{"taskId": t.id, "actions": []}] * 2}
    assert c.post("/bench", json=dup).status_code == 400


def test_concurrent_clients_no_5xx_no_lost_episodes(server):
    """A small bounded load (16 clients); benchmarks/bench_gym.py runs 32 and times it."""
    from driftcheck_gym.loadtest import run_load

    out = asyncio.run(run_load(server, clients=16, episodes_per_client=3))
    assert out["errors_5xx"] == 0 and out["lost_episodes"] == 0 and out["episodes"] == 48


# ---------------------------------------------------------------------- leaderboard providers
def test_openai_compatible_provider_over_loopback():
    """The OpenAI-compatible provider against a chat-completions server on loopback that answers
    each task's prompt with that task's reference plan (or with prose, for the second model)."""
    import re

    import uvicorn
    from driftcheck_gym import leaderboard as lb
    from fastapi import FastAPI

    app = FastAPI()
    seen: list[dict] = []

    @app.post("/v1/chat/completions")
    async def chat(body: dict) -> dict:
        seen.append(body)
        user = body["messages"][-1]["content"]
        tid = re.match(r"Task (\S+) \(", user).group(1)
        text = (
            "```json\n" + json.dumps(G.get_task(tid).reference_plan) + "\n```"
            if body["model"] == "good"
            else "I cannot."
        )
        return {"choices": [{"index": 0, "message": {"role": "assistant", "content": text}}]}

    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    while not srv.started:
        time.sleep(0.05)
    try:
        url = f"http://127.0.0.1:{port}/v1"
        board = lb.run(
            [lb.provider(f"openai:good@{url}"), lb.provider(f"openai:bad@{url}")],
            list(G.curated_tasks()),
        )
    finally:
        srv.should_exit = True
        th.join(timeout=10)
    good, bad = board["rows"]
    assert (good["passed"], good["total"], good["avgReward"]) == (12, 12, 1.0)
    assert (bad["passed"], bad["avgReward"]) == (0, -1.0)
    assert seen[0]["messages"][0]["role"] == "system" and seen[0]["temperature"] == 0
    assert "| openai:good | 12/12 | 100.0% | +1.000 |" in lb.markdown(board)


def test_local_hf_provider_never_downloads(tmp_path):
    from click.testing import CliRunner
    from driftcheck_gym.cli import main

    r = CliRunner().invoke(main, ["leaderboard", "--providers", f"hf:{tmp_path / 'no-model'}"])
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1


def test_trl_environment_factory_protocol():
    """``ArchEditToolEnv`` as TRL's GRPOTrainer reads an environment: public methods other than
    reset/get_reward are tools (schema by transformers' get_json_schema), ``reset(**row)``,
    ``get_reward()`` once per rollout. Checked against the installed TRL's source."""
    import importlib.util
    import inspect
    from pathlib import Path

    from transformers.utils import get_json_schema

    src = (
        Path(importlib.util.find_spec("trl").origin).parent / "trainer" / "grpo_trainer.py"
    ).read_text()
    assert (
        "environment.reset(**reset_kwargs)" in src
        and 'member_name not in ("reset", "get_reward")' in src
    )
    env = G.ArchEditToolEnv()
    tools = [
        n
        for n, _ in inspect.getmembers(type(env), predicate=inspect.isfunction)
        if n not in ("reset", "get_reward") and not n.startswith("_")
    ]
    assert tools == ["apply_edits"]
    schema = get_json_schema(env.apply_edits)
    assert schema["function"]["parameters"]["required"] == ["actions"]
    t = G.get_task("deepen-resnet")
    obs = env.reset(prompt=[{"role": "user", "content": "..."}], task_id=t.id)
    assert "conv1: conv2d" in obs
    assert env.get_reward() == -0.5  # no tool call: doing nothing
    out = env.apply_edits(json.dumps(t.reference_plan[:2]))
    assert "missing" in out and env.get_reward() < 1.0
    assert "PASS" in env.apply_edits(json.dumps(t.reference_plan[2:])) and env.get_reward() == 1.0


def test_hostile_bodies_are_4xx_never_5xx(server):
    c = httpx.Client(base_url=server, timeout=30)
    bodies = [
        b"[" * 100_000,
        b'{"taskId": "cnn-cifar", "actions": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
        b'{"taskId": "cnn-cifar", "actions": [' + b"9" * 5000 + b"]}",
        b'{"taskId": 5, "actions": []}',
        b'{"split": "train", "seed": "x", "actions": []}',
        b"not json",
    ]
    for body in bodies:
        r = c.post("/grade", content=body, headers={"content-type": "application/json"})
        assert 400 <= r.status_code < 500, (body[:40], r.status_code)
    r = c.post("/grade", json={"taskId": "cnn-cifar", "actions": "[" * 100_000})
    assert r.status_code == 200 and r.json()["reward"] == -1.0
    assert c.post("/episode/step", json={"episodeId": ["x"], "actions": []}).status_code == 404
    assert c.post("/bench", json=[1]).status_code == 422
    assert (
        c.post("/step", json={"action": {"task_id": "cnn-cifar", "actions": [[[]]]}}).status_code
        == 422
    )
