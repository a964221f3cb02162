"""Shared checks for the blind fresh batches of the wild-code benchmark (benchmarks/wild/fresh*).

Each batch's test module calls these instead of repeating the bookkeeping: the truth file covers
every file (built or dropped), every case is held out, its library is pinned, its files download
nothing, and a sample of pure-torch files rebuilds in torch to the recorded count. Nothing here
runs the analyzer on a batch: the batches are scored once per session by the lead.
"""

from __future__ import annotations

import ast
import json
import re
import runpy
import sys
from pathlib import Path

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT))
from benchmarks import bench_wild  # noqa: E402
from benchmarks.wild import build_truth  # noqa: E402

REQUIREMENTS = ROOT / "benchmarks" / "wild" / "requirements.txt"


def load_truth(corpus: str) -> dict:
    return json.loads(build_truth.TRUTHS[corpus].read_text())


def build_model(path: Path, device: str = "meta"):
    """The file's global ``model``, built as the truth builder builds it (runpy, seed 0)."""
    import torch

    torch.manual_seed(0)
    with torch.device(device):
        return runpy.run_path(str(path), run_name="__wild__")["model"]


def torch_count(model) -> tuple[int, int]:
    """Parameters counted once per tensor (tied and shared weights once), and the tensor count."""
    seen = {id(p): p for _, p in model.named_parameters(remove_duplicate=False)}
    return sum(p.numel() for p in seen.values()), len(seen)


def per_module_path_count(model) -> int:
    """Parameters summed over every module path: a module reached by several paths counts once
    per path, so a model sharing tensors sums to more than its torch count."""
    return sum(
        p.numel()
        for _, m in model.named_modules(remove_duplicate=False)
        for p in m.parameters(recurse=False)
    )


def check_files_parse_and_download_nothing(corpus: str) -> None:
    for f in build_truth.corpus_files(corpus):
        src = f.read_text()
        tree = ast.parse(src, filename=str(f))
        assigned = {
            t.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign)
            for t in node.targets
            if isinstance(t, ast.Name)
        }
        assert "model" in assigned, f  # the truth builder reads the global `model`
        assert "pretrained=True" not in src and "from_pretrained(" not in src, f
        assert not re.search(r"\bweights\s*=\s*(?!None\b)\S", src), f


def pinned_distributions(section: str | None = None) -> set[str]:
    """Lower-cased distribution names pinned in requirements.txt; with ``section``, only those
    under the comment header starting with it (up to the next blank line)."""
    lines = REQUIREMENTS.read_text().splitlines()
    if section is not None:
        start = next(i for i, line in enumerate(lines) if line.startswith(section))
        end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
        lines = lines[start:end]
    return {
        line.split("==")[0].lower() for line in lines if "==" in line and not line.startswith("#")
    }


def check_bookkeeping(
    corpus: str, *, min_library_files: int, min_libraries: int, min_standalone: int
) -> dict:
    """The truth file of a fresh batch against its files; returns the batch's cases."""
    truth = load_truth(corpus)
    folder = build_truth.HERE / corpus
    files = build_truth.corpus_files(corpus)
    names = {build_truth.case_name(f) for f in files}
    dropped = {d["case"] for d in truth["dropped"]}
    assert set(truth["cases"]) | dropped == names
    assert not set(truth["cases"]) & dropped
    cases = truth["cases"]
    lib_cases = [c for c in cases.values() if c["library"] != "standalone"]
    assert len(lib_cases) >= min_library_files
    assert len({c["library"] for c in lib_cases}) >= min_libraries
    assert sum(c["library"] == "standalone" for c in cases.values()) >= min_standalone
    pinned = pinned_distributions()
    for name, case in cases.items():
        assert name.startswith(f"{corpus}/") and case["held_out"] is True
        lib = case["library"]
        assert lib == build_truth.library_of(ROOT / case["path"])
        assert build_truth.LIBRARIES[lib][1] == case["distribution"]
        assert case["version"], name  # the installed version it was built with
        assert isinstance(case["params_total"], int) and case["params_total"] > 0, name
        if lib != "standalone":
            assert case["distribution"].lower() in pinned, case["distribution"]
        # a case file is never named like a module its folder's siblings import
        assert not (folder / lib / f"{build_truth.LIBRARIES[lib][0]}.py").exists()
    return cases


def older_cases(*corpora: str) -> dict:
    """The cases of earlier corpora (``main`` is the corpus under cases/ and standalone/)."""
    out: dict = {}
    for corpus in corpora:
        out.update(load_truth(corpus)["cases"])
    return out


def check_bench_selects(corpus: str, truth_path: Path, capsys) -> None:
    # --corpus X reads X/truth.json; an --only matching nothing stops before any run
    assert build_truth.TRUTHS[corpus] == truth_path
    assert bench_wild.main(["--corpus", corpus, "--only", "no_such_library"]) == 2
    assert "no cases" in capsys.readouterr().err


def rebuild_standalone(corpus: str, stem: str):
    """Rebuild ``<corpus>/standalone/<stem>`` on meta, check the torch count against the truth
    file, and return the case and the model (for further checks on sharing or freezing)."""
    case = load_truth(corpus)["cases"][f"{corpus}/standalone/{stem}"]
    assert case["built_on"] == "meta", stem
    model = build_model(ROOT / case["path"])
    assert (case["params_total"], case["tensors"]) == torch_count(model), stem
    return case, model


def check_libraries_new(corpus: str, cases: dict, older: tuple[str, ...]) -> None:
    """Every library of a batch is used by none of the ``older`` corpora, no file is reused, and
    each library is pinned in the batch's own ``# <corpus> only`` requirements section."""
    libs = {c["library"] for c in cases.values()} - {"standalone"}
    before = older_cases(*older)
    assert not libs & {c["library"] for c in before.values()}
    assert not {c["path"] for c in before.values()} & {c["path"] for c in cases.values()}
    own = pinned_distributions(f"# {corpus} only")
    assert {
        c["distribution"].lower() for c in cases.values() if c["library"] != "standalone"
    } <= own


def check_standalone_sample(corpus: str, stem: str, *, shares: bool, freezes: bool) -> None:
    """Rebuild one standalone file (``rebuild_standalone``) and check what makes it a trap: a
    model that ``shares`` tensors sums to more over its module paths than its torch count; one
    that ``freezes`` some parameters still counts them (``requires_grad=False`` is a parameter)."""
    case, model = rebuild_standalone(corpus, stem)
    assert (per_module_path_count(model) > case["params_total"]) is shares, stem
    if freezes:
        trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
        assert 0 < trainable < case["params_total"], stem


def check_fresh_batch(corpus: str, older: tuple[str, ...], **minimums: int) -> dict:
    """A batch's bookkeeping (``check_bookkeeping``) and the newness of its libraries
    (``check_libraries_new``) in one call; returns the batch's cases."""
    cases = check_bookkeeping(corpus, **minimums)
    check_libraries_new(corpus, cases, older=older)
    return cases
