"""The reward service: one ASGI app (FastAPI, served by uvicorn) with OpenEnv's routes and the
harness-compatible ones.

- OpenEnv (``openenv.core.env_server.http_server.create_fastapi_app``): ``POST /reset``,
  ``POST /step``, ``GET /state``, ``GET /schema``, ``GET /metadata``, ``WS /ws``;
- harness-compatible: ``GET /health``, ``GET /tasks``, ``POST /grade``, ``POST /episode/start``,
  ``POST /episode/step``, ``POST /bench``; and ``GET /plan-schema`` (the plan's JSON Schema);
- ``GET /openapi.json`` and ``/docs`` from FastAPI.

Grading handlers are coroutines: grading is CPU-bound and short (about a millisecond), so it
runs on the event loop rather than hopping to a thread pool and back for every request;
``/tasks`` and ``/manifest`` (which may mint thousands of tasks) run in the thread pool.

Limits: request bodies over ``MAX_BODY`` bytes get 413 before they are read whole; at most
``MAX_EPISODES`` live episodes (the oldest finished one is dropped first, then the oldest; a
step on a dropped episode says so with 404), each at most ``MAX_TURNS`` turns; ``/tasks`` at most
``MAX_TASKS`` tasks. A bad request is a 4xx with one line, never a 5xx.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Annotated, Any
from uuid import uuid4

from fastapi import Body, FastAPI, HTTPException, Query
from fastapi.responses import JSONResponse

from driftcheck_gym import actions as A
from driftcheck_gym.env import Episode
from driftcheck_gym.generate import GENERATOR_VERSION, SPLITS, generate_tasks, manifest
from driftcheck_gym.grade import grade
from driftcheck_gym.tasks import Task, curated_tasks, get_task

MAX_BODY = 1_000_000
MAX_EPISODES = 4096
MAX_TURNS = 32
MAX_TASKS = 2_000


class BodyLimit:
    """ASGI middleware: 413 for a body over ``limit`` bytes (by Content-Length, or counted as it
    streams in)."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for k, v in scope.get("headers", []):
            if k == b"content-length" and v.isdigit() and int(v) > self.limit:
                return await _too_large(send, self.limit)
        seen, rejected = 0, False

        async def limited() -> dict:
            nonlocal seen, rejected
            msg = await receive()
            if msg["type"] == "http.request" and not rejected:
                seen += len(msg.get("body", b""))
                if seen > self.limit:  # answer now; the app sees the client gone
                    rejected = True
                    await _too_large(send, self.limit)
                    return {"type": "http.disconnect"}
            return msg

        async def guarded(msg: dict) -> None:
            if not rejected:
                await send(msg)

        try:
            await self.app(scope, limited, guarded)
        except Exception:
            if not rejected:
                raise


async def _too_large(send: Any, limit: int) -> None:
    body = f'{{"error": "request body over {limit} bytes"}}'.encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class Episodes:
    def __init__(self, limit: int = MAX_EPISODES) -> None:
        self.limit = limit
        self.items: OrderedDict[str, tuple[Episode, threading.Lock]] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, ep: Episode) -> str:
        eid = uuid4().hex
        ep.episode_id = eid
        with self.lock:
            while len(self.items) >= self.limit:
                done = next((k for k, (e, _) in self.items.items() if e.done), None)
                self.items.pop(done if done is not None else next(iter(self.items)))
            self.items[eid] = (ep, threading.Lock())
        return eid

    def get(self, eid: str) -> tuple[Episode, threading.Lock] | None:
        with self.lock:
            return self.items.get(eid)


def _pick(body: dict[str, Any]) -> Task:
    if "taskId" in body or "task_id" in body:
        tid = body.get("taskId", body.get("task_id"))
        if not isinstance(tid, str):
            raise HTTPException(400, "taskId must be a string")
        try:
            return get_task(tid)
        except KeyError:
            raise HTTPException(404, f'unknown taskId "{tid}"') from None
    split = body.get("split", "train")
    seed, count, index = body.get("seed", 1), body.get("count", 256), body.get("index", 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (seed, count, index)):
        raise HTTPException(400, "seed, count and index must be integers")
    if not (0 < count <= MAX_TASKS) or not (0 <= index < count):
        raise HTTPException(400, f"index {index} out of range for count={count}")
    if split not in SPLITS and split != "curated":
        raise HTTPException(400, f"unknown split {split!r}")
    from driftcheck_gym.generate import make_task, split_families

    if split == "curated":
        tasks = curated_tasks()
        if index >= len(tasks):
            raise HTTPException(400, f"index {index} out of range for the curated split")
        return tasks[index]
    import random

    fams = list(split_families(split))
    random.Random(f"driftcheck-gym/{GENERATOR_VERSION}/order/{split}/{seed}").shuffle(fams)
    return make_task(fams[index % len(fams)], split, seed, index)


def _plan(body: dict[str, Any]) -> Any:
    if "actions" in body:
        return body["actions"]
    if "completion" in body or "text" in body:
        return body.get("completion", body.get("text"))
    raise HTTPException(400, "body needs actions (a list) or completion (text)")


def _grade_payload(task: Task, plan: Any) -> dict[str, Any]:
    r = grade(task, plan)
    d = r.to_dict()
    d.update(pass_=r.passed)
    d["pass"] = d.pop("pass_")
    d["failures"] = r.missing
    d["applyErrors"] = len(r.errors)
    return d


def create_app(max_episodes: int = MAX_EPISODES, edit_log: str | None = None) -> Any:
    """The ASGI app (FastAPI inside the body-size limit). With ``edit_log``, every
    ``/episode/step`` is appended there as a typed graph diff (JSONL)."""
    from openenv.core.env_server.http_server import create_fastapi_app

    from driftcheck_gym.editlog import EditLog
    from driftcheck_gym.openenv_env import ArchEditAction, ArchEditEnvironment, ArchEditObservation

    app: FastAPI = create_fastapi_app(
        ArchEditEnvironment, ArchEditAction, ArchEditObservation, max_concurrent_envs=64
    )
    app.title = "driftcheck gym"
    app.description = "Architecture-editing environment: state is the typed graph, an action is a batch of edits, the verifier is the reward."
    # our /health answers both OpenEnv's clients (status) and the harness's (ok)
    app.router.routes = [r for r in app.router.routes if getattr(r, "path", None) != "/health"]
    episodes = Episodes(max_episodes)
    log = EditLog(edit_log) if edit_log else None
    app.state.episodes = episodes

    @app.get("/health", tags=["Health"])
    async def health() -> dict[str, Any]:
        return {
            "status": "healthy",
            "ok": True,
            "benchmark": GENERATOR_VERSION,
            "episodes": len(episodes.items),
        }

    @app.get("/plan-schema", tags=["Schema"])
    async def plan_schema() -> dict[str, Any]:
        return A.plan_json_schema()

    @app.get("/tasks", tags=["Tasks"])
    def tasks(
        split: str = Query("train"),
        count: int = Query(256, ge=1, le=MAX_TASKS),
        seed: int = Query(1),
    ) -> list[dict[str, Any]]:
        if split not in SPLITS and split != "curated":
            raise HTTPException(400, f"unknown split {split!r}")
        ts = generate_tasks(split, seed, count)
        return [
            {
                "index": i,
                "id": t.id,
                "family": t.family,
                "kind": t.kind,
                "spec": t.spec,
                "observation": t.start,
                "constraints": t.requirements,
                "prompt": t.prompt_text(),
            }
            for i, t in enumerate(ts)
        ]

    @app.get("/manifest", tags=["Tasks"])
    def get_manifest(
        split: str = Query("train"),
        count: int = Query(256, ge=1, le=MAX_TASKS),
        seed: int = Query(1),
    ) -> dict[str, Any]:
        if split not in SPLITS:
            raise HTTPException(400, f"unknown split {split!r}")
        return manifest(split, seed, count)

    @app.post("/grade", tags=["Reward"])
    async def post_grade(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        return _grade_payload(_pick(body), _plan(body))

    @app.post("/episode/start", tags=["Episodes"])
    async def episode_start(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        task = _pick(body)
        turns = body.get("maxTurns", 3)
        if not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= MAX_TURNS:
            raise HTTPException(400, f"maxTurns must be an integer in 1..{MAX_TURNS}")
        ep = Episode(task, turns, log)
        eid = episodes.add(ep)
        return {
            "episodeId": eid,
            "taskId": task.id,
            "spec": task.spec,
            "observation": ep.arch.to_data(),
            "prompt": ep.prompt_text(),
            "turn": 0,
            "maxTurns": turns,
        }

    @app.post("/episode/step", tags=["Episodes"])
    async def episode_step(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        eid = body.get("episodeId")
        hit = episodes.get(eid) if isinstance(eid, str) else None
        if hit is None:
            raise HTTPException(404, f'unknown episodeId "{eid}"')
        ep, lock = hit
        with lock:
            if ep.done:
                raise HTTPException(400, "episode already finished")
            r = ep.step(_plan(body))
            d = r.to_dict()
            d.update(
                {
                    "episodeId": eid,
                    "observation": ep.arch.to_data(),
                    "pass": r.passed,
                    "failures": r.missing,
                    "turn": ep.steps,
                    "done": ep.done,
                }
            )
        return d

    @app.post("/bench", tags=["Bench"])
    async def bench(body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        from driftcheck_gym.leaderboard import grade_submission

        try:
            return grade_submission(body)
        except ValueError as e:
            raise HTTPException(400, str(e)) from None

    @app.exception_handler(HTTPException)
    async def http_error(_req: Any, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    return BodyLimit(app)


def serve(
    host: str = "127.0.0.1",
    port: int = 8737,
    log_level: str = "warning",
    edit_log: str | None = None,
) -> None:
    import uvicorn

    uvicorn.run(create_app(edit_log=edit_log), host=host, port=port, log_level=log_level)
