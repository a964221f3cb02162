"""Calibration and anti-gaming: on every split and every family an empty plan passes nothing
and the reference plan passes everything; every policy of the adversarial suite fails.
A test here failing is the build failing: a task an empty plan can pass measures nothing."""

from __future__ import annotations

import copy
import json
import re

import driftcheck_gym as G
import gym_support  # noqa: F401
import pytest
from driftcheck_gym.generate import FAMILIES, HELDOUT_FAMILIES, SPLITS, make_task
from driftcheck_gym.state import apply, to_graph

SEED = 11


def _sample(per: int) -> list[G.Task]:
    """The curated tasks and ``per`` tasks of every family of every split."""
    out = list(G.curated_tasks())
    for split, fams in SPLITS.items():
        for f in fams:
            out += [make_task(f, split, SEED, i) for i in range(per)]
    return out


TASKS = _sample(2)
ADV_TASKS = _sample(1)
COMPONENT_TASKS = [t for t in TASKS if not t.config_task]


def test_every_split_and_family_is_covered():
    assert len(FAMILIES) >= 14
    assert set(SPLITS["heldout"]) == set(HELDOUT_FAMILIES)
    assert not set(HELDOUT_FAMILIES) & set(SPLITS["train"]) and not set(HELDOUT_FAMILIES) & set(
        SPLITS["test"]
    )
    assert {t.family for t in TASKS} == set(FAMILIES) | {"curated"}


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_noop_fails_and_reference_passes(task):
    ref = G.grade(task, task.reference_plan)
    assert ref.passed, ref.missing
    nothing = G.grade(task, [])
    assert not nothing.passed and nothing.reward == -0.5
    # the start fails on something besides being unchanged: no task is vacuous
    assert any(not m.startswith("changed") for m in nothing.missing) or task.kind == "design"


def test_calibration_cli_figures():
    from driftcheck_gym.calibrate import calibrate, report_lines

    tasks = list(G.curated_tasks())
    ref, noop = calibrate("reference", tasks), calibrate("noop", tasks)
    assert ref["passed"] == ref["total"] == 12 and noop["passed"] == 0
    assert report_lines(ref)[-1] == "Overall: 12/12 = 100.0%"
    assert report_lines(noop)[-1] == "Overall: 0/12 = 0.0%"


# ---------------------------------------------------------------------- adversarial suite
def _adds(plan):
    return [a for a in plan if a.get("type") == "add_component"]


def layer_norm_chain(task):
    first = next((c["name"] for c in task.start["components"] if c["type"] == "input"), "input")
    return [
        {
            "type": "add_component",
            "componentType": "layerNorm",
            "name": f"ln{i}",
            "after": first if i == 0 else f"ln{i - 1}",
            "params": {"normalizedShape": 8},
        }
        for i in range(11)
    ]


def cycle(task):
    plan = copy.deepcopy(task.reference_plan)
    adds = _adds(plan)
    names = [a["name"] for a in adds] or [
        c["name"] for c in task.start["components"] if c["type"] not in ("input", "output")
    ]
    if len(names) < 2:
        names = [
            c["name"] for c in task.start["components"] if c["type"] not in ("input", "output")
        ]
    return plan + [{"type": "add_connection", "from": names[-1], "to": names[0]}]


def duplicate_names(task):
    plan = copy.deepcopy(task.reference_plan)
    for a in _adds(plan):
        a["name"] = "x"
        if a.get("after") not in (None, "input") and "after" in a:
            a["after"] = "x"
    return plan


def unknown_types(task):
    plan = copy.deepcopy(task.reference_plan)
    for a in _adds(plan):
        a["componentType"] = "hyperLayer"
    return plan


def numbers_as_strings(task):
    plan = copy.deepcopy(task.reference_plan)
    for a in plan:
        for k, v in list(a.get("params", {}).items()):
            if isinstance(v, int) and not isinstance(v, bool):
                a["params"][k] = str(v)
    return plan


def huge_widths(task):
    plan = copy.deepcopy(task.reference_plan)
    for a in plan:
        for k, v in list(a.get("params", {}).items()):
            if re.search(r"(features|dim|channels|embeddings|size)$", k.lower()) and isinstance(
                v, int
            ):
                a["params"][k] = v * 10**15
    return plan


POLICIES = [
    layer_norm_chain,
    cycle,
    duplicate_names,
    unknown_types,
    numbers_as_strings,
    huge_widths,
]


def _applicable(policy, task) -> bool:
    if task.config_task:
        return policy in (numbers_as_strings,)
    if policy is huge_widths:
        return "maxParams" in task.requirements or "paramsWithin" in task.requirements
    if policy in (duplicate_names, unknown_types):
        return len(_adds(task.reference_plan)) >= 2
    return True


CASES = [(p, t) for p in POLICIES for t in ADV_TASKS if _applicable(p, t)]


@pytest.mark.parametrize("policy, task", CASES, ids=lambda x: getattr(x, "__name__", None) or x.id)
def test_adversarial_policy_fails(policy, task):
    r = G.grade(task, policy(task))
    assert not r.passed, (policy.__name__, task.id, r.met)
    assert r.reward < 1.0


def test_adversarial_suite_is_not_empty():
    names = {p.__name__ for p, _ in CASES}
    assert names == {p.__name__ for p in POLICIES}
    assert len(CASES) > 90


def test_conv_into_linear_without_flatten_fails():
    for t in [x for x in TASKS if x.family == "gen-cnn"] + [G.get_task("cnn-cifar")]:
        plan = [
            dict(a)
            for a in t.reference_plan
            if a.get("componentType") not in ("flatten", "adaptiveAvgPool2d")
        ]
        for a in plan:  # re-splice after the removed layers
            if a.get("after") in ("flat", "gap"):
                a["after"] = "act2"
        r = G.grade(t, plan)
        assert not r.passed and any(b.startswith("SHP002") for b in r.blockers), t.id


def test_replace_model_on_a_repair_task_fails():
    """Rebuilding the repaired graph wholesale is refused even though the result is valid."""
    repairs = [t for t in TASKS if t.kind == "repair" and not t.config_task]
    assert len(repairs) >= 10
    for t in repairs:
        fixed = apply(t.start_arch(), t.reference_plan).arch
        rebuild = {
            "type": "replace_model",
            "components": [
                {"componentType": c["type"], "name": n, "params": c["params"]}
                for n, c in fixed.components.items()
            ],
            "connections": [{"from": s, "to": d} for s, d in fixed.connections],
        }
        r = G.grade(t, [rebuild])
        assert not r.passed and any("forbidActionTypes" in m for m in r.missing), t.id


def test_mha_swapped_for_gqa_cannot_dodge_a_budget():
    """GQA layers are counted exactly (the peer counted them 0): stacking them under a
    parameter budget that only an uncounted layer would meet fails."""
    t = G.get_task("text-encoder")  # under 200M
    plan = [
        {
            "type": "add_component",
            "componentType": "embedding",
            "name": "embed",
            "after": "input",
            "params": {"numEmbeddings": 30000, "embeddingDim": 1024},
        }
    ]
    prev = "embed"
    for i in range(80):
        plan.append(
            {
                "type": "add_component",
                "componentType": "groupedQueryAttention",
                "name": f"gqa{i}",
                "after": prev,
                "params": {"embedDim": 1024, "numHeads": 16, "numKVHeads": 4},
            }
        )
        prev = f"gqa{i}"
    plan.append(
        {
            "type": "add_component",
            "componentType": "linear",
            "name": "head",
            "after": prev,
            "params": {"inFeatures": 1024, "outFeatures": 4},
        }
    )
    r = G.grade(t, plan)
    g = to_graph(apply(t.start_arch(), plan).arch)
    non_attention = sum(
        __import__("driftcheck.graph.catalogue", fromlist=["get"]).get(n.type).param_count(n.params)
        for n in g.nodes
        if n.type in ("Embedding", "Linear")
    )
    assert non_attention < 200_000_000 < r.params  # an estimate that skips GQA would pass it
    assert not r.passed and any(m.startswith("maxParams") for m in r.missing)
    # the same swap on a generated GQA task
    for t in [x for x in TASKS if x.family == "gen-gqa"]:
        plan = json.loads(json.dumps(t.reference_plan))
        attn = next(a for a in plan if a.get("componentType") == "groupedQueryAttention")
        extra = []
        prev = attn["name"]
        for i in range(12):
            extra.append({**attn, "name": f"more{i}", "after": prev})
            prev = f"more{i}"
        r = G.grade(t, plan + extra)
        assert not r.passed, t.id


def test_empty_plan_never_passes_on_large_splits():
    for split in SPLITS:
        for t in G.generate_tasks(split, 3, 24):
            if not t.config_task:
                assert not G.grade(t, []).passed, t.id


@pytest.mark.parametrize("task", ADV_TASKS, ids=lambda t: t.id)
def test_a_real_attempt_beats_doing_nothing(task):
    """The harness's hole: an empty plan out-earned a flawed attempt. Here a part of the
    reference plan that changes the model (with weights) earns more than nothing and less than
    a pass; a trivial one (no layer with weights yet) earns what nothing earns."""
    nothing = G.grade(task, []).reward
    partial = []
    for k in range(1, len(task.reference_plan) + 1):
        r = G.grade(task, task.reference_plan[:k])
        if r.passed:
            assert r.reward == 1.0
            continue
        assert not r.errors and "changed: model unchanged" not in r.missing
        if r.reward != nothing:
            partial.append(r.reward)
            assert nothing < r.reward < 0.7, (task.id, k, r.reward)
    if len(task.reference_plan) >= 3:
        assert partial, task.id  # some partial attempt was graded above nothing


def test_heldout_families_cannot_be_asked_for_in_train():
    with pytest.raises(KeyError):
        G.generate_tasks("train", 1, 3, families=["gen-flatten"])
    with pytest.raises(KeyError):
        G.generate_tasks("heldout", 1, 3, families=["gen-mlp"])
    assert {t.family for t in G.generate_tasks("heldout", 1, 3, families=["hf-repair"])} == {
        "hf-repair"
    }


def test_fast_paths_switched_off_give_identical_grades(monkeypatch):
    """The grade's fast paths change nothing: the verifier run's shapes, counts and index
    reused by the requirements (``grade.FAST``, with its has-weights verdicts remembered by
    layer), the typed graph built without pydantic's validation (``state.LEAN_GRAPH``), the
    collector paused for a grade (``grade.GC_PAUSE``), the verifier's gate memo
    (``Speed.check_gates``) and its memo of the structural checks' hits by the graph's structure
    (``runner.STRUCT_MEMO``), its one pass for the layer-local checks (``runner.LOCAL_PASS``)
    and the structures' run lists without their silent structural checks (``runner.CHECK_PLAN``).
    Every reference, empty, partial and adversarial plan of every
    family of every split (two tasks each), the curated tasks and the peer harness's reference
    plans grade the same without them: reward, payload and findings (grade memos off, so
    every grade is computed)."""
    import importlib

    from gym_support import anchors

    gr = importlib.import_module("driftcheck_gym.grade")
    st = importlib.import_module("driftcheck_gym.state")
    runner = importlib.import_module("driftcheck.verifier.runner")
    monkeypatch.setattr(gr, "MEMO", False)
    cases = [(t, plan) for t in TASKS for plan in (t.reference_plan, [], t.reference_plan[:1])]
    cases += [(t, p(t)) for p, t in CASES]
    peer = anchors()
    if peer is not None:
        sol = json.loads((peer / "solutions.json").read_text())
        cases += [(t, sol[t.id]) for t in G.curated_tasks() if t.id in sol]

    def run():
        return [G.grade(t, plan).to_dict() for t, plan in cases]

    def graphs():
        out = []
        for t in COMPONENT_TASKS:
            arch = apply(t.start_arch(), t.reference_plan, repair=t.kind == "repair").arch
            g = to_graph(arch, t.id)
            out.append((g.model_dump(), [sorted(n.model_fields_set) for n in g.nodes]))
        return out

    fast, fast_graphs = run(), graphs()
    switches = [(gr, "FAST"), (gr, "ANALYSES"), (gr, "GC_PAUSE"), (st, "LEAN_GRAPH")]
    switches += [(st, "SHARE_START"), (st, "INPUT_MEMO")]
    switches += [(runner, "STRUCT_MEMO"), (runner, "LOCAL_PASS"), (runner, "CHECK_PLAN")]
    for mod, name in switches:
        monkeypatch.setattr(mod, name, False)
    from driftcheck.speed import current, use

    with use(current().without("check_gates")):
        slow, slow_graphs = run(), graphs()
    assert fast == slow
    assert fast_graphs == slow_graphs
    n = 3 * len(TASKS)
    assert all(r["passed"] for r in fast[0:n:3])  # references pass
    assert not any(r["passed"] for r in fast[1:n:3])  # empty plans fail
    assert not any(r["passed"] for r in fast[n : n + len(CASES)])  # the adversarial suite fails


def test_differs_proves_only_real_differences():
    """``grade._differs`` (the fast path's "changed" test) says True only where the content
    keys differ: over every task's reference, partial and adversarial plans, and on values
    JSON writes alike or Python compares alike (1 and 1.0, True and 1, a tuple and a list)."""
    import importlib

    gr = importlib.import_module("driftcheck_gym.grade")
    st = importlib.import_module("driftcheck_gym.state")
    proven = 0
    cases = [(t, plan) for t in ADV_TASKS for plan in (t.reference_plan, [], t.reference_plan[:1])]
    cases += [(t, p(t)) for p, t in CASES]
    for t, plan in cases:
        if t.config_task or not isinstance(plan, list):
            continue
        start = t.start_arch()
        arch = st.apply(start, plan, repair=t.kind == "repair").arch
        if gr._differs(arch, start):
            proven += 1
            assert arch.key() != start.key(), (t.id, plan)
    assert proven > 10
    base = st.Arch({"a": {"type": "linear", "params": {"n": 1, "t": (1, 2)}}}, [("a", "b")])
    for params in ({"n": 1.0, "t": (1, 2)}, {"n": True, "t": (1, 2)}, {"n": 1, "t": [1, 2]}):
        other = st.Arch({"a": {"type": "linear", "params": params}}, [("a", "b")])
        assert not gr._differs(other, base)  # not proven: the keys decide
    other = st.Arch({"a": {"type": "linear", "params": {"n": 2, "t": (1, 2)}}}, [("a", "b")])
    assert gr._differs(other, base) and other.key() != base.key()


def _shared_cases() -> list[tuple[G.Task, list]]:
    """About 2,400 plans over the component tasks of every family of every split: each task's
    reference, empty and partial plans, the references of the next three tasks of its family
    (the same model graded under other requirements, and other starts), those references with
    one width written as an int, a float or a bool (values Python compares alike), and the
    adversarial suite."""
    from driftcheck_gym.generate import generate_tasks

    tasks = [
        t
        for split, seed, n in (("train", 5, 190), ("test", 5, 120), ("heldout", 5, 60))
        for t in generate_tasks(split, seed, n)
        if not t.config_task
    ]
    by_family: dict[str, list[G.Task]] = {}
    for t in tasks:
        by_family.setdefault(t.family, []).append(t)
    cases = []
    for fam in by_family.values():
        for i, t in enumerate(fam):
            plans = [t.reference_plan, [], t.reference_plan[:1]]
            plans += [fam[(i + k) % len(fam)].reference_plan for k in (1, 2, 3)]
            edit = next((a for a in t.reference_plan if a.get("type") == "add_component"), None)
            if edit is not None and edit.get("name"):
                for v in (2, 2.0, True):
                    plans.append(
                        [
                            *t.reference_plan,
                            {"type": "update_params", "name": edit["name"], "params": {"bias": v}},
                        ]
                    )
            cases += [(t, copy.deepcopy(p)) for p in plans]
    cases += [(t, p(t)) for p, t in CASES]
    return cases


def test_shared_analyses_give_identical_grades(monkeypatch):
    """Grades served from another grade's analyses (``grade.ANALYSES``: the typed graph, the
    verifier's report and its context, remembered by the edited model's exact content and
    shared across tasks) are the grades computed afresh: the whole payload, over ~2,400 plans
    of every component family of every split (grade memos off, so every grade runs). The
    memo is not idle: about half the models are met again (under another task, or the same
    one)."""
    import importlib

    gr = importlib.import_module("driftcheck_gym.grade")
    monkeypatch.setattr(gr, "MEMO", False)
    cases = _shared_cases()
    assert len(cases) > 2000
    store = gr._analyses(gr.current())

    def run():
        store.clear()
        return [G.grade(t, plan).to_dict() for t, plan in cases]

    monkeypatch.setattr(gr, "ANALYSES", True)
    shared = run()
    kept = len(store)
    monkeypatch.setattr(gr, "ANALYSES", False)
    fresh = run()
    assert not store
    assert shared == fresh
    assert 0 < kept < 0.7 * len(cases)  # at least 30% of the grades read shared analyses
    # 1, 1.0 and True are kept apart: three models, three grades' analyses
    assert len({gr._content_key(apply(t.start_arch(), p).arch) for t, p in cases[6:9]}) == 3


def test_shared_analyses_keys_are_exact():
    """``grade._content_key`` writes apart what Python compares alike (1, 1.0 and True; a list
    and a tuple; 0.0 and -0.0), and only plain values are kept (``_plain_model``): marshal
    writes bytes and bytearray alike."""
    import importlib

    gr = importlib.import_module("driftcheck_gym.grade")
    st = importlib.import_module("driftcheck_gym.state")

    def arch(v, shape=(1, 8)):
        a = st.Arch({"a": {"type": "linear", "params": {"n": v}}}, [("a", "b")])
        a.input_shape = shape
        return a

    keys = [gr._content_key(arch(v)) for v in (1, 1.0, True, 0.0, -0.0, [1], (1,), "1", None)]
    assert len(set(keys)) == len(keys)
    assert gr._content_key(arch(1, [1, 8])) != gr._content_key(arch(1, (1, 8)))
    assert gr._plain_model(arch(1)) and not gr._plain_model(arch(b"x"))
    assert not gr._plain_model(arch(bytearray(b"x")))
    assert gr._content_key(arch(object())) is None


def test_shared_analyses_are_bounded_by_nodes(monkeypatch):
    """The shared analyses hold at most ``ANALYSES_NODES`` nodes, the oldest models dropped
    first, and a grade served after its model was dropped is the same grade."""
    import importlib

    gr = importlib.import_module("driftcheck_gym.grade")
    monkeypatch.setattr(gr, "MEMO", False)
    monkeypatch.setattr(gr, "ANALYSES", True)
    monkeypatch.setattr(gr, "ANALYSES_NODES", 40)
    store = gr._analyses(gr.current())
    store.clear()
    tasks = [t for t in COMPONENT_TASKS if t.kind == "design"][:12]
    first = [G.grade(t, t.reference_plan).to_dict() for t in tasks]
    assert 0 < len(store) < len(tasks)
    assert store.nodes == sum(e[3] for e in store.values()) <= 40
    assert [G.grade(t, t.reference_plan).to_dict() for t in tasks] == first
    store.clear()


def test_shared_analyses_follow_the_grade_memo_switch(monkeypatch):
    """``grade.ANALYSES`` unset: the ``Speed`` decides, off with DRIFTCHECK_GYM_NO_MEMO=1 (and
    with DRIFTCHECK_SPEED_OFF=gym_grades or DRIFTCHECK_GYM_NO_FAST=1: no fast path)."""
    import importlib

    from driftcheck.speed import Speed, use

    gr = importlib.import_module("driftcheck_gym.grade")
    monkeypatch.setattr(gr, "MEMO", False)
    monkeypatch.setattr(gr, "ANALYSES", None)
    store = gr._analyses(gr.current())
    t = next(t for t in COMPONENT_TASKS if t.kind == "design")
    for env in (
        {"DRIFTCHECK_GYM_NO_MEMO": "1"},
        {"DRIFTCHECK_SPEED_OFF": "gym_grades"},
        {"DRIFTCHECK_GYM_NO_FAST": "1"},
    ):
        store.clear()
        with use(Speed.from_env(env)):
            assert G.grade(t, t.reference_plan).passed
        assert not store, env
    with use(Speed.from_env({})):
        G.grade(t, t.reference_plan)
    assert len(store) == 1
    store.clear()
