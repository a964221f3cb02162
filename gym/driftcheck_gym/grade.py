"""Grading: the shared verifier with the task's requirements folded in, and the reward.

``grade(task, plan)`` applies a plan to the task's starting architecture and grades the result;
``evaluate`` grades an architecture already edited (the environment's step). Deterministic: the
same task and plan give the same result in any process.

Reward (``reward_of``), documented in docs/gym.md:

- the completion holds no plan (not JSON, not a list of actions): **-1.0**;
- the model is unchanged, or trivial (no layer with weights between input and output):
  **-0.5 - 0.1 * min(errors, 3)**: doing nothing is penalised at every step;
- all requirements met (passed): **1.0 - 0.1 * min(errors, 3)**;
- otherwise: **-0.45 + 0.6 * met / total + 0.2 * health - 0.1 * min(errors, 3)**, where
  ``met / total`` is the share of the task's requirements met and ``health`` the verifier's
  score / 100. A failing plan earns at most 0.35, always below a pass (>= 0.7); a plan that
  changes the model with no refused action earns at least -0.45, above doing nothing.

``errors`` counts actions that did not validate or could not be applied.
"""

from __future__ import annotations

import copy
import functools
import gc
import json
import marshal
import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from driftcheck.findings import Severity
from driftcheck.graph.cost_counts import HOLD_NOTHING
from driftcheck.graph.model import Graph
from driftcheck.graph.params_keys import _plain
from driftcheck.graph.shapes import infer_shapes
from driftcheck.graph.skeleton import MAX_SKELETONS
from driftcheck.speed import _ACTIVE, STORES, SizedDict, Speed, current, use
from driftcheck.verifier import VerifyOptions, verify
from driftcheck.verifier.context import Context
from driftcheck.verifier.report import Report
from driftcheck_gym import actions as A
from driftcheck_gym.state import Arch, apply, to_graph
from driftcheck_gym.tasks import Task
from driftcheck_gym.vocab import OUTPUT, requirement_types, translate

NO_PLAN = -1.0
NOTHING = -0.5
_OPTS = VerifyOptions()


@dataclass
class GradeResult:
    passed: bool
    reward: float
    met: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    feedback: str = ""
    score: float = 0.0
    params: int | None = None
    errors: list[str] = field(default_factory=list)
    blockers: list[str] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    applied: int = 0
    task_id: str = ""
    metrics: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "taskId": self.task_id,
            "passed": self.passed,
            "reward": self.reward,
            "score": self.score,
            "params": self.params,
            "met": self.met,
            "missing": self.missing,
            "blockers": self.blockers,
            "errors": self.errors,
            "applied": self.applied,
            "metrics": self.metrics,
            "findings": self.findings,
            "feedback": self.feedback,
        }


def reward_of(
    *, parsed: bool, trivial: bool, passed: bool, met: int, total: int, health: float, errors: int
) -> float:
    e = 0.1 * min(errors, 3)
    if not parsed:
        return NO_PLAN
    if trivial:
        return round(NOTHING - e, 6)
    if passed:
        return round(1.0 - e, 6)
    return round(-0.45 + 0.6 * (met / total if total else 0.0) + 0.2 * health - e, 6)


def _fmt(n: float | int | None) -> str:
    if n is None:
        return "unknown"
    return f"{n:,.0f}" if isinstance(n, int) or float(n).is_integer() else f"{n:,.1f}"


def _cost(task: Task, graph: Graph, want: dict[str, Any], ctx: Context | None = None) -> Any:
    from driftcheck.graph.cost import estimate

    length = want.get("contextLength")
    dtype = want.get("dtype") or want.get("kvDtype")
    if ctx is not None:  # the verifier run's shapes and index (same graph, same input shapes)
        dt = dtype or graph.fact("dtype") or "bfloat16"
        if type(dt) is str and dt == ctx.cost.dtype and length in (None, ctx.cost.context_length):
            return ctx.cost  # what estimate would give: the run's cost at the same dtype, length
        return estimate(
            graph, dtype=dtype, context_length=length, shapes=ctx.shapes, prepared=ctx.prep
        )
    return estimate(graph, dtype=dtype, context_length=length)


_PLAIN = frozenset({int, str})


def _differs(arch: Arch, start: Arch) -> bool:
    """True only when ``arch.key() != start.key()`` for sure, read without writing the keys: a
    component name, a type name, a params key set or a plain int or str param value differs
    (JSON writes those exactly as Python compares them). False means "not proven": the keys
    decide."""
    if arch.config is not None or start.config is not None:
        return False
    a, b = arch.components, start.components
    if a.keys() != b.keys():
        return all(type(k) is str for k in a) and all(type(k) is str for k in b)
    for name, c in a.items():
        d = b[name]
        if type(c["type"]) is str and type(d["type"]) is str and c["type"] != d["type"]:
            return True
        p, q = c["params"], d["params"]
        if type(p) is not dict or type(q) is not dict:
            continue
        if p.keys() != q.keys():
            if all(type(k) is str for k in p) and all(type(k) is str for k in q):
                return True
            continue
        for k, v in p.items():
            w = q[k]
            if type(v) in _PLAIN and type(v) is type(w) and v != w:
                return True
    ends = (*arch.connections, *start.connections)
    if (  # every end a pair of str, read in C
        _PAIR.issuperset(map(type, ends))
        and all(map(_IS_TWO, map(len, ends)))
        and _STR_ONLY.issuperset(map(type, chain.from_iterable(ends)))
    ):
        return set(arch.connections) != set(start.connections)
    return False


_PAIR = frozenset({tuple})
_STR_ONLY = frozenset({str})
_IS_TWO = (2).__eq__


def _finite(v: Any) -> Any:
    """A metric as JSON can carry it: a count past a float is infinite in the cost model
    (``cost.per``), and JSON has no infinity (the service would fail to write it): None."""
    return None if isinstance(v, float) and not math.isfinite(v) else v


def _params(graph: Graph, ctx: Context | None) -> int | None:
    """``graph.params_total()``; with the verifier run's context, the cost model's count of
    that run when it is one (``count_params``, equal to ``params_total`` whenever it gives a
    number; otherwise ``params_total`` decides, raising or None as before)."""
    if ctx is not None:
        if not _HOLDS_NOTHING.issuperset(ctx.by_type):  # cost.params is count_params
            n = ctx.cost.params
            if n is not None:
                return n
    return graph.params_total()


_HOLDS_NOTHING = frozenset(HOLD_NOTHING)


FAST: bool | None = None
"""Grade with one verifier run's analyses: the requirements read the shapes, parameter count
and index the verifier's context computed instead of computing them again. The ``Speed`` in
force decides (``gym_fast``, read at each grade: DRIFTCHECK_GYM_NO_FAST=1 or
DRIFTCHECK_SPEED_OFF=gym_fast); True or False here overrides it (``grade.FAST = False``);
tests prove identical results."""

MEMO: bool | None = None
"""Remember grades by content: the task, the edited model (its canonical text), the action
count, the forbidden action types attempted and the refused actions. A grade is a pure function
of these, so a repeated plan (GRPO groups repeat completions) is graded once. The ``Speed`` in
force decides (``gym_grades``: DRIFTCHECK_GYM_NO_MEMO=1 or DRIFTCHECK_SPEED_OFF=gym_grades);
True or False here overrides it (``grade.MEMO = False``); tests prove identical results."""
_MEMO: OrderedDict[Any, GradeResult] = STORES.gym_grades
"""The process's store (a grade reads its ``Speed``'s: the same one unless a caller put a
``Speed`` with its own ``Stores`` in force)."""
_MEMO_SIZE = 20_000


GC_PAUSE: bool | None = None
"""Pause the cyclic garbage collector for one grade (parse, apply, typed graph, verifier,
requirements), as ``verify`` does for its run: a grade allocates many small objects and no
reference cycles, and the collections they trigger walk the heap (the memos make it large)
for nothing. The ``Speed`` in force decides (``gym_gc_pause``: DRIFTCHECK_GYM_NO_GC_PAUSE=1
or DRIFTCHECK_SPEED_OFF=gym_gc_pause); True or False here overrides it."""


GC_FREEZE: bool | None = None
"""After the process's first ``FREEZE_AFTER`` grades, collect once and move every object
then alive (tasks, start graphs, the catalogue, the warm memos) into the collector's permanent
generation (``gc.freeze``): the collections that later grades trigger walk only what was made
since, instead of the whole warm heap (about 150,000 objects in a benchmark process) each
time. Frozen objects are still freed by reference counting; only a reference cycle among them
is never collected (the gym's stores hold none). Once per process. The ``Speed`` in force
decides (``gym_gc_freeze``: DRIFTCHECK_SPEED_OFF=gym_gc_freeze); True or False here overrides
it. It changes when memory is walked, never a result.

The collection before the freeze is of the young generations only (``FREEZE_COLLECT``): a
full one walks the whole warm heap (about 150,000 objects in a benchmark process, 80-100 ms,
about 50 us a plan when a run grades 1,714 plans) and found nothing unreachable there
(measured: 0 objects); the young generations hold what recent garbage there is. A cycle
already in the oldest generation is frozen with the rest (kept, once, never again)."""
FREEZE_AFTER = 256
FREEZE_COLLECT = 1
"""The generation collected right before the freeze (2: a full collection, as before)."""
_graded = 0  # grades so far in this process (-1: frozen already)


def _settle(sp: Speed) -> None:
    """Count a finished top-level grade; freeze the heap at the ``FREEZE_AFTER``-th."""
    global _graded
    if _graded < 0 or not _on(GC_FREEZE, "gym_gc_freeze", sp):
        return
    _graded += 1
    if _graded >= FREEZE_AFTER:
        _graded = -1
        gc.collect(FREEZE_COLLECT)
        gc.freeze()


def _on(override: bool | None, name: str, sp: Speed) -> bool:
    """A switch: the module's override when set, else the ``Speed``'s."""
    return getattr(sp, name) if override is None else override


def _paused(fn: Callable[..., GradeResult]) -> Callable[..., GradeResult]:
    """Run ``fn`` with the ``Speed`` in force fixed for it (one lookup for every switch and
    memo below it, as ``verify`` does) and the collector paused when ``GC_PAUSE`` says so."""

    @functools.wraps(fn)
    def run(*args: Any, **kw: Any) -> GradeResult:
        sp = current()
        if not gc.isenabled():  # inside a paused grade (or the caller's pause)
            if _ACTIVE.get() is sp:  # fixed already (a grade inside a grade)
                return fn(*args, **kw)
            with use(sp):
                return fn(*args, **kw)
        token = _ACTIVE.set(sp)  # ``use(sp)`` without the context manager's calls
        try:
            if not _on(GC_PAUSE, "gym_gc_pause", sp):
                return fn(*args, **kw)
            gc.disable()
            try:
                return fn(*args, **kw)
            finally:
                gc.enable()
        finally:
            _ACTIVE.reset(token)
            _settle(sp)

    return run


@_paused
def evaluate(
    task: Task,
    arch: Arch,
    *,
    n_actions: int,
    attempted: list[str],
    errors: list[str],
    applied: int = 0,
    graph: Graph | None = None,
    report: Report | None = None,
) -> GradeResult:
    """Grade an edited architecture against ``task`` (see the module docstring)."""
    sp = current()
    if not _on(MEMO, "gym_grades", sp) or graph is not None or report is not None:
        return _safe(task, arch, n_actions, attempted, errors, applied, graph, report)
    memo = sp.stores.gym_grades
    forbid = task.requirements.get("forbidActionTypes") or ()
    key = (
        task.id,
        json.dumps(task.requirements, sort_keys=True, default=repr),
        arch.key(),
        n_actions,
        tuple(sorted(set(attempted) & set(forbid))),
        tuple(errors),
        applied,
    )
    hit = memo.get(key)
    if hit is None:
        hit = _safe(task, arch, n_actions, attempted, errors, applied, None, None)
        memo[key] = hit
        if len(memo) > _MEMO_SIZE:
            memo.popitem(last=False)
    return _copy(hit)


def _copy(r: GradeResult) -> GradeResult:
    """A copy the caller may edit (lists and dicts new; strings and numbers shared)."""
    return GradeResult(
        passed=r.passed,
        reward=r.reward,
        met=list(r.met),
        missing=list(r.missing),
        feedback=r.feedback,
        score=r.score,
        params=r.params,
        errors=list(r.errors),
        blockers=list(r.blockers),
        findings=[dict(f) for f in r.findings],
        applied=r.applied,
        task_id=r.task_id,
        metrics=copy.deepcopy(r.metrics),
    )


_PLANS: OrderedDict[Any, GradeResult] = STORES.gym_plans  # the process's (see ``_MEMO``)


def _safe(task: Task, arch: Arch, *args: Any) -> GradeResult:
    """``_evaluate``, and a failed grade (never an exception) if grading the graph raises: a
    model the analyses cannot handle is not a pass (the reward of doing nothing)."""
    try:
        return _evaluate(task, arch, *args)
    except Exception as e:  # noqa: BLE001 - a reward must always come back
        why = f"grading error: {type(e).__name__}: {' '.join(str(e).split())[:200]}"
        errors = args[2]
        return GradeResult(
            passed=False,
            reward=reward_of(
                parsed=True,
                trivial=True,
                passed=False,
                met=0,
                total=1,
                health=0.0,
                errors=len(errors),
            ),
            missing=[why],
            feedback=f"FAIL: {why}",
            errors=list(errors),
            blockers=[why],
            applied=args[3],
            task_id=task.id,
        )


def _evaluate(
    task: Task,
    arch: Arch,
    n_actions: int,
    attempted: list[str],
    errors: list[str],
    applied: int,
    graph: Graph | None,
    report: Report | None,
) -> GradeResult:
    req = task.requirements
    start = task.start_arch()
    sp = current()  # fixed for the grade (``_paused``): one lookup
    fast = _on(FAST, "gym_fast", sp)
    built = graph is None  # the typed graph of ``arch`` made here by ``to_graph``
    # the arch's names, types and wiring as a key, read once for the graph and the paths
    wkey = arch.wiring_key() if fast and arch.config is None else None
    ctx = None
    akey = store = summ = None
    if built and report is None and wkey is not None and _on(ANALYSES, "gym_grades", sp):
        # the typed graph, its verifier run and that run's analyses, shared by every grade of
        # an equal model (whatever the task: none of them reads the task)
        akey = _content_key(arch)
        if akey is not None:
            store = _analyses(sp)
            hit = store.get(akey)
            if hit is not None:
                graph, ctx, report, _, summ = hit
    if graph is None:
        graph = to_graph(arch, task.id, wiring=wkey) if fast else to_graph(arch, task.id)
    if report is None:
        if fast:  # keep the run's analyses: the requirements read the same shapes and counts
            # (``skeleton``: plans of one family share a structure; graph/skeleton.py)
            ctx = Context(graph, _OPTS, skeleton=True)
            report = verify(graph, _OPTS, context=ctx)
            if store is not None and _plain_model(arch):
                summ = {}  # what the requirements read of the model alone, filled below
                _keep(store, akey, (graph, ctx, report, len(ctx.prep.nodes), summ))
        else:
            report = verify(graph, _OPTS)
    blockers = [f for f in report.findings if f.severity is Severity.blocker]
    met: list[str] = []
    missing: list[str] = []
    metrics: dict[str, Any] = {}

    def check(ok: bool, text: str) -> None:
        (met if ok else missing).append(text)

    changed = (
        # a different number of components or connections: different content (the keys
        # are JSON lists of them), no need to write the keys
        (
            arch.config is None
            and (
                len(arch.components) != len(start.components)
                or len(arch.connections) != len(start.connections)
            )
        )
        or (fast and _differs(arch, start))
        or arch.key() != task.start_key()
    )
    check(changed, "changed: the plan changes the model" if changed else "changed: model unchanged")
    check(
        not blockers,
        "forbidBlockers: no blocker"
        if not blockers
        else f"forbidBlockers: {len(blockers)} blocker(s): "
        + "; ".join(f"{b.check_id} {b.message}" for b in blockers[:3]),
    )
    config_task = arch.config is not None
    if config_task:
        ends, path = None, set()
    elif fast:  # remembered by the names, types and wiring (plans of a family share them)
        ends, path = arch.ends_and_path(sp, wkey)
    else:
        ends = arch.ends()
        path = arch.on_path(ends)
    if not config_task and req.get("mustReachOutput", True):
        ok = bool(set(ends[1]) & path)
        check(
            ok,
            "mustReachOutput: input reaches output"
            if ok
            else "mustReachOutput: input does not reach output",
        )
    if "minScore" in req:
        ok = report.score >= req["minScore"]
        check(
            ok,
            f"minScore: verifier score {report.score:.0f} {'>=' if ok else '<'} {req['minScore']}",
        )
    if summ is None:
        params = _params(graph, ctx)
    elif "params" in summ:
        params = summ["params"]
    else:
        params = summ["params"] = _params(graph, ctx)
    metrics["params"] = params
    if "maxParams" in req:
        ok = params is not None and params <= req["maxParams"]
        check(ok, f"maxParams: {_fmt(params)} {'<=' if ok else 'exceeds'} {_fmt(req['maxParams'])}")
    if "minParams" in req:
        ok = params is not None and params >= req["minParams"]
        check(ok, f"minParams: {_fmt(params)} {'>=' if ok else 'below'} {_fmt(req['minParams'])}")
    if "paramsWithin" in req:
        target, tol = req["paramsWithin"]["target"], req["paramsWithin"]["tolerance"]
        ok = params is not None and abs(params - target) <= tol * target
        check(
            ok,
            f"paramsWithin: {_fmt(params)} {'within' if ok else 'not within'} {tol:.0%} of {_fmt(target)}",
        )
    if not config_task:
        on = {}
        weighted = False
        gnodes = ctx.index if ctx is not None else graph.index
        known = summ is not None and "on" in summ
        if known:
            on, weighted = summ["on"]  # the model's, read by an earlier grade (never edited)
        elif built and ctx is not None:
            # to_graph wrote each component as a node of its translated type, the output
            # marker (translated to OUTPUT) excepted: read the types back, translate nothing
            sk = ctx.prep.skeleton
            kept = on_memo = None
            if sk is not None and wkey is not None:
                # the path's types: the path is the wiring's (``wkey``), the ids and types the
                # skeleton's (graph/skeleton.py): the same skeleton, the same dict
                on_memo = sp.stores.gym_on
                kept = on_memo.get(wkey)
            if kept is not None and kept[0] is sk:
                on = dict(kept[1])
            else:
                comps = arch.components
                for n in path:
                    if n in comps:
                        node = gnodes.get(n)
                        on[n] = node.type if node is not None else OUTPUT
                if on_memo is not None:
                    if len(on_memo) >= MAX_SKELETONS:  # each entry holds its skeleton
                        on_memo.clear()
                    on_memo[wkey] = (sk, dict(on))
        else:
            for n in path:
                c = arch.components.get(n)
                if c is None:
                    continue
                canon, _ = translate(
                    str(c["type"]), c["params"] if isinstance(c["params"], dict) else {}
                )
                on[n] = canon
        for n in () if known else on:
            node = gnodes.get(n)
            if node is None or node.type == "Input":
                continue
            if ctx.remember(_HAS_WEIGHTS, _has_weights, node) if ctx else _has_weights(node):
                weighted = True
                break
        if summ is not None and not known:
            summ["on"] = (on, weighted)
        metrics["weighted"] = weighted
        present = set(on.values())
        for t in req.get("mustContainTypes", []):
            ok = bool(present & requirement_types(t))
            check(
                ok,
                f"mustContainTypes: {t} {'present' if ok else 'missing'} on an input-to-output path",
            )
        if req.get("mustContainTypesAny"):
            want = set().union(*(requirement_types(t) for t in req["mustContainTypesAny"]))
            ok = bool(present & want)
            names = ", ".join(req["mustContainTypesAny"])
            check(
                ok,
                f"mustContainTypesAny: {'one of ' + names + ' present' if ok else 'none of ' + names}",
            )
        if "outputFeatures" in req or "bottleneckAtMost" in req or "outputShape" in req:
            try:
                shapes = (ctx.shapes if ctx is not None else infer_shapes(graph)).shapes
            except Exception:  # noqa: BLE001 - a graph shapes cannot follow: the verifier says why
                shapes = {}
            if "outputFeatures" in req:
                outs = [shapes.get(o) for o in graph.outputs]
                last = [s[-1] for s in outs if s]
                ok = (
                    len(last) == len(outs)
                    and bool(last)
                    and all(x == req["outputFeatures"] for x in last)
                )
                check(
                    ok,
                    f"outputFeatures: output last dim {last[0] if len(last) == 1 else last or 'unknown'} {'==' if ok else '!='} {req['outputFeatures']}",
                )
            if "outputShape" in req:
                outs = [shapes.get(o) for o in graph.outputs]
                want = tuple(req["outputShape"])
                ok = len(outs) == 1 and outs[0] is not None and tuple(outs[0]) == want
                got = tuple(outs[0]) if len(outs) == 1 and outs[0] is not None else "unknown"
                check(ok, f"outputShape: output {got} {'==' if ok else '!='} {want}")
            if "bottleneckAtMost" in req:
                widths = [
                    shapes[n][-1]
                    for n in on
                    if n in shapes
                    and shapes[n]
                    and isinstance(shapes[n][-1], int)
                    and on[n] != "Input"
                ]
                narrow = min(widths) if widths else None
                ok = narrow is not None and narrow <= req["bottleneckAtMost"]
                check(
                    ok,
                    f"bottleneckAtMost: narrowest layer {narrow if narrow is not None else 'unknown'} {'<=' if ok else '>'} {req['bottleneckAtMost']}",
                )
        for comp, want in (req.get("keepParams") or {}).items():
            c = arch.components.get(comp)
            got = (
                translate(str(c["type"]), c["params"] if isinstance(c["params"], dict) else {})[1]
                if c
                else {}
            )
            bad = [k for k, v in want.items() if got.get(k) != v]
            ok = c is not None and not bad
            check(
                ok,
                f"keepParams: {comp} keeps {', '.join(f'{k}={v}' for k, v in want.items())}"
                if ok
                else f"keepParams: {comp} {'is gone' if c is None else 'changed ' + ', '.join(bad)}",
            )
        if "minComponents" in req:
            n_comp = len(on)  # input and output included, as the harness counts them
            ok = n_comp >= req["minComponents"]
            check(
                ok,
                f"minComponents: {n_comp} components on input-to-output paths {'>=' if ok else '<'} {req['minComponents']}",
            )
    else:
        weighted = bool(params)
    if "maxActions" in req:
        ok = n_actions <= req["maxActions"]
        check(ok, f"maxActions: {n_actions} {'<=' if ok else '>'} {req['maxActions']}")
    forbid = req.get("forbidActionTypes") or []
    if forbid:
        used = sorted(set(attempted) & set(forbid))
        check(
            not used,
            "forbidActionTypes: none attempted"
            if not used
            else f"forbidActionTypes: attempted {', '.join(used)}",
        )
    if "maxKvBytesPerToken" in req or "fitsGpu" in req or "kvCut" in req:
        want = req.get("fitsGpu") or {}
        cost = _cost(task, graph, {**want, "kvDtype": req.get("kvDtype")}, ctx)
        kv = cost.kv_bytes_per_token
        metrics["kvBytesPerToken"] = _finite(kv)
        if "maxKvBytesPerToken" in req:
            ok = kv is not None and kv <= req["maxKvBytesPerToken"]
            check(
                ok,
                f"maxKvBytesPerToken: {_fmt(kv)} {'<=' if ok else '>'} {_fmt(req['maxKvBytesPerToken'])}",
            )
        if "fitsGpu" in req:
            fit = cost.fit(want["gpu"], want.get("contextLength"))
            metrics["needGb"] = _finite(round(fit.need_gb, 3))
            ok = params is not None and kv is not None and fit.fits
            check(
                ok,
                f"fitsGpu: needs {fit.need_gb:.2f} GB {'<=' if ok else '>'} {fit.memory_gb:.0f} GB {want['gpu']} at {want.get('contextLength')} tokens {want.get('dtype')}",
            )
    for k in req.get("keepConfig", []):
        same = (arch.config or {}).get(k) == (start.config or {}).get(k)
        check(same, f"keepConfig: {k} {'kept' if same else 'changed'}")
    trivial = not changed or not weighted
    passed = not missing and not trivial
    total = len(met) + len(missing)
    health = report.score / 100.0
    reward = reward_of(
        parsed=True,
        trivial=trivial,
        passed=passed,
        met=len(met),
        total=total,
        health=health,
        errors=len(errors),
    )
    fb = []
    if passed:
        fb.append("PASS: every requirement met.")
    else:
        fb.append(
            "FAIL: " + ("the model is unchanged or has no layer with weights. " if trivial else "")
        )
        fb.extend(f"missing {m}" for m in missing)
    fb.extend(f"refused {e}" for e in errors[:8])
    fb.extend(
        f"{f.severity.value} {f.check_id}: {f.message}"
        for f in report.findings
        if f.severity.rank >= 1
    )
    return GradeResult(
        passed=passed,
        reward=reward,
        met=met,
        missing=missing,
        feedback="\n".join(fb[:24]),
        score=report.score,
        params=params,
        errors=list(errors),
        blockers=[f"{b.check_id} {b.message}" for b in blockers],
        findings=[
            {
                "check": f.check_id,
                "severity": f.severity.value,
                "message": f.message,
                "node": f.node,
            }
            for f in report.findings
        ],
        applied=applied,
        task_id=task.id,
        metrics=metrics,
    )


ANALYSES: bool | None = None
"""Share a model's analyses between grades (the fast path only): the typed graph, the
verifier's report and its run's context (shapes, cost, index), remembered by the edited
model's exact content (``_content_key``: names, types and params with their Python types,
connections in order, the input shape and dtype: all that ``to_graph`` reads). None of them
reads the task (the graph's name, the task id, is read by no check and no requirement), so a
model that another task's plan already built -- plans of one family land on the same model
often: 611 models among the reference plans of 1,714 tasks -- is graded from them, and only
the task's own requirements and the payload are computed. The ``Speed`` in force decides
(``gym_grades``: DRIFTCHECK_GYM_NO_MEMO=1 or DRIFTCHECK_SPEED_OFF=gym_grades); True or False
here overrides it (``grade.ANALYSES = False``); tests prove identical payloads."""
ANALYSES_NODES = 32_768
"""Nodes of the models remembered, all together (the oldest models dropped first): an entry
holds its graph's context, about 3 KB a node (20 KB for the 7-node models of the generated
families, measured with tracemalloc over 611 of them), so the table stays near 100 MB."""


def _analyses(sp: Speed) -> SizedDict:
    """The ``Stores``' table of shared analyses (``nodes``: the nodes its models hold; a
    ``Speed`` with stores of its own starts empty, as with every other memo)."""
    return sp.stores.gym_analyses


def _keep(store: SizedDict, key: bytes, entry: tuple[Graph, Context, Report, int]) -> None:
    """Remember ``entry`` (its last item: the model's node count), dropping the oldest models
    while the table holds more than ``ANALYSES_NODES`` nodes (a model larger than that is not
    kept)."""
    if entry[3] > ANALYSES_NODES:
        return
    with _KEEP:  # the count and the evictions as one step (a service may grade in threads)
        old = store.get(key)
        store[key] = entry
        store.nodes += entry[3] - (old[3] if old is not None else 0)
        while store.nodes > ANALYSES_NODES and store:
            store.nodes -= store.popitem(last=False)[1][3]


_KEEP = threading.Lock()


def _content_key(arch: Arch) -> bytes | None:
    """What ``to_graph`` reads of ``arch`` (names, types and params in order, connections in
    order, the input shape and dtype) as one exact key: ``marshal`` bytes, format 2 (no
    back-references, so equal content writes equal bytes), which keep every type apart (1,
    1.0 and True; a list and a tuple; 0.0 and -0.0) and decode to the content they were
    written from. None when some value is not plain data (no sharing then)."""
    try:
        return marshal.dumps(
            (arch.components, arch.connections, arch.input_shape, arch.input_dtype), 2
        )
    except (ValueError, TypeError, RecursionError):
        return None


def _plain_model(arch: Arch) -> bool:
    """Whether every value of ``arch`` is of an exact JSON-like type (``params_keys._plain``):
    only such a model's analyses are kept. ``marshal`` writes ``bytes`` and ``bytearray``
    alike, but a key written from plain values decodes to them, so no model holding another
    type can write the same bytes: a hit is always a model equal in content and types. Read
    only when the analyses are kept, not on a hit."""
    return (
        all(_plain(c["params"]) for c in arch.components.values())
        and _plain(arch.input_shape)
        and _plain(arch.input_dtype)
    )


_HAS_WEIGHTS = ("gym", "has-weights")
"""Memo token of ``_has_weights`` (it reads the node's type and params only): with the fast
path, its answers are remembered by (type, params key) across grades (``Context.remember``)."""


def _has_weights(node: Any) -> bool:
    from driftcheck.graph import catalogue
    from driftcheck.graph.counting import node_weights

    if catalogue.get(node.type) is None:
        return False
    try:
        return any(node_weights(node).values())
    except Exception:  # noqa: BLE001 - unbindable params: the verifier reports them
        return False


def no_plan(task: Task, why: str) -> GradeResult:
    return GradeResult(
        passed=False,
        reward=NO_PLAN,
        missing=[f"plan: {why}"],
        feedback=f"FAIL: no plan: {why}",
        task_id=task.id,
        errors=[why],
    )


def grade(task: Task | str, plan: Any, *, trained_weight: float = 0.0) -> GradeResult:
    """Apply ``plan`` (a list of action dicts, a JSON string, or an LLM completion) to the
    task's start and grade the result. Never raises on a bad plan: it is graded.

    ``trained_weight`` (0 to 1, default 0: off) mixes a trained outcome into the reward of a
    design that passes: ``(1 - w) * reward + w * trained``, where ``trained`` is
    ``ladder.reward.trained_reward`` (a short real training of the design, 0.05-3.5 CPU s a
    call against about 1 ms for the verifier; docs/ladder.md). Only passing designs get the
    term, so it ranks legal designs and never lifts a failing or empty plan."""
    if not 0.0 <= trained_weight <= 1.0:
        raise ValueError(f"trained_weight must be within [0, 1], got {trained_weight}")
    if isinstance(task, str):
        from driftcheck_gym.tasks import get_task

        task = get_task(task)
    try:
        raw = A.parse_plan(plan)
    except A.PlanError as e:
        return no_plan(task, str(e))
    out = _grade_parsed(task, raw)
    if trained_weight and out.passed and task.kind == "design":
        from driftcheck_gym.ladder.reward import trained_reward

        trained, info = trained_reward(task, raw)
        out = _copy(out)
        out.metrics["trained"] = {"weight": trained_weight, "reward": trained, **info}
        out.reward = round((1.0 - trained_weight) * out.reward + trained_weight * trained, 6)
    return out


@_paused
def _grade_parsed(task: Task, raw: list[Any]) -> GradeResult:
    key = None
    sp = current()
    plans = sp.stores.gym_plans
    if _on(MEMO, "gym_grades", sp):  # the same plan on the same task: the same grade (MEMO)
        try:
            key = (
                task.id,
                json.dumps(task.requirements, sort_keys=True),
                json.dumps(raw, sort_keys=True),
            )
        except (TypeError, ValueError, RecursionError):
            key = None
        hit = plans.get(key) if key is not None else None
        if hit is not None:
            return _copy(hit)
    res = apply(
        task.start_arch(),
        raw,
        repair=task.kind == "repair",
        config_task=task.config_task,
        share=True,  # the edited arch stays in this grade (``state.SHARE_START``)
    )
    attempted = [
        a.get("type") for a in raw if isinstance(a, dict) and isinstance(a.get("type"), str)
    ]
    if key is None and not _on(MEMO, "gym_grades", sp):  # what evaluate would run, unwrapped
        out = _safe(task, res.arch, len(raw), attempted, res.errors, res.applied, None, None)
    else:
        out = evaluate(
            task,
            res.arch,
            n_actions=len(raw),
            attempted=attempted,
            errors=res.errors,
            applied=res.applied,
        )
    if key is not None:
        plans[key] = _copy(out)
        if len(plans) > _MEMO_SIZE:
            plans.popitem(last=False)
    return out
