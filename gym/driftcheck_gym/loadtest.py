"""A bounded loopback load on the reward service: ``clients`` concurrent clients, each running
``episodes_per_client`` two-turn episodes (start, half the reference plan, the rest) on
generated tasks. Counts 5xx responses and lost episodes (a step on an episode this client
started answered 404), and times every request."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from driftcheck_gym.generate import generate_tasks


async def run_load(
    base_url: str,
    clients: int = 32,
    episodes_per_client: int = 8,
    split: str = "train",
    seed: int = 5,
) -> dict[str, Any]:
    import httpx

    need = clients * episodes_per_client
    tasks = [t for t in generate_tasks(split, seed, need + need // 4 + 16) if not t.config_task]
    lat: list[float] = []
    stats = {"errors_5xx": 0, "lost_episodes": 0, "episodes": 0, "passed": 0, "other_4xx": 0}

    async def call(c: httpx.AsyncClient, path: str, body: dict) -> httpx.Response:
        t0 = time.perf_counter()
        r = await c.post(path, json=body)
        lat.append(time.perf_counter() - t0)
        if r.status_code >= 500:
            stats["errors_5xx"] += 1
        return r

    async def client(k: int) -> None:
        limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
        async with httpx.AsyncClient(base_url=base_url, timeout=120, limits=limits) as c:
            for j in range(episodes_per_client):
                t = tasks[(k * episodes_per_client + j) % len(tasks)]
                r = await call(c, "/episode/start", {"taskId": t.id, "maxTurns": 3})
                if r.status_code != 200:
                    continue
                eid = r.json()["episodeId"]
                stats["episodes"] += 1
                half = len(t.reference_plan) // 2
                for part in (t.reference_plan[:half], t.reference_plan[half:]):
                    r = await call(c, "/episode/step", {"episodeId": eid, "actions": part})
                    if r.status_code == 404:
                        stats["lost_episodes"] += 1
                        break
                    if r.status_code != 200:
                        stats["other_4xx"] += r.status_code < 500
                        break
                    if r.json().get("done"):
                        stats["passed"] += bool(r.json().get("pass"))
                        break

    t0 = time.perf_counter()
    await asyncio.gather(*(client(k) for k in range(clients)))
    secs = time.perf_counter() - t0
    lat.sort()

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else 0.0

    return {
        "clients": clients,
        "requests": len(lat),
        "seconds": round(secs, 3),
        "requests_per_s": round(len(lat) / secs, 1) if secs else 0.0,
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        **stats,
    }
