"""Metamorphic campaign on the wild corpora: perturb the literals of known-exact dev files.

Every dev file of the wild corpora is exact at the ONE set of keyword values it uses; library code
takes other branches at other values (a bias flag, an expansion ratio, ``num_layers=1``, ``None``
for an int, a tuple for an int, another string mode). A branch the analyzer mis-models gives a
confident wrong ``params_total`` that no corpus file shows. This campaign writes K seeded variants
of each dev file, each changing one or two literals, builds each variant in torch as
``build_truth`` does (meta, CPU fallback; one subprocess per chunk, time and memory bounds), runs
the analyzer on it as ``bench_wild`` does, and reports per library: variants, torch-built, exact,
unknown, WRONG, tool failures. The wrong ones (file, change, want, got, notes) go to a JSON.

Which literals (``sites``): the arguments of every call in the module-level statements (where the
file builds ``model`` and its parts), of every config constructor anywhere in the file (a callee
named ``*Config``/``*Cfg``), and module-level ``NAME = literal`` constants. How they change
(``mutations``): ints scaled/shifted in small bounds, bools flipped, floats halved/doubled/zeroed;
an int becomes ``None`` or a pair, or a pair an int, only where the library's own source (or the
file's) tests that parameter for ``None`` / casts it to a tuple / asks ``isinstance`` of it; a
string is swapped among the strings the library's source compares that parameter with
(``name == "x"``, ``name in ("x", "y")``): found statically (``library_facts``), never run.

Held-out discipline: only dev files are read (main: ``truth.json``'s ``held_out`` False;
fresh3..fresh15: ``build_truth.held_out(name)`` False); held-out files are never opened.

    python benchmarks/wild/perturb.py --corpus fresh11 --k 4 --jobs 2
    python benchmarks/wild/perturb.py --corpus main,fresh3 --only timm --k 2 --json /tmp/p.json

Variants are written under ``benchmarks/wild/.perturb/`` (the truth builder names a library by
the folder a file is in) and removed afterwards unless ``--keep``.
"""

from __future__ import annotations

import argparse
import ast
import importlib.machinery
import json
import os
import random
import re
import resource
import shutil
import sys
import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks import bench_wild  # noqa: E402
from benchmarks.wild import build_truth  # noqa: E402

OUT_DIR = HERE / ".perturb"
CORPORA = ("main", *(f"fresh{i}" for i in range(3, 16)))
# callees whose name says they cast a value to a tuple (timm's to_2tuple, torch's _pair,
# lucidrains' pair / cast_tuple, monai's ensure_tuple_rep...)
_TUPLE_CAST = re.compile(r"(pair|tuple|triple|ntuple)", re.I)
_CONFIG = re.compile(r"(Config|Cfg|config)$")
INT_MAX = 8192


# ---------------------------------------------------------------- the files


def dev_files(corpus: str) -> list[tuple[str, Path]]:
    """(case name, path) of the corpus's dev part; held-out files are never opened."""
    truth = json.loads(build_truth.TRUTHS[corpus].read_text())
    out = []
    for name, case in sorted(truth["cases"].items()):
        dev = not case["held_out"] if corpus == "main" else not build_truth.held_out(name)
        if dev:
            out.append((name, ROOT / case["path"]))
    return out


# ---------------------------------------------------------------- what the library compares


@dataclass
class Facts:
    """What a parameter name is tested against in a library's source (and the file's own)."""

    strings: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    none: set[str] = field(default_factory=set)  # ``x is None`` / a ``None`` default
    tuple_ok: set[str] = field(default_factory=set)  # cast to a tuple / isinstance-tested

    def merge(self, other: Facts) -> Facts:
        out = Facts()
        for f in (self, other):
            for k, v in f.strings.items():
                out.strings[k] |= v
            out.none |= f.none
            out.tuple_ok |= f.tuple_ok
        return out


def _name_of(node: ast.AST) -> str | None:
    """``x`` for ``x``, ``self.x``, ``cfg.x``, ``kwargs["x"]``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
    ):
        return node.slice.value
    return None


def _strs(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [
            e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
        ]
    return []


def scan(tree: ast.AST, facts: Facts) -> None:
    """Add the comparisons, None tests and tuple casts of ``tree`` to ``facts``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for i, op in enumerate(node.ops):
                a, b = sides[i], sides[i + 1]
                for x, y in ((a, b), (b, a)):
                    name = _name_of(x)
                    if name is None:
                        continue
                    if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
                        for s in _strs(y):
                            if 0 < len(s) <= 40:
                                facts.strings[name].add(s)
                    if (
                        isinstance(op, (ast.Is, ast.IsNot))
                        and isinstance(y, ast.Constant)
                        and y.value is None
                    ):
                        facts.none.add(name)
        elif isinstance(node, ast.Call):
            fn = _name_of(node.func) or ""
            if fn == "isinstance" and len(node.args) == 2:
                name = _name_of(node.args[0])
                kinds = ast.unparse(node.args[1])
                if name and re.search(r"\b(tuple|list|Sequence|Iterable|int)\b", kinds):
                    facts.tuple_ok.add(name)
            elif _TUPLE_CAST.search(fn) and len(node.args) >= 1:
                name = _name_of(node.args[0])
                if name:
                    facts.tuple_ok.add(name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            pos = a.posonlyargs + a.args
            for arg, d in zip(pos[len(pos) - len(a.defaults) :], a.defaults):
                if isinstance(d, ast.Constant) and d.value is None:
                    facts.none.add(arg.arg)
            for arg, d in zip(a.kwonlyargs, a.kw_defaults):
                if isinstance(d, ast.Constant) and d.value is None:
                    facts.none.add(arg.arg)


def _package_dir(import_name: str) -> Path | None:
    """The library's package folder, found on the path (site-packages and .vendor), not imported."""
    paths = [*sys.path, str(HERE / ".vendor")]
    spec = importlib.machinery.PathFinder.find_spec(import_name, paths)
    if spec is None:
        return None
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(spec.origin) if spec.origin else None


def _library_texts(lib: str) -> list[tuple[str, str]]:
    mod = build_truth.LIBRARIES.get(lib, (lib, lib))[0]
    where = _package_dir(mod)
    if where is None:
        return []
    if mod == "torch":  # the standalone files: torch.nn only (the whole of torch is too big)
        where = where / "nn"
    files = [where] if where.is_file() else sorted(where.rglob("*.py"))
    out = []
    for f in files[:3000]:
        try:
            out.append((str(f), f.read_text(errors="replace")))
        except OSError:
            continue
    return out


@cache
def library_facts(lib: str) -> Facts:
    """The facts of ``lib``'s whole source, scanned once per library (a run asks per file)."""
    facts = Facts()
    for _path, text in _library_texts(lib):
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError):
            continue
        scan(tree, facts)
    return facts


# ---------------------------------------------------------------- the sites and their mutations


@dataclass
class Site:
    """One literal: its byte span in the file, the parameter it fills (or None) and its value."""

    start: int
    end: int
    param: str | None
    value: object
    line: int


def _literal(node: ast.AST) -> tuple[bool, object]:
    """(is a literal we perturb, its value): numbers, bools, None, strings, tuples/lists of ints."""
    if isinstance(node, ast.Constant) and isinstance(
        node.value, (bool, int, float, str, type(None))
    ):
        return True, node.value
    if (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
        and type(node.operand.value) in (int, float)
    ):
        return True, -node.operand.value
    if isinstance(node, (ast.Tuple, ast.List)) and node.elts:
        vals = []
        for e in node.elts:
            if isinstance(e, ast.Constant) and type(e.value) is int:
                vals.append(e.value)
            else:
                return False, None
        return True, tuple(vals) if isinstance(node, ast.Tuple) else vals
    return False, None


def _offsets(src: bytes) -> list[int]:
    starts = [0]
    for i, b in enumerate(src):
        if b == 10:
            starts.append(i + 1)
    return starts


def sites(src: str) -> list[Site]:
    """The literals of the model-building calls, config constructors and module constants."""
    tree = ast.parse(src)
    raw = src.encode()
    line_at = _offsets(raw)
    found: dict[tuple[int, int], Site] = {}

    def add(node: ast.AST, param: str | None) -> None:
        ok, value = _literal(node)
        if not ok or (isinstance(value, str) and param is None):
            return
        start = line_at[node.lineno - 1] + node.col_offset
        end = line_at[node.end_lineno - 1] + node.end_col_offset
        found.setdefault((start, end), Site(start, end, param, value, node.lineno))

    def calls(root: ast.AST) -> None:
        for node in ast.walk(root):
            if isinstance(node, ast.Call):
                for a in node.args:
                    add(a, None)
                for kw in node.keywords:
                    if kw.arg:
                        add(kw.value, kw.arg)
            elif isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values):
                    if isinstance(k, ast.Constant) and isinstance(k.value, str):
                        add(v, k.value)

    for stmt in tree.body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef)):
            continue
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if len(targets) == 1 and isinstance(targets[0], ast.Name):
                add(stmt.value, targets[0].id)
        calls(stmt)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _CONFIG.search(_name_of(node.func) or ""):
            calls(node)
    # docstrings and __main__ guards are not sizes
    return sorted(found.values(), key=lambda s: s.start)


def _int_moves(v: int) -> list[int]:
    out = {v + 1, v - 1, v * 2, v // 2} if v > 1 else {0, 1, 2, 3}
    return sorted(x for x in out if 0 <= x <= max(INT_MAX, v) and x != v)


def mutations(site: Site, facts: Facts) -> list[object]:
    """The values ``site`` may take instead of its own."""
    v, p = site.value, site.param
    out: list[object] = []
    if isinstance(v, bool):
        out = [not v]
    elif isinstance(v, int):
        out = [x for x in _int_moves(v)] if v >= 0 else [v - 1, v + 1]
        if p and p in facts.none:
            out.append(None)
        if p and p in facts.tuple_ok and v > 0:
            out.append((v, v))
    elif isinstance(v, float):
        if v == 0:
            out = [0.1, 0.5]
        elif 0 < v < 1:
            out = [0.0, round(v / 2, 4)]
        else:
            out = [v * 2, v / 2, v + 1.0]
    elif isinstance(v, str):
        if p:
            out = sorted(facts.strings.get(p, set()) - {v})
    elif v is None:
        if p and p in facts.strings:
            out = sorted(facts.strings[p])[:3]
    elif isinstance(v, (tuple, list)):
        vals = list(v)
        for i, x in enumerate(vals[:4]):
            for y in _int_moves(x)[:2]:
                new = vals[:i] + [y] + vals[i + 1 :]
                out.append(tuple(new) if isinstance(v, tuple) else new)
        if p and p in facts.tuple_ok and len(set(vals)) == 1 and vals[0] > 0:
            out.append(vals[0])
    return out


def render(value: object) -> str:
    return repr(value)


@dataclass
class Variant:
    case: str
    library: str
    name: str  # the variant's case name under .perturb
    text: str
    change: str


def variants(case: str, library: str, src: str, k: int, seed: int, facts: Facts) -> list[Variant]:
    """Up to ``k`` distinct variants of ``src``, each changing one or two literals; the same
    ``seed`` gives the same variants."""
    try:
        found = sites(src)
    except SyntaxError:
        return []
    options = [(s, m) for s in found for m in [mutations(s, facts)] if m]
    if not options:
        return []
    rng = random.Random(f"{seed}:{case}")
    raw = src.encode()
    seen = {src}
    out: list[Variant] = []
    for _attempt in range(k * 6):
        if len(out) >= k:
            break
        n = 1 if len(options) == 1 or rng.random() < 0.6 else 2
        picks = rng.sample(options, n)
        picks.sort(key=lambda sm: sm[0].start)
        if n == 2 and picks[0][0].end > picks[1][0].start:
            continue
        text, changes, shift = raw, [], 0
        for s, moves in picks:
            new = rng.choice(moves)
            rep = render(new).encode()
            text = text[: s.start + shift] + rep + text[s.end + shift :]
            shift += len(rep) - (s.end - s.start)
            changes.append(f"line {s.line}: {s.param or 'arg'}={render(s.value)} -> {render(new)}")
        new_src = text.decode()
        if new_src in seen:
            continue
        try:
            ast.parse(new_src)
        except SyntaxError:
            continue
        seen.add(new_src)
        vname = f"{case.replace('/', '__')}__v{len(out)}"
        out.append(Variant(case, library, vname, new_src, "; ".join(changes)))
    return out


# ---------------------------------------------------------------- torch and the analyzer


def _limit_memory(mb: int) -> None:
    """The soft address-space limit (the hard one stays, so it can be lifted again)."""
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    cap = mb << 20 if hard == resource.RLIM_INFINITY else min(mb << 20, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def chunks(paths: list[Path], chunk: int) -> list[list[Path]]:
    """The variants grouped by library (one import of it per process), ``chunk`` at most each."""
    groups: dict[str, list[Path]] = defaultdict(list)
    for p in paths:
        groups[build_truth.library_of(p)].append(p)
    return [g[i : i + chunk] for g in groups.values() for i in range(0, len(g), chunk)]


def score(items: list[dict]) -> tuple[dict, list[dict]]:
    """Per library counts and the wrong ones. Each item: library, case, change, path, truth
    (build_truth's record) and static (bench_wild.classify's result, or None when not run)."""
    per: dict[str, Counter] = defaultdict(Counter)
    wrong = []
    for it in items:
        c = per[it["library"]]
        c["variants"] += 1
        t = it["truth"]
        if "params" not in t:
            c["refused"] += 1
            continue
        c["built"] += 1
        s = it["static"]
        if s is None:
            continue
        if s.get("outcome") == "tool failure":
            outcome = "tool failure"
        elif s.get("got") is None:
            outcome = "unknown"
        else:
            outcome = "exact" if s["got"] == t["params"] else "wrong"
        c[outcome] += 1
        if outcome == "wrong":
            wrong.append(
                {
                    "case": it["case"],
                    "library": it["library"],
                    "change": it["change"],
                    "want": t["params"],
                    "got": s.get("got"),
                    "notes": (s.get("notes") or [])[:6],
                    "path": it["path"],
                }
            )
    return per, wrong


def print_table(per: dict) -> dict:
    cols = ("variants", "built", "refused", "exact", "unknown", "wrong", "tool failure")
    print(f"{'library':34s}" + "".join(f"{c[:8]:>9s}" for c in cols))
    tot: Counter = Counter()
    for lib in sorted(per):
        tot.update(per[lib])
        print(f"{lib:34s}" + "".join(f"{per[lib][c]:9d}" for c in cols))
    print(f"{'TOTAL':34s}" + "".join(f"{tot[c]:9d}" for c in cols))
    b = max(tot["built"], 1)
    print(
        f"torch-built {tot['built']} in {sum(1 for x in per.values() if x['built'])} libraries; "
        f"exact {tot['exact']}/{b} = {100 * tot['exact'] / b:.1f}%; wrong {tot['wrong']} = "
        f"{100 * tot['wrong'] / b:.1f}%; unknown {tot['unknown']}; tool failures {tot['tool failure']}"
    )
    return dict(tot)


def plan(corpora: list[str], libs: set[str] | None, files: int, k: int, seed: int) -> list[Variant]:
    """The variants of the dev files of ``corpora`` (``files`` per library at most, 0: all)."""
    todo: list[Variant] = []
    for corpus in corpora:
        count: Counter = Counter()
        for case, path in dev_files(corpus):
            lib = case.split("/")[-2]
            if (libs and lib not in libs) or (files and count[lib] >= files):
                continue
            count[lib] += 1
            src = path.read_text()
            own = Facts()
            try:
                scan(ast.parse(src), own)
            except SyntaxError:
                continue
            todo += variants(case, lib, src, k, seed, library_facts(lib).merge(own))
    return todo


def campaign(
    todo: list[Variant],
    modes: list[str],
    jobs: int = 1,
    timeout: int = 300,
    chunk: int = 12,
    memory_mb: int = 12000,
    static_timeout: float = bench_wild.TIMEOUT_S,
    keep: bool = False,
    progress: Path | None = None,
) -> dict[str, list[dict]]:
    """mode -> the items ``score`` takes: each variant built in torch and run through the
    analyzer. The files live in a folder of this process's own under ``.perturb`` (two runs at
    once do not meet), removed afterwards unless ``keep``. ``progress``: each variant's item is
    appended there as one JSON line as soon as it is done (``--report`` reads a cut-short run)."""
    where = OUT_DIR / str(os.getpid())
    if where.exists():
        shutil.rmtree(where)
    paths = {}
    for v in todo:
        p = where / v.library / f"{v.name}.py"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(v.text)
        paths[v.name] = p
    by_path = {str(p): v for v in todo for p in [paths[v.name]]}
    truth: dict[str, dict] = {}
    static: dict[str, dict[str, dict]] = {m: {} for m in modes}

    lock = threading.Lock()

    def done(r: dict) -> None:
        if progress is None:
            return
        v = by_path[r["path"]]
        for mode in modes:
            item = {
                "mode": mode,
                "library": v.library,
                "case": v.case,
                "change": v.change,
                "path": r["path"],
                "truth": r,
                "static": {
                    k: x for k, x in (static[mode].get(v.name) or {}).items() if k != "models"
                }
                or None,
            }
            with lock, progress.open("a") as fh:
                fh.write(json.dumps(item, default=str) + "\n")

    def one(files: list[Path]) -> None:
        # torch first (build_truth's builder: meta, then CPU in a fresh process), then the
        # analyzer on what torch built: wrong answers show while the campaign runs
        for r in build_truth.build(files, timeout):
            truth[r["path"]] = r
            if "params" not in r:
                done(r)
                continue
            for mode in modes:
                res = bench_wild.run_file(r["path"], mode, "check", static_timeout)
                res = bench_wild.classify({"params_total": r["params"]}, res)
                static[mode][by_path[r["path"]].name] = res
                if res["outcome"] == "wrong":
                    v = by_path[r["path"]]
                    print(
                        f"WRONG ({mode}) {v.case} [{v.change}] want {r['params']} got {res['got']}",
                        flush=True,
                    )
            done(r)

    old = resource.getrlimit(resource.RLIMIT_AS)
    try:
        # the soft limit is inherited by the torch workers build_truth starts
        try:
            _limit_memory(memory_mb)
        except (ValueError, OSError):
            pass
        with ThreadPoolExecutor(max(1, jobs)) as pool:
            list(pool.map(one, chunks(list(paths.values()), chunk)))
    finally:
        resource.setrlimit(resource.RLIMIT_AS, old)
        if not keep and where.exists():
            shutil.rmtree(where)
            if OUT_DIR.exists() and not any(OUT_DIR.iterdir()):
                OUT_DIR.rmdir()
    return {
        mode: [
            {
                "library": v.library,
                "case": v.case,
                "change": v.change,
                "path": str(paths[v.name].relative_to(ROOT)),
                "truth": truth.get(str(paths[v.name]), {"error": {"?": "not built"}}),
                "static": static[mode].get(v.name),
            }
            for v in todo
        ]
        for mode in modes
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=",".join(CORPORA), help="comma-separated: main,fresh3..")
    ap.add_argument("--only", help="comma-separated libraries (folder names)")
    ap.add_argument("--skip", help="comma-separated libraries to leave out")
    ap.add_argument("--files", type=int, default=0, help="at most this many files per library")
    ap.add_argument("--k", type=int, default=3, help="variants per file")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=300, help="seconds per torch chunk")
    ap.add_argument("--chunk", type=int, default=12, help="variants per torch process")
    ap.add_argument("--memory-mb", type=int, default=12000, help="address-space cap of torch")
    ap.add_argument("--static-timeout", type=float, default=bench_wild.TIMEOUT_S)
    ap.add_argument("--both", action="store_true", help="the core install too (default: full)")
    ap.add_argument("--json", help="write the table, the wrong, refused and unknown variants here")
    ap.add_argument("--list", action="store_true", help="print the variants' changes; build none")
    ap.add_argument("--keep", action="store_true", help="keep the variant files (.perturb/PID)")
    ap.add_argument("--progress", help="append each variant's result here (JSON lines)")
    ap.add_argument("--report", help="print the table of a progress file (a cut-short run)")
    args = ap.parse_args(argv)
    if args.report:
        rows = [json.loads(x) for x in Path(args.report).read_text().splitlines() if x.strip()]
        for mode in sorted({r["mode"] for r in rows}):
            print(f"{mode} install (from {args.report})")
            per, wrong = score([r for r in rows if r["mode"] == mode])
            print_table(per)
            for w in wrong:
                print(f"WRONG {w['case']} [{w['change']}] want {w['want']} got {w['got']}")
        return 0

    libs = set(args.only.split(",")) if args.only else None
    todo = plan(args.corpus.split(","), libs, args.files, args.k, args.seed)
    if args.skip:
        todo = [v for v in todo if v.library not in set(args.skip.split(","))]
    if args.list:
        for v in todo:
            print(f"{v.case}: {v.change}")
        print(f"{len(todo)} variants")
        return 0
    print(f"{len(todo)} variants of {len({v.case for v in todo})} files", flush=True)
    t0 = time.perf_counter()
    modes = ["full", "core"] if args.both else ["full"]
    runs = campaign(
        todo,
        modes,
        jobs=args.jobs,
        timeout=args.timeout,
        chunk=args.chunk,
        memory_mb=args.memory_mb,
        static_timeout=args.static_timeout,
        keep=args.keep,
        progress=Path(args.progress) if args.progress else None,
    )
    print(f"{time.perf_counter() - t0:.0f}s", flush=True)
    doc: dict = {"seed": args.seed, "k": args.k, "corpus": args.corpus, "modes": {}}
    for mode, items in runs.items():
        print(f"\n{mode} install")
        per, wrong = score(items)
        tot = print_table(per)
        for w in wrong:
            print(f"WRONG {w['case']} [{w['change']}] want {w['want']} got {w['got']}")
        doc["modes"][mode] = {
            "total": tot,
            "libraries": {k: dict(v) for k, v in per.items()},
            "wrong": wrong,
            "refused": [
                {"case": it["case"], "change": it["change"], "why": it["truth"].get("error")}
                for it in items
                if "params" not in it["truth"]
            ],
            "unknown": [
                {"case": it["case"], "change": it["change"], "notes": it["static"]["notes"][:3]}
                for it in items
                if it["static"] and it["static"].get("outcome") == "unknown"
            ],
        }
    if args.json:
        Path(args.json).write_text(json.dumps(doc, indent=1, default=str) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
