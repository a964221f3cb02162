"""Shared checks for the blind fresh batches of the crash study (``benchmarks/crash/
templates_fresh2.py``, ``templates_fresh3.py``, ...).

Each batch's test module calls these instead of repeating the bookkeeping: the batch's size and
balance, defect classes the sets written before it do not have, case files that are what the
templates render, and torch's verdict on a sample of cases under two seeds. Nothing here runs the
analyzer on a batch: the lead runs ``bench_crash.py --freshN`` once per batch.
"""

from __future__ import annotations

import importlib.util
import json
import re
import runpy
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

CRASH = Path(__file__).resolve().parents[1] / "benchmarks" / "crash"
CASES = {e["name"]: e for e in json.loads((CRASH / "cases.json").read_text())}
TRUTH = json.loads((CRASH / "truth.json").read_text())
# the splits in the order they were written: a batch's "new" defect classes are those no
# earlier split has (a later batch may reuse them)
ORDER = (
    "dev",
    "held_out",
    "fresh",
    "fresh2",
    "fresh3",
    "fresh4",
    "fresh5",
    "fresh6",
    "fresh7",
    "fresh8",
    "fresh9",
    "fresh10",
    "fresh11",
    "fresh12",
    "fresh13",
    "fresh14",
    "fresh15",
    "fresh16",
    "fresh17",
    "fresh18",
    "fresh19",
    "fresh20",
    "fresh21",
    "fresh22",
    "fresh23",
    "fresh24",
    "fresh25",
    "fresh26",
    "fresh27",
    "fresh28",
    "fresh29",
    "fresh30",
    "fresh31",
    "fresh32",
)


def template_module(name: str):
    if str(CRASH) not in sys.path:  # the batches import their shared helper from templates.py
        sys.path.insert(0, str(CRASH))
    spec = importlib.util.spec_from_file_location(f"_crash_{name}", CRASH / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def earlier_template_files(batch_no: int) -> list[Path]:
    """The template files written before fresh batch ``batch_no``: ``templates.py`` and
    ``templates_fresh*.py`` of a lower number (``templates_fresh.py`` is batch 1). A later batch
    may reuse a class that an earlier batch introduced, so the "new class" grep of a batch looks
    only backwards."""
    out = []
    for path in sorted(CRASH.glob("templates*.py")):
        m = re.fullmatch(r"templates_fresh(\d*)\.py", path.name)
        if path.name == "templates.py" or (m and int(m.group(1) or 1) < batch_no):
            out.append(path)
    return out


def batch(split: str) -> dict[str, dict]:
    return {n: e for n, e in CASES.items() if e["split"] == split}


def check_size_balance_and_new_classes(
    split: str,
    module: str,
    prefix: str,
    min_cases: int,
    min_new: int = 3,
    min_templates: int = 40,
) -> None:
    """``min_templates`` templates, every case named ``prefix*``, ``min_cases`` judged by torch,
    at least 40% of them clean, each template on both sides of torch's verdict, and ``min_new``
    crash classes that no earlier split has."""
    t = template_module(module)
    cases = batch(split)
    assert len(t.T) >= min_templates and {v[0] for v in t.VARIANTS} == set(t.T)
    assert cases and all(n.startswith(prefix) for n in cases)
    judged = {n: TRUTH["cases"][n] for n in cases if n in TRUTH["cases"]}
    assert len(judged) >= min_cases
    clean = sum(not v["crash"] for v in judged.values())
    assert clean / len(judged) >= 0.4
    sides: dict[str, set] = {}
    for n, v in judged.items():
        sides.setdefault(cases[n]["origin"], set()).add(v["crash"])
    assert all(s == {True, False} for s in sides.values()), sides
    earlier = set(ORDER[: ORDER.index(split)])
    older = {e["defect"] for e in CASES.values() if e["split"] in earlier}
    new = {v["defect"] for v in judged.values() if v["crash"]} - older
    assert len(new) >= min_new, new


def check_rendered(split: str, module: str, prefix: str) -> None:
    """Every case file is the template rendered with its sizes under the corpus header."""
    t = template_module(module)
    header = template_module("templates").HEADER
    cases = batch(split)
    assert len(cases) == len(t.VARIANTS)
    for tname, suffix, defect, sizes in t.VARIANTS:
        name = f"{prefix}{tname}__{suffix}"
        e = cases[name]
        shape = eval(t.T[tname]["input"].format(**sizes))  # noqa: S307 - our own table
        assert tuple(e["input"]) == shape and e["defect"] == defect
        text = header.format(name=name, defect=defect, input=shape, kind=t.T[tname]["kind"])
        text += t.T[tname]["src"].format(**sizes)
        assert (CRASH / e["file"]).read_text() == text, name


def check_all_judged_and_labels_hold(split: str) -> None:
    """Every case of ``split`` has a torch verdict (none dropped), and torch agrees with each
    label: a case labelled clean runs, one labelled with a defect class raises."""
    judged = {n: TRUTH["cases"].get(n) for n in batch(split)}
    assert all(judged.values()), [n for n, v in judged.items() if not v]
    wrong = [n for n, v in judged.items() if v["crash"] != (v["defect"] != "clean")]
    assert not wrong, wrong


def error_type(e: dict, seed: int) -> str | None:
    """The type name of what forward raises under ``seed`` (None: it runs), as build_truth runs
    a case: runpy, root built without arguments, eval, one input, no_grad."""
    torch = pytest.importorskip("torch")
    torch.manual_seed(seed)
    model = runpy.run_path(str(CRASH / e["file"]), run_name="__crash__")[e["root"]]()
    model.eval()
    shape = tuple(e["input"])
    x = torch.randint(0, 2, shape) if e["kind"] == "tokens" else torch.randn(shape)
    try:
        with torch.no_grad():
            model(x)
    except Exception as exc:  # noqa: BLE001 - any error forward raises is the crash
        return type(exc).__name__
    return None


def check_verdict(name: str, want: str | None) -> None:
    """truth.json records torch's verdict ``want`` (an error type, None: runs) for ``name``,
    and torch says the same now under seeds 0 and 1."""
    rec = TRUTH["cases"][name]
    assert rec["crash"] is (want is not None)
    if want:
        assert rec["error"].startswith(f"{want}: ")
    for seed in (0, 1):
        assert error_type(CASES[name], seed) == want


def check_whole_models(module: str, minimum: int) -> None:
    """At least ``minimum`` templates are named in the module's ``WHOLE_MODELS``, each a whole
    small model by its source, not one layer: a second module class of the template's own, a
    ModuleList / Sequential stack, or at least three torch module classes built."""
    t = template_module(module)
    whole = set(t.WHOLE_MODELS)
    assert whole <= set(t.T) and len(whole) >= minimum, (len(whole), minimum)
    for name in whole:
        src = t.T[name]["src"]
        stacked = "ModuleList" in src or "Sequential" in src
        assert (
            src.count("class ") >= 2 or stacked or len(re.findall(r"nn\.[A-Z]\w*\(", src)) >= 3
        ), name


def batch_tests(
    split: str,
    module: str,
    prefix: str,
    sample: dict[str, str | None],
    min_cases: int,
    **size_kw: int,
) -> dict[str, Callable]:
    """The tests every blind batch from fresh3 on has, for its test module to take in with
    ``globals().update(cb.batch_tests(...))`` (one definition instead of a copy per batch):
    size, balance and new classes; case files as rendered; nothing dropped and no label torch
    contradicts; torch's verdict on ``sample`` (name -> error type, None: runs) under two
    seeds. ``size_kw`` goes to ``check_size_balance_and_new_classes``."""

    def test_batch_size_balance_and_new_classes():
        check_size_balance_and_new_classes(split, module, prefix, min_cases=min_cases, **size_kw)

    def test_case_files_are_the_rendered_templates():
        check_rendered(split, module, prefix)

    def test_nothing_dropped_and_no_case_mislabelled():
        """Every case has a torch verdict, and each one labelled clean runs while each one
        labelled with a defect class raises (the labels were written before torch was asked)."""
        check_all_judged_and_labels_hold(split)

    @pytest.mark.parametrize("name", sorted(sample))
    def test_torch_verdict(name):
        assert CASES[name]["split"] == split
        check_verdict(name, sample[name])

    return {
        f.__name__: f
        for f in (
            test_batch_size_balance_and_new_classes,
            test_case_files_are_the_rendered_templates,
            test_nothing_dropped_and_no_case_mislabelled,
            test_torch_verdict,
        )
    }
