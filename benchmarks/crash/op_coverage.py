"""Which ops real model code calls, and whether ``check --input-shape`` has a shape rule for them.

Counts, by a static AST walk (nothing analysed is imported), the torch functions
(``torch.*``, ``torch.nn.functional.*``), Tensor methods, ``torch.nn`` layer constructions and
einops calls in the modeling files of the installed transformers (``models/*/modeling_*.py``) and
in the libraries under ``benchmarks/wild/.vendor`` (files that mention ``nn.Module``). Calls are
counted in every function body except initialisers (``__init__``, ``*init_weights*``,
``reset_parameters``, ``extra_repr``): forward code and the helpers it calls. Layer constructions
are counted wherever they are (they are built in ``__init__`` and run in forward).

For each op it then reads the forward-shape pass itself (``driftcheck/parsers/source/forward/*.py``
and the layer catalogue) to say:

- ``rule``: the pass dispatches on the op's name (a string constant equal to the name, or a
  dotted suffix of its qualified name, in a ``forward/`` module), or the catalogue has the layer
  (``catalogue.by_torch``);
- ``raises``: that dispatch can end in a crash verdict: the ``if`` whose test names the op (or the
  collection holding the name) has a body that calls ``Flow.crash`` / ``raise ShapeError`` /
  ``real_shape`` / a catalogue op whose shape rule raises ``ShapeError``, directly or through the
  forward-module functions it calls (a fixed point over them). For layers: the catalogue shape
  rule (followed through the helpers it calls) raises ``ShapeError``, or a forward module names the
  layer in a branch that crashes.

Both columns are a reading of the dispatch code, not a run: ``rule`` says a name is handled
somewhere, not that every argument form is. Weighted coverage = occurrences of ops with a rule
(or a raising rule) / all occurrences.

    python benchmarks/crash/op_coverage.py                 # table of the top 60 + summary
    python benchmarks/crash/op_coverage.py --top 200 --missing   # ops torch can reject that have
                                                                 # no raising rule
    python benchmarks/crash/op_coverage.py --json out.json
"""

from __future__ import annotations

import argparse
import ast
import inspect
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FORWARD = ROOT / "driftcheck" / "parsers" / "source" / "forward"
VENDOR = ROOT / "benchmarks" / "wild" / ".vendor"

SKIP_FUNCS = ("__init__", "reset_parameters", "extra_repr")
# torch namespaces that hold no tensor op (context managers, dtype info, devices, tooling)
NOT_OPS = (
    "torch.jit.", "torch.cuda.", "torch.distributed.", "torch.backends.", "torch.compiler.",
    "torch._dynamo.", "torch.fx.", "torch.onnx.", "torch.utils.", "torch.nn.init.",
    "torch.nn.utils.", "torch.nn.parameter.", "torch.autograd.", "torch.library.",
    "torch.testing.", "torch.overrides.", "torch.profiler.", "torch.amp.", "torch.mps.",
    "torch.npu.", "torch.xpu.", "torch.hub.", "torch._C.", "torch.distributions.",
    "torch.ao.", "torch.quantization.", "torch.export.", "torch.optim.", "torch.random.",
)  # fmt: skip
NOT_OP_NAMES = {
    "finfo", "iinfo", "no_grad", "enable_grad", "autocast", "set_grad_enabled", "is_tensor",
    "is_grad_enabled", "manual_seed", "device", "dtype", "Size", "Generator", "get_default_dtype",
    "is_floating_point", "is_complex", "is_autocast_enabled", "get_autocast_gpu_dtype",
    "inference_mode", "is_inference_mode_enabled", "set_default_dtype", "is_storage",
    "get_autocast_dtype", "compile", "Tensor", "FloatTensor", "LongTensor", "BoolTensor",
    "promote_types", "result_type", "can_cast", "is_nonzero", "numel", "typename", "set_printoptions",
    "get_device", "is_anomaly_enabled", "broadcast_shapes", "cdouble", "float32",
}  # fmt: skip
# containers and holders: no computation of their own
NOT_LAYERS = {"Parameter", "Buffer", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict",
              "Sequential", "Module", "UninitializedParameter", "UninitializedBuffer"}  # fmt: skip
# ops torch never rejects for a shape: element-wise ops of one tensor, casts, device moves,
# copies, queries and in-place fills by numbers. A modelling fact about torch (each checked by
# its definition: one tensor in, the same shape out or a number), used only for the "can
# reject" denominator: an op here needs no crash rule.
SHAPE_SAFE = {
    "to", "contiguous", "float", "double", "half", "bfloat16", "long", "int", "bool", "byte",
    "short", "char", "type_as", "detach", "detach_", "clone", "cpu", "cuda", "type", "requires_grad_",
    "numel", "dim", "ndimension", "tolist", "numpy", "data_ptr", "is_contiguous",
    "element_size", "get_device", "nelement", "is_floating_point", "exp", "exp_", "log", "log_",
    "sin", "cos", "tan", "sqrt", "sqrt_", "rsqrt", "abs", "abs_", "neg", "neg_", "sign", "sgn",
    "floor", "floor_", "ceil", "ceil_", "round", "round_", "trunc", "frac", "square", "reciprocal",
    "log1p", "log2", "log10", "exp2", "expm1", "erf", "erfc", "erfinv", "sigmoid", "sigmoid_",
    "tanh", "tanh_", "relu", "relu_", "gelu", "silu", "mish", "softplus", "elu", "selu", "celu",
    "leaky_relu", "hardswish", "hardsigmoid", "relu6", "logsigmoid", "softsign", "tanhshrink",
    "isnan", "isinf", "isfinite", "isneginf", "isposinf", "logical_not", "bitwise_not",
    "nan_to_num", "nan_to_num_", "zero_", "normal_", "uniform_", "random_", "bernoulli_",
    "exponential_", "zeros_like", "ones_like", "empty_like", "rand_like", "randn_like",
    "clamp_min", "clamp_max", "clamp_min_", "clamp_max_", "deg2rad", "rad2deg", "positive",
    "lgamma", "digamma", "sinc", "acos", "asin", "atan", "cosh", "sinh", "acosh", "asinh",
    "atanh", "arccos", "arcsin", "arctan", "signbit", "trunc_", "fix", "conj", "angle",
    "is_complex", "is_nonzero", "storage_offset", "stride", "record_stream", "pin_memory",
    "share_memory_", "retain_grad", "register_hook", "requires_grad", "backward_hook",
}  # fmt: skip
EINOPS = {"rearrange", "repeat", "reduce", "einsum", "pack", "unpack", "parse_shape", "asnumpy"}


# ---------------------------------------------------------------------- sources
def source_files() -> list[tuple[str, Path]]:
    """(corpus, path) of every file counted."""
    import transformers

    out = [
        ("hf", p) for p in sorted(Path(transformers.__file__).parent.glob("models/*/modeling_*.py"))
    ]
    if VENDOR.is_dir():
        for p in sorted(VENDOR.resolve().rglob("*.py")):
            rel = p.relative_to(VENDOR.resolve()).parts
            if any(r.endswith(".dist-info") or r in ("tests", "test", "__pycache__") for r in rel):
                continue
            try:
                text = p.read_text(errors="replace")
            except OSError:
                continue
            if "nn.Module" in text:
                out.append(("vendor", p))
    return out


def _aliases(tree: ast.Module) -> dict[str, str]:
    """Local name -> qualified module/function name, from the file's imports (any depth)."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname:
                    names[a.asname] = a.name
                else:
                    names[a.name.split(".")[0]] = a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:
                names[a.asname or a.name] = f"{node.module}.{a.name}"
    return names


def _dotted(node: ast.AST) -> list[str] | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


def _qual(node: ast.AST, names: dict[str, str]) -> str | None:
    parts = _dotted(node)
    if not parts or parts[0] not in names:
        return None
    q = ".".join([names[parts[0]], *parts[1:]])
    return q.replace("torch.nn.modules.", "torch.nn.").replace("torch.functional.", "torch.")


def classify(call: ast.Call, names: dict[str, str], methods: set[str]) -> str | None:
    """The op a call is: ``torch.cat``, ``F.pad``, ``Tensor.view``, ``nn.Linear``,
    ``einops.rearrange``; None for anything else."""
    q = _qual(call.func, names)
    if q is not None:
        if q.startswith("einops.") and q.rsplit(".", 1)[-1] in EINOPS:
            return "einops." + q.rsplit(".", 1)[-1]
        if q.startswith("torch.nn.functional."):
            return "F." + q.rsplit(".", 1)[-1]
        if q.startswith("torch.nn."):
            last = q.rsplit(".", 1)[-1]
            if last in NOT_LAYERS or not last[:1].isupper() or q.count(".") not in (2, 3):
                return None
            return f"nn.{last}"
        if q.startswith("torch.") and not q.startswith(NOT_OPS):
            last = q.rsplit(".", 1)[-1]
            if last in NOT_OP_NAMES or last[:1].isupper():
                return None
            return q
        if q.split(".")[0] in ("torch", "einops", "math", "numpy", "np", "F", "nn"):
            return None
    if isinstance(call.func, ast.Attribute):
        recv = call.func.value
        if isinstance(recv, ast.Name) and (recv.id in ("self", "cls", "super") or recv.id in names):
            return None  # a user method, or a module we did not resolve to torch
        if (
            isinstance(recv, ast.Call)
            and isinstance(recv.func, ast.Name)
            and recv.func.id == "super"
        ):
            return None
        if isinstance(recv, ast.Constant):
            return None  # ``"...".join``
        m = call.func.attr
        if m in methods and not m.startswith("_"):
            return "Tensor." + m
    return None


def count(files: list[tuple[str, Path]], methods: set[str]) -> tuple[Counter, dict]:
    occ: Counter = Counter()
    where: dict[str, set] = defaultdict(set)
    for _corpus, p in files:
        try:
            tree = ast.parse(p.read_text(errors="replace"))
        except (SyntaxError, ValueError):
            continue
        names = _aliases(tree)
        seen: set[int] = set()
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            init = fn.name in SKIP_FUNCS or "init_weights" in fn.name
            for node in ast.walk(fn):
                if not isinstance(node, ast.Call) or id(node) in seen:
                    continue
                seen.add(id(node))
                op = classify(node, names, methods)
                if op is None or (init and not op.startswith("nn.")):
                    continue
                occ[op] += 1
                where[op].add(str(p))
    return occ, where


# ---------------------------------------------------------------------- the pass's rules
def _strings(node: ast.AST) -> set[str]:
    return {
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _refs(node: ast.AST) -> set[str]:
    """Names and attribute names a node reads (a collection ``METHODS`` or ``mod.METHODS``)."""
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            out.add(n.attr)
    return out


def _catalogue_raises() -> dict[str, bool]:
    """Catalogue type name (and torch qualified name) -> whether its shape rule can raise
    ShapeError (its source or a function it reaches says ``raise ShapeError``)."""
    from driftcheck.graph import catalogue

    def reaches(fn, depth: int, seen: set) -> bool:
        if depth < 0 or id(fn) in seen or not callable(fn):
            return False
        seen.add(id(fn))
        try:
            src = inspect.getsource(fn)
        except (OSError, TypeError):
            return False
        if "raise ShapeError" in src or "raise DriftcheckError" in src:
            return True
        code = getattr(fn, "__code__", None)
        if code is None:
            return False
        nxt = [c.cell_contents for c in (fn.__closure__ or ()) if _cell_ok(c)]
        glb = getattr(fn, "__globals__", {})
        nxt += [glb[n] for n in code.co_names if n in glb]
        return any(
            reaches(g, depth - 1, seen)
            for g in nxt
            if callable(g) and getattr(g, "__module__", "").startswith("driftcheck")
        )

    out = {}
    for spec in catalogue.layers():
        r = reaches(spec.shape, 4, set()) or bool(spec.extra.get("bad"))
        out[spec.name] = r
        if spec.torch:
            out[spec.torch] = r
    return out


def _cell_ok(c) -> bool:
    try:
        c.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


class Rules:
    """What the forward pass's modules dispatch on, read from their source."""

    CRASH_CALLS = {"crash", "real_shape"}

    def __init__(self) -> None:
        self.cat = _catalogue_raises()
        self.funcs: dict[str, list[ast.AST]] = defaultdict(list)  # same names in two modules
        self.collections: dict[str, set[str]] = {}
        self.dict_values: dict[str, dict[str, list[str]]] = {}
        self.trees = []
        for p in sorted(FORWARD.glob("*.py")):
            tree = ast.parse(p.read_text())
            self.trees.append(tree)
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    self.funcs[node.name].append(node)
            for node in tree.body:
                target, value = None, None
                if isinstance(node, ast.Assign) and len(node.targets) == 1:
                    target, value = node.targets[0], node.value
                elif isinstance(node, ast.AnnAssign):
                    target, value = node.target, node.value
                if isinstance(target, ast.Name) and isinstance(
                    value, (ast.Set, ast.Dict, ast.Tuple, ast.List)
                ):
                    self.collections[target.id] = _strings(value)
                    if isinstance(value, ast.Dict):
                        self.dict_values[target.id] = {
                            k.value: sorted(_strings(v) | _refs(v))
                            for k, v in zip(value.keys, value.values, strict=True)
                            if isinstance(k, ast.Constant) and isinstance(k.value, str)
                        }
        self.raising = self._fixed_point()
        self.branches = self._branches()

    def _direct(self, node: ast.AST) -> bool:
        for n in ast.walk(node):
            if isinstance(n, ast.Raise) and "ShapeError" in ast.unparse(n):
                return True
            if isinstance(n, ast.Call):
                f = n.func
                name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
                if name in self.CRASH_CALLS:
                    return True
                if name == "add_op" and n.args and isinstance(n.args[0], ast.Constant):
                    if self.cat.get(n.args[0].value):
                        return True
        return False

    def _calls(self, node: ast.AST) -> set[str]:
        """Forward-module functions a node calls or names (``make = concrete.rearrange``)."""
        return {r for r in _refs(node) if r in self.funcs}

    def _fixed_point(self) -> set[str]:
        raising = {k for k, fns in self.funcs.items() if any(self._direct(fn) for fn in fns)}
        calls = {k: set().union(*(self._calls(fn) for fn in fns)) for k, fns in self.funcs.items()}
        changed = True
        while changed:
            changed = False
            for k, cs in calls.items():
                if k not in raising and cs & raising:
                    raising.add(k)
                    changed = True
        return raising

    def body_raises(self, body: list[ast.stmt]) -> bool:
        mod = ast.Module(body=body, type_ignores=[])
        return self._direct(mod) or bool(self._calls(mod) & self.raising)

    def _branches(self) -> list[tuple[set[str], bool]]:
        """(names an ``if`` test dispatches on, whether its body can crash) per ``if``."""
        out = []
        aliases: list[tuple[set[str], set[str]]] = []
        for tree in self.trees:
            for node in ast.walk(tree):
                if not isinstance(node, ast.If):
                    continue
                names = _strings(node.test)
                for r in _refs(node.test):
                    names |= self.collections.get(r, set())
                if not names:
                    continue
                raises = self.body_raises(node.body)
                renamed = self._renamed(node.body)
                if renamed:
                    aliases.append((names, renamed))
                for r in _refs(node.test):
                    for k, vals in self.dict_values.get(r, {}).items():
                        # ``if name in ACT: add_op(ACT[name])``: the dict's catalogue types
                        if any(self.cat.get(v) or v in self.raising for v in vals):
                            out.append(({k}, True))
                out.append((names, raises))
        # ``if name == "expand_as": name, args = "expand", ...``: the op goes on as the
        # renamed one, so it crashes where that one does
        for names, renamed in aliases:
            out.append((names, any(r for n2, r in out if n2 & renamed)))
        return out

    @staticmethod
    def _renamed(body: list[ast.stmt]) -> set[str]:
        """Names a branch gives the op it dispatches on (``name = "expand"``)."""
        got = set()
        for st in body:
            if not isinstance(st, ast.Assign):
                continue
            for tgt in st.targets:
                pairs = []
                if isinstance(tgt, ast.Name):
                    pairs = [(tgt, st.value)]
                elif isinstance(tgt, ast.Tuple) and isinstance(st.value, ast.Tuple):
                    pairs = list(zip(tgt.elts, st.value.elts, strict=False))
                for t, v in pairs:
                    if isinstance(t, ast.Name) and t.id == "name" and isinstance(v, ast.Constant):
                        got.add(v.value)
        return got

    @staticmethod
    def _matches(op: str, names: set[str]) -> bool:
        last = op.rsplit(".", 1)[-1]
        if last in names or (last.endswith("_") and last[:-1] in names):
            return True
        q = op.replace("F.", "torch.nn.functional.", 1).replace("Tensor.", "torch.Tensor.", 1)
        return any("." in n and (q.endswith("." + n) or q == n) for n in names)

    def verdict(self, op: str) -> tuple[bool, bool]:
        """(has a rule, the rule can give a crash verdict)."""
        if op.startswith("nn."):
            torch_name = "torch.nn." + op[3:]
            has = torch_name in self.cat
            raises = bool(self.cat.get(torch_name))
            if not raises:
                raises = any(r for names, r in self.branches if op[3:] in names)
            return has, raises
        hits = [r for names, r in self.branches if self._matches(op, names)]
        return bool(hits), any(hits)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--top", type=int, default=60, help="rows of the table")
    ap.add_argument("--missing", action="store_true", help="only ops without a raising rule")
    ap.add_argument("--json", help="write every op's row here")
    a = ap.parse_args(argv)
    import torch

    methods = {m for m in dir(torch.Tensor) if not m.startswith("_")}
    files = source_files()
    occ, where = count(files, methods)
    rules = Rules()
    rows = []
    for op, n in occ.most_common():
        has, raises = rules.verdict(op)
        rows.append({"op": op, "occurrences": n, "files": len(where[op]), "rule": has,
                     "raises": raises})  # fmt: skip
    total = sum(r["occurrences"] for r in rows)
    ruled = sum(r["occurrences"] for r in rows if r["rule"])
    raising = sum(r["occurrences"] for r in rows if r["raises"])
    for r in rows:
        r["safe"] = r["op"].rsplit(".", 1)[-1] in SHAPE_SAFE and not r["op"].startswith("nn.")
    rejectable = [r for r in rows if not r["safe"]]
    rej_total = sum(r["occurrences"] for r in rejectable)
    rej_raising = sum(r["occurrences"] for r in rejectable if r["raises"])
    shown = [r for r in rows if not (a.missing and (r["raises"] or r["safe"]))][: a.top]
    print(f"{'op':40s} {'occ':>7s} {'files':>6s} rule raises torch-can-reject")
    for r in shown:
        print(f"{r['op']:40s} {r['occurrences']:7d} {r['files']:6d} "
              f"{'yes' if r['rule'] else '-':4s} {'yes' if r['raises'] else '-':6s} "
              f"{'-' if r['safe'] else 'yes'}")  # fmt: skip
    n_hf = sum(1 for c, _ in files if c == "hf")
    print(f"\nfiles: {len(files)} ({n_hf} transformers modeling files, {len(files) - n_hf} vendor)")
    print(f"ops: {len(rows)} distinct, {total} occurrences")
    print(f"with a rule: {sum(r['rule'] for r in rows)} ops, weighted {100 * ruled / total:.1f}%")
    print(
        f"with a rule that can give a crash verdict: {sum(r['raises'] for r in rows)} ops, "
        f"weighted {100 * raising / total:.1f}%"
    )
    print(
        f"ops torch can reject for a shape (not SHAPE_SAFE): {len(rejectable)} ops, "
        f"{rej_total} occurrences; with a rule that can give a crash verdict: "
        f"{sum(r['raises'] for r in rejectable)} ops, weighted {100 * rej_raising / rej_total:.1f}%"
    )
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
