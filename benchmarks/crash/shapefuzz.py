"""Differential fuzzing of the forward-shape rules against torch, op by op.

A seeded generator writes small model files: one ``nn.Module`` whose forward applies 1 to 3 ops
drawn from the table ``OPS`` below (the most used ops of ``op_coverage.py``'s table: views,
concatenation, splitting, products, convolutions and pooling, norms, resampling, indexing,
broadcasting arithmetic, masks, softmax, embedding, einops, attention...). Each op draws its
arguments from a valid form or, with probability ``P_BAD``, from a form torch may reject (a size
off by one, a dim out of range, a rank the op does not take...): about half the programs crash.
A program stops after its first "bad" draw (what follows would not run anyway).

Truth is torch: each file is built (``Net()``, ``torch.manual_seed(0)``, eval mode) and called
once under ``no_grad`` on ``randn(INPUT)`` (``randint(0, 2)`` for token ids), in worker
processes with a memory and a time bound, as ``build_truth.py`` runs the corpus; a program whose
verdict changes under seed 1, or that cannot be built, is dropped. The crash is attributed to
the op whose forward line raised (the traceback's frame in the file). The static side is
``driftcheck check FILE::Net --input-shape INPUT --input-dtype ... --format json`` (int64 with
``--input-range 0:2`` for ids, float32 else; the CLI, as ``bench_crash.py``
runs it); a blocker is attributed to the op whose lines (``__init__`` and forward) it names.

Per op it prints: programs holding the op, torch crashes at the op, blockers at the op (true),
false blockers at the op (the program runs in torch: precision), misses (torch crashed at the op,
no blocker anywhere in the program), and ``unconfirmed`` (programs holding the op where the pass
said it could not follow the shape, SHP009). Deterministic given ``--seed``.

    python benchmarks/crash/shapefuzz.py --seed 0 --n 400 --jobs 2
    python benchmarks/crash/shapefuzz.py --seed 0 --ops view,conv2d --show fp
    python benchmarks/crash/shapefuzz.py --seed 0 --n 50 --no-static   # the generator and torch only

Files go to ``benchmarks/out/shapefuzz/seed<S>/`` (ignored by git).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
P_BAD = 0.25
HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"


@dataclass
class Step:
    """One op of a program: lines for ``__init__`` and forward, the nominal output shape (None:
    the generator does not follow it, the program ends here) and whether a bad form was drawn."""

    init: list[str] = field(default_factory=list)
    fwd: list[str] = field(default_factory=list)
    out: list[int] | None = None
    bad: bool = False


Shape = list[int]
OpGen = Callable[[random.Random, Shape, bool], Step | None]
OPS: dict[str, OpGen] = {}


def op(name: str) -> Callable[[OpGen], OpGen]:
    def deco(f: OpGen) -> OpGen:
        OPS[name] = f
        return f

    return deco


def _dim(r: random.Random, s: Shape, bad: bool) -> int:
    """A dim of ``s`` (negative half the time), or one just out of range when ``bad``."""
    n = len(s)
    if bad:
        return r.choice([n, -n - 1, n + 1])
    d = r.randrange(n)
    return d - n if r.random() < 0.5 else d


def _size(r: random.Random) -> int:
    return r.choice([2, 3, 4, 6, 8])


def _t(xs) -> str:
    return ", ".join(map(str, xs))


def _other(r: random.Random, v: int) -> int:
    """A size other than ``v`` (and not 1, so it never broadcasts)."""
    return r.choice([w for w in (2, 3, 4, 5, 6, 8, 12) if w != v])


# ---- views
def _factor_shape(r: random.Random, s: Shape) -> Shape:
    n = math.prod(s)
    forms = [[n], [-1, s[-1]], [s[0], -1]]
    if len(s) >= 2:
        forms.append([*s[:-2], s[-2] * s[-1]])
    if s[-1] % 2 == 0 and s[-1] > 2:
        forms.append([*s[:-1], 2, s[-1] // 2])
    return r.choice(forms)


def _resolve(t: Shape, s: Shape) -> Shape:
    n = math.prod(s)
    if -1 in t:
        rest = math.prod(v for v in t if v != -1)
        return [n // rest if v == -1 else v for v in t]
    return list(t)


def _view_like(method: str) -> OpGen:
    def gen(r: random.Random, s: Shape, bad: bool) -> Step:
        t = _factor_shape(r, s)
        if bad:
            kind = r.choice(["off", "two", "neg"])
            if kind == "two":
                t = [-1, -1, *t[1:]] if len(t) > 1 else [-1, -1]
            elif kind == "neg":
                t = [-1, s[-1] + 1] if math.prod(s) % (s[-1] + 1) else [-1, 5, 7]
            else:
                t = [v + 1 if i == 0 and v != -1 else v for i, v in enumerate(_resolve(t, s))]
            return Step(fwd=[f"x = x.{method}({_t(t)})"], bad=True)
        return Step(fwd=[f"x = x.{method}({_t(t)})"], out=_resolve(t, s))

    return gen


op("view")(_view_like("view"))
op("reshape")(_view_like("reshape"))


@op("flatten")
def _flatten(r, s, bad):
    n = len(s)
    if bad:
        if n >= 2 and r.random() < 0.5:
            return Step(fwd=[f"x = torch.flatten(x, {n - 1}, 0)"], bad=True)
        return Step(fwd=[f"x = x.flatten({r.randrange(n)}, {n})"], bad=True)
    a = r.randrange(n)
    b = r.randrange(a, n)
    out = [*s[:a], math.prod(s[a : b + 1]), *s[b + 1 :]]
    return Step(fwd=[f"x = torch.flatten(x, {a}, {b - n if r.random() < 0.5 else b})"], out=out)


@op("permute")
def _permute(r, s, bad):
    p = list(range(len(s)))
    r.shuffle(p)
    if bad:
        p = p[:-1] if len(p) > 2 and r.random() < 0.5 else [p[0], *p[:-1]]
        return Step(fwd=[f"x = x.permute({_t(p)})"], bad=True)
    return Step(fwd=[f"x = x.permute({_t(p)})"], out=[s[i] for i in p])


@op("transpose")
def _transpose(r, s, bad):
    a = _dim(r, s, False)
    b = _dim(r, s, bad)
    if bad:
        return Step(fwd=[f"x = x.transpose({a}, {b})"], bad=True)
    out = list(s)
    out[a], out[b] = out[b], out[a]
    return Step(fwd=[f"x = x.transpose({a}, {b})"], out=out)


@op("unsqueeze")
def _unsqueeze(r, s, bad):
    n = len(s)
    if bad:
        return Step(fwd=[f"x = x.unsqueeze({r.choice([n + 1, -n - 2])})"], bad=True)
    d = r.randrange(-n - 1, n + 1)
    out = list(s)
    out.insert(d if d >= 0 else n + 1 + d, 1)
    return Step(fwd=[f"x = x.unsqueeze({d})"], out=out)


@op("squeeze")
def _squeeze(r, s, bad):
    d = _dim(r, s, bad)
    if bad:
        return Step(fwd=[f"x = x.squeeze({d})"], bad=True)
    out = list(s)
    if out[d] == 1:
        del out[d]
    return Step(fwd=[f"x = x.squeeze({d})"], out=out)


@op("expand")
def _expand(r, s, bad):
    t = [3 if v == 1 and r.random() < 0.7 else v for v in s]
    if bad:
        i = r.randrange(len(s))
        if s[i] != 1:
            t[i] = s[i] + 1
        else:
            t = t[1:] if len(t) > 1 else [2, 2]  # fewer sizes than dims
        return Step(fwd=[f"x = x.expand({_t(t)})"], bad=True)
    # a kept size may be written -1; a new leading dim may be added
    args = [-1 if v == w and r.random() < 0.3 else v for v, w in zip(t, s, strict=True)]
    if r.random() < 0.3:
        t, args = [2, *t], [2, *args]
    return Step(fwd=[f"x = x.expand({_t(args)})"], out=list(t))


@op("repeat")
def _repeat(r, s, bad):
    reps = [r.choice([1, 1, 2]) for _ in s]
    if bad:
        return Step(fwd=[f"x = x.repeat({_t(reps[1:] or [])})"], bad=len(s) > 1)
    return Step(
        fwd=[f"x = x.repeat({_t(reps)})"], out=[a * b for a, b in zip(s, reps, strict=True)]
    )


# ---- joining and splitting
@op("cat")
def _cat(r, s, bad):
    d = _dim(r, s, False)
    y = list(s)
    y[d] = _size(r)
    if bad:
        if r.random() < 0.5 and len(s) >= 2:
            e = r.choice([i for i in range(len(s)) if i != d % len(s)])
            y[e] = _other(r, s[e])
        else:
            d = _dim(r, s, True)
    line = f"x = torch.cat([x, torch.randn({_t(y)})], dim={d})"
    if bad:
        return Step(fwd=[line], bad=True)
    out = list(s)
    out[d] += y[d]
    return Step(fwd=[line], out=out)


@op("stack")
def _stack(r, s, bad):
    y = list(s)
    if bad:
        i = r.randrange(len(s))
        y[i] = _other(r, s[i])
    d = r.randrange(-len(s) - 1, len(s) + 1)
    line = f"x = torch.stack([x, torch.randn({_t(y)})], dim={d})"
    if bad:
        return Step(fwd=[line], bad=True)
    out = list(s)
    out.insert(d if d >= 0 else len(s) + 1 + d, 2)
    return Step(fwd=[line], out=out)


@op("split")
def _split(r, s, bad):
    d = _dim(r, s, False)
    k = r.choice([1, 2, 3])
    pieces = -(-s[d] // k)
    i = r.randrange(pieces)
    if bad:
        if r.random() < 0.5:
            i = pieces + r.randrange(2)
        else:
            d = _dim(r, s, True)
        return Step(fwd=[f"x = x.split({k}, dim={d})[{i}]"], bad=True)
    out = list(s)
    out[d] = min(k, s[d] - i * k)
    return Step(fwd=[f"x = x.split({k}, dim={d})[{i}]"], out=out)


@op("split_sizes")
def _split_sizes(r, s, bad):
    d = _dim(r, s, False)
    n = s[d]
    a = r.randrange(0, n + 1)
    sizes = [a, n - a]
    if bad:
        sizes = [a, n - a + r.choice([1, -1 if n - a > 0 else 1])]
        return Step(fwd=[f"x, _ = torch.split(x, [{_t(sizes)}], dim={d})"], bad=True)
    out = list(s)
    out[d] = a
    return Step(fwd=[f"x, _ = torch.split(x, [{_t(sizes)}], dim={d})"], out=out)


@op("chunk")
def _chunk(r, s, bad):
    d = _dim(r, s, False)
    n = r.choice([2, 3, 4])
    size = -(-s[d] // n)
    real = -(-s[d] // size)
    i = r.randrange(real)
    if bad:
        i = real + r.randrange(n - real + 1)
        return Step(fwd=[f"x = x.chunk({n}, dim={d})[{i}]"], bad=True)
    out = list(s)
    out[d] = min(size, s[d] - i * size)
    return Step(fwd=[f"x = x.chunk({n}, dim={d})[{i}]"], out=out)


@op("unbind_index")
def _index(r, s, bad):
    i = r.randrange(s[0])
    if bad:
        i = s[0] + r.randrange(2) if r.random() < 0.7 else -s[0] - 1
        return Step(fwd=[f"x = x[{i}]"], bad=True)
    return Step(fwd=[f"x = x[{i}]"], out=s[1:]) if len(s) > 1 else None


@op("narrow")
def _narrow(r, s, bad):
    d = _dim(r, s, False)
    start = r.randrange(s[d])
    ln = r.randrange(1, s[d] - start + 1)
    if bad:
        ln = s[d] - start + 1
        return Step(fwd=[f"x = x.narrow({d}, {start}, {ln})"], bad=True)
    out = list(s)
    out[d] = ln
    return Step(fwd=[f"x = x.narrow({d}, {start}, {ln})"], out=out)


# ---- products
@op("matmul")
def _matmul(r, s, bad):
    k = _other(r, s[-1]) if bad else s[-1]
    m = _size(r)
    line = "x = torch.matmul(x, self.w{i})"
    init = [f"self.w{{i}} = nn.Parameter(torch.randn({k}, {m}))"]
    return Step(init=init, fwd=[line], bad=bad, out=None if bad else [*s[:-1], m])


@op("matmul_batched")
def _matmul_b(r, s, bad):
    if len(s) < 3:
        return None
    k = _other(r, s[-1]) if bad and r.random() < 0.5 else s[-1]
    b = list(s[:-2])
    if bad and k == s[-1]:
        i = r.randrange(len(b))
        b[i] = _other(r, b[i]) if b[i] != 1 else 2
    m = _size(r)
    return Step(
        fwd=[f"x = x @ torch.randn({_t([*b, k, m])})"], bad=bad, out=None if bad else [*s[:-1], m]
    )


@op("bmm")
def _bmm(r, s, bad):
    if len(s) != 3 and not bad:
        return None
    b, k = (s[0], s[-1]) if len(s) == 3 else (2, s[-1])
    if bad and len(s) == 3:
        if r.random() < 0.5:
            b = _other(r, b)
        else:
            k = _other(r, k)
    m = _size(r)
    line = f"x = torch.bmm(x, torch.randn({b}, {k}, {m}))"
    return Step(fwd=[line], bad=bad, out=None if bad else [s[0], s[1], m])


@op("einsum")
def _einsum(r, s, bad):
    letters = "abcdef"[: len(s)]
    lhs = letters
    k = s[-1]
    if bad:
        if r.random() < 0.5:
            k = _other(r, k)
        else:
            lhs = letters[:-1] if len(s) > 1 else "ab"
    eq = f"{lhs},{letters[-1]}z->{lhs[:-1]}z"
    m = _size(r)
    line = f'x = torch.einsum("{eq}", x, torch.randn({k}, {m}))'
    return Step(fwd=[line], bad=bad, out=None if bad else [*s[:-1], m])


@op("linear")
def _linear(r, s, bad):
    k = _other(r, s[-1]) if bad else s[-1]
    m = _size(r)
    return Step(
        init=[f"self.l{{i}} = nn.Linear({k}, {m})"],
        fwd=["x = self.l{i}(x)"],
        bad=bad,
        out=None if bad else [*s[:-1], m],
    )


@op("F.linear")
def _flinear(r, s, bad):
    k = _other(r, s[-1]) if bad else s[-1]
    m = _size(r)
    return Step(
        init=[f"self.w{{i}} = nn.Parameter(torch.randn({m}, {k}))"],
        fwd=["x = F.linear(x, self.w{i})"],
        bad=bad,
        out=None if bad else [*s[:-1], m],
    )


# ---- convolutions and pooling
def _conv(nd: int) -> OpGen:
    def gen(r: random.Random, s: Shape, bad: bool) -> Step | None:
        if len(s) not in (nd + 1, nd + 2):
            if not bad:
                return None
            c = s[1] if len(s) > 1 else 3
            return Step(
                init=[f"self.c{{i}} = nn.Conv{nd}d({c}, 4, 1)"], fwd=["x = self.c{i}(x)"], bad=True
            )
        c = s[-nd - 1]
        sp = s[-nd:]
        k = r.choice([1, 2, 3])
        p = r.choice([0, 0, 1])
        st = r.choice([1, 1, 2])
        if bad:
            if r.random() < 0.5:
                c = _other(r, c)
            else:
                k = min(sp) + 2 * p + 1
        o = _size(r)
        init = [f"self.c{{i}} = nn.Conv{nd}d({c}, {o}, {k}, stride={st}, padding={p})"]
        if not bad and any(v + 2 * p < k for v in sp):
            bad = True  # the nominal draw is already out of range: torch decides
        out = None if bad else [*s[: -nd - 1], o, *[(v + 2 * p - k) // st + 1 for v in sp]]
        return Step(init=init, fwd=["x = self.c{i}(x)"], bad=bad, out=out)

    return gen


op("conv1d")(_conv(1))
op("conv2d")(_conv(2))
op("conv3d")(_conv(3))


def _pool(nd: int, kind: str) -> OpGen:
    def gen(r: random.Random, s: Shape, bad: bool) -> Step | None:
        if len(s) not in (nd + 1, nd + 2):
            return None
        sp = s[-nd:]
        k = r.choice([1, 2, 3])
        p = r.choice([0, 0, 1]) if k >= 2 else 0
        st = r.choice([None, 1, 2])
        if bad:
            if r.random() < 0.5:
                p = k // 2 + 1
            else:
                k, p = min(sp) + 1, 0
        ss = k if st is None else st
        init = [f"self.p{{i}} = nn.{kind}Pool{nd}d({k}, stride={st}, padding={p})"]
        if not bad and any(v + 2 * p < k for v in sp):
            bad = True
        out = None if bad else [*s[:-nd], *[(v + 2 * p - k) // ss + 1 for v in sp]]
        return Step(init=init, fwd=["x = self.p{i}(x)"], bad=bad, out=out)

    return gen


op("maxpool1d")(_pool(1, "Max"))
op("maxpool2d")(_pool(2, "Max"))
op("avgpool2d")(_pool(2, "Avg"))
op("avgpool1d")(_pool(1, "Avg"))


@op("adaptive_avgpool2d")
def _adaptive(r, s, bad):
    o = r.choice([1, 2, 3])
    init = [f"self.p{{i}} = nn.AdaptiveAvgPool2d({o})"]
    if len(s) not in (3, 4):
        return Step(init=init, fwd=["x = self.p{i}(x)"], bad=True) if bad else None
    if bad:
        return None
    return Step(init=init, fwd=["x = self.p{i}(x)"], out=[*s[:-2], o, o])


# ---- norms
@op("layernorm")
def _layernorm(r, s, bad):
    n = r.choice([1, 1, 2]) if len(s) >= 2 else 1
    shape = list(s[-n:])
    if bad:
        i = r.randrange(n)
        shape[i] = _other(r, shape[i])
    arg = str(shape[0]) if n == 1 else f"[{_t(shape)}]"
    init = [f"self.n{{i}} = nn.LayerNorm({arg})"]
    return Step(init=init, fwd=["x = self.n{i}(x)"], bad=bad, out=None if bad else list(s))


@op("F.layer_norm")
def _flayernorm(r, s, bad):
    shape = [s[-1]] if not bad else [_other(r, s[-1])]
    line = f"x = F.layer_norm(x, ({shape[0]},))"
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("groupnorm")
def _groupnorm(r, s, bad):
    if len(s) < 2:
        return None
    c = s[1]
    gs = [g for g in (1, 2, 3, 4) if c % g == 0]
    g = r.choice(gs)
    if bad:
        if r.random() < 0.5:
            c = _other(r, c)
            gs = [g for g in (1, 2) if c % g == 0]
            g = r.choice(gs)
        else:
            bads = [g for g in (3, 4, 5) if c % g]
            if not bads:
                return None
            return Step(fwd=[f"x = F.group_norm(x, {r.choice(bads)})"], bad=True)
    init = [f"self.n{{i}} = nn.GroupNorm({g}, {c})"]
    return Step(init=init, fwd=["x = self.n{i}(x)"], bad=bad, out=None if bad else list(s))


@op("batchnorm")
def _batchnorm(r, s, bad):
    if len(s) < 2:
        return None
    kind = {2: "1d", 3: "1d", 4: "2d", 5: "3d"}.get(len(s))
    if kind is None:
        return None
    c = s[1]
    if bad:
        if r.random() < 0.5:
            c = _other(r, c)
        else:
            kind = r.choice([k for k in ("1d", "2d", "3d") if k != kind])
    init = [f"self.n{{i}} = nn.BatchNorm{kind}({c})"]
    return Step(init=init, fwd=["x = self.n{i}(x)"], bad=bad, out=None if bad else list(s))


# ---- resampling
@op("interpolate")
def _interpolate(r, s, bad):
    modes = {
        3: ["nearest", "linear"],
        4: ["nearest", "bilinear", "bicubic"],
        5: ["nearest", "trilinear"],
    }
    if len(s) not in modes:
        if not bad:
            return None
        return Step(fwd=['x = F.interpolate(x, scale_factor=2, mode="nearest")'], bad=True)
    nd = len(s) - 2
    mode = r.choice(modes[len(s)])
    if r.random() < 0.5:
        f = r.choice([2, 0.5])
        arg = f"scale_factor={f}"
        out = [*s[:2], *[int(math.floor(v * f)) for v in s[2:]]]
    else:
        size = [_size(r) for _ in range(nd)]
        arg = f"size=({_t(size)},)" if nd == 1 else f"size=({_t(size)})"
        out = [*s[:2], *size]
    if bad:
        kind = r.random()
        if kind < 0.4:
            mode = r.choice([m for ms in modes.values() for m in ms if m not in modes[len(s)]])
        elif kind < 0.7:
            arg = f"size=({_t([3] * (nd + 1))})"
        else:
            arg = "scale_factor=0.1"
    ac = ", align_corners=False" if mode not in ("nearest",) and r.random() < 0.5 else ""
    if not bad and any(v == 0 for v in out):
        bad = True
    line = f'x = F.interpolate(x, {arg}, mode="{mode}"{ac})'
    return Step(fwd=[line], bad=bad, out=None if bad else out)


@op("pixel_shuffle")
def _pixel_shuffle(r, s, bad):
    if len(s) < 3:
        return None
    c = s[-3]
    good = [f for f in (2, 3) if c % (f * f) == 0]
    if bad:
        bads = [f for f in (2, 3) if c % (f * f)]
        if not bads:
            return None
        return Step(fwd=[f"x = F.pixel_shuffle(x, {r.choice(bads)})"], bad=True)
    if not good:
        return None
    f = r.choice(good)
    out = [*s[:-3], c // (f * f), s[-2] * f, s[-1] * f]
    return Step(fwd=[f"x = F.pixel_shuffle(x, {f})"], out=out)


@op("F.unfold")
def _funfold(r, s, bad):
    if len(s) not in (3, 4):
        return Step(fwd=["x = F.unfold(x, 2)"], bad=True) if bad else None
    k = r.choice([1, 2, 3])
    if bad:
        k = min(s[-2:]) + 1
    if not bad and k > min(s[-2:]):
        bad = True
    if bad:
        return Step(fwd=[f"x = F.unfold(x, {k})"], bad=True)
    c = s[-3]
    L = (s[-2] - k + 1) * (s[-1] - k + 1)
    return Step(fwd=[f"x = F.unfold(x, {k})"], out=[*s[:-3], c * k * k, L])


@op("Tensor.unfold")
def _tunfold(r, s, bad):
    d = _dim(r, s, False)
    size = r.randrange(1, s[d] + 1)
    step = r.choice([1, 2])
    if bad:
        size = s[d] + 1
    out = list(s)
    out[d] = (s[d] - size) // step + 1
    out.append(size)
    line = f"x = x.unfold({d}, {size}, {step})"
    return Step(fwd=[line], bad=bad, out=None if bad else out)


# ---- indexing
@op("gather")
def _gather(r, s, bad):
    d = _dim(r, s, False)
    idx = [r.randrange(1, v + 1) for v in s]
    val = r.randrange(s[d])
    if bad:
        kind = r.random()
        if kind < 0.4:
            val = s[d] + r.randrange(2)
        elif kind < 0.7 and len(s) > 1:
            e = r.choice([i for i in range(len(s)) if i != d % len(s)])
            idx[e] = s[e] + 1
        else:
            idx = idx[1:] if len(idx) > 1 else [1, 1]
    line = f"x = x.gather({d}, torch.full(({_t(idx)},), {val}, dtype=torch.long))"
    return Step(fwd=[line], bad=bad, out=None if bad else idx)


@op("index_select")
def _index_select(r, s, bad):
    d = _dim(r, s, False)
    k = r.randrange(1, s[d] + 1)
    if bad:
        k = s[d] + 1
    line = f"x = x.index_select({d}, torch.arange({k}))"
    out = list(s)
    out[d] = k
    return Step(fwd=[line], bad=bad, out=None if bad else out)


@op("topk")
def _topk(r, s, bad):
    d = _dim(r, s, False)
    k = s[d] + 1 if bad else r.randrange(1, s[d] + 1)
    out = list(s)
    out[d] = k
    return Step(fwd=[f"x = x.topk({k}, dim={d}).values"], bad=bad, out=None if bad else out)


# ---- element-wise and reductions
def _broadcastable(r: random.Random, s: Shape) -> Shape:
    n = r.randrange(1, len(s) + 1)
    return [1 if r.random() < 0.3 else v for v in s[-n:]]


@op("add_broadcast")
def _add(r, s, bad):
    y = _broadcastable(r, s)
    if bad:
        i = r.randrange(len(y))
        y[i] = _other(r, s[len(s) - len(y) + i])
    return Step(fwd=[f"x = x + torch.randn({_t(y)})"], bad=bad, out=None if bad else list(s))


@op("mul_param")
def _mul(r, s, bad):
    c = _other(r, s[-1]) if bad else s[-1]
    init = [f"self.g{{i}} = nn.Parameter(torch.ones({c}))"]
    return Step(init=init, fwd=["x = x * self.g{i}"], bad=bad, out=None if bad else list(s))


@op("masked_fill")
def _masked_fill(r, s, bad):
    y = _broadcastable(r, s)
    if bad:
        i = r.randrange(len(y))
        y[i] = _other(r, s[len(s) - len(y) + i])
    line = f"x = x.masked_fill(torch.ones({_t(y)}, dtype=torch.bool), 0.0)"
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("where")
def _where(r, s, bad):
    y = _broadcastable(r, s)
    if bad:
        i = r.randrange(len(y))
        y[i] = _other(r, s[len(s) - len(y) + i])
    line = f"x = torch.where(x > 0, x, torch.zeros({_t(y)}))"
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("softmax")
def _softmax(r, s, bad):
    d = _dim(r, s, bad)
    line = r.choice(
        [f"x = F.softmax(x, dim={d})", f"x = x.softmax({d})", f"x = torch.softmax(x, {d})"]
    )
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("sum")
def _sum(r, s, bad):
    d = _dim(r, s, bad)
    keep = r.random() < 0.3
    out = list(s)
    if bad:
        pass
    elif keep:
        out[d] = 1
    else:
        del out[d]
    line = f"x = x.{r.choice(['sum', 'mean', 'amax'])}(dim={d}{', keepdim=True' if keep else ''})"
    if not out:
        return None
    return Step(fwd=[line], bad=bad, out=None if bad else out)


@op("cumsum")
def _cumsum(r, s, bad):
    d = _dim(r, s, bad)
    return Step(fwd=[f"x = torch.cumsum(x, dim={d})"], bad=bad, out=None if bad else list(s))


@op("normalize")
def _normalize(r, s, bad):
    d = _dim(r, s, bad)
    return Step(fwd=[f"x = F.normalize(x, dim={d})"], bad=bad, out=None if bad else list(s))


@op("repeat_interleave")
def _repeat_interleave(r, s, bad):
    d = _dim(r, s, bad)
    k = r.choice([2, 3])
    out = list(s)
    if not bad:
        out[d] *= k
    line = f"x = x.repeat_interleave({k}, dim={d})"
    return Step(fwd=[line], bad=bad, out=None if bad else out)


@op("F.pad")
def _pad(r, s, bad):
    n = r.randrange(1, len(s) + 1)
    pad = [r.choice([0, 1, 2]) for _ in range(2 * n)]
    if bad:
        kind = r.random()
        if kind < 0.4:
            pad = pad + [1]
        elif kind < 0.7:
            pad = [1] * (2 * len(s) + 2)
        else:
            pad[0] = -(s[-1] + 1)
    out = list(s)
    if not bad:
        for j in range(n):
            out[len(s) - 1 - j] += pad[2 * j] + pad[2 * j + 1]
    return Step(fwd=[f"x = F.pad(x, ({_t(pad)},))"], bad=bad, out=None if bad else out)


# ---- tokens, einops, attention
@op("embedding")
def _embedding(r, s, bad):
    return None  # only as the first op of a token program (see program())


@op("rearrange")
def _rearrange(r, s, bad):
    names = "abcdefg"[: len(s)]
    kind = r.choice(["merge", "split", "swap"])
    lhs = " ".join(names)
    if bad and r.random() < 0.4:
        lhs = " ".join(names[:-1]) if len(names) > 1 else "a b"
        return Step(fwd=[f'x = einops.rearrange(x, "{lhs} -> {lhs}")'], bad=True)
    if kind == "merge" and len(s) >= 2:
        rhs = " ".join(names[:-2]) + f" ({names[-2]} {names[-1]})"
        out = [*s[:-2], s[-2] * s[-1]]
        return Step(fwd=[f'x = einops.rearrange(x, "{lhs} -> {rhs.strip()}")'], bad=bad, out=None if bad else out) if not bad else Step(fwd=[f'x = einops.rearrange(x, "{lhs} -> {names[0]}")'], bad=len(s) > 1)  # fmt: skip
    if kind == "split":
        p = r.choice([2, 3])
        if not bad and s[-1] % p:
            p = 1
        if bad:
            p = next((q for q in (3, 5, 7) if s[-1] % q), None)
            if p is None:
                return None
        lhs2 = " ".join(names[:-1]) + f" ({names[-1]} p)"
        rhs = " ".join(names[:-1]) + f" p {names[-1]}"
        line = f'x = einops.rearrange(x, "{lhs2.strip()} -> {rhs.strip()}", p={p})'
        out = [*s[:-1], p, s[-1] // p]
        return Step(fwd=[line], bad=bad, out=None if bad else out)
    p = list(range(len(s)))
    r.shuffle(p)
    rhs = " ".join(names[i] for i in p)
    if bad:
        rhs = rhs + " z"
    line = f'x = einops.rearrange(x, "{lhs} -> {rhs}")'
    return Step(fwd=[line], bad=bad, out=None if bad else [s[i] for i in p])


@op("einops.repeat")
def _erepeat(r, s, bad):
    names = "abcdefg"[: len(s)]
    lhs = " ".join(names)
    if bad:
        lhs = " ".join(names[:-1]) if len(names) > 1 else "a b"
    line = f'x = einops.repeat(x, "{lhs} -> {lhs} r", r=2)'
    return Step(fwd=[line], bad=bad, out=None if bad else [*s, 2])


@op("sdpa")
def _sdpa(r, s, bad):
    if len(s) < 3:
        return None
    k = list(s)
    v = list(s)
    if bad:
        if r.random() < 0.5:
            k[-1] = _other(r, s[-1])
        else:
            v[-2] = _other(r, s[-2])
    line = f"x = F.scaled_dot_product_attention(x, torch.randn({_t(k)}), torch.randn({_t(v)}))"
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("mha")
def _mha(r, s, bad):
    if len(s) != 3:
        return None
    e = s[-1]
    hs = [h for h in (1, 2, 4) if e % h == 0]
    if bad:
        e = _other(r, e)
        hs = [h for h in (1, 2) if e % h == 0]
    init = [f"self.a{{i}} = nn.MultiheadAttention({e}, {r.choice(hs)}, batch_first=True)"]
    return Step(init=init, fwd=["x = self.a{i}(x, x, x)[0]"], bad=bad, out=None if bad else list(s))


# ---- edge forms: what torch accepts that a rule written from the common case may reject
# (and their near misses)
@op("cat_empty")
def _cat_empty(r, s, bad):
    # torch.cat skips a 1-D empty tensor whatever the other's rank (legacy); a 2-D empty one
    # must match the other sizes
    d = _dim(r, s, False)
    y = "torch.randn(0)" if not bad else f"torch.randn(0, {_other(r, 0)})"
    return Step(fwd=[f"x = torch.cat([x, {y}], dim={d})"], bad=bad, out=None if bad else list(s))


@op("matmul_vec")
def _matmul_vec(r, s, bad):
    k = _other(r, s[-1]) if bad else s[-1]
    return Step(fwd=[f"x = x @ torch.randn({k})"], bad=bad, out=None if bad else list(s[:-1]))


@op("vec_matmul")
def _vec_matmul(r, s, bad):
    if len(s) < 2:
        return None
    k = _other(r, s[-2]) if bad else s[-2]
    out = [*s[:-2], s[-1]]
    return Step(fwd=[f"x = torch.matmul(torch.randn({k}), x)"], bad=bad, out=None if bad else out)


@op("conv2d_func")
def _conv2d_func(r, s, bad):
    if len(s) not in (3, 4):
        return None
    c, h, w = s[-3:]
    g = r.choice([g for g in (1, 2) if c % g == 0])
    k = r.choice([1, 2, 3])
    dil = r.choice([1, 1, 2])
    pad = r.choice(["'same'", "'valid'", 0, 1])
    st = 1 if pad == "'same'" else r.choice([1, 2])
    o = g * r.choice([1, 2, 3])
    cin = c // g
    if bad:
        kind = r.random()
        if kind < 0.3 and pad == "'same'":
            st = 2
        elif kind < 0.6 and g > 1:
            o = g * 2 + 1
        else:
            cin = _other(r, cin)
    eff = dil * (k - 1) + 1
    p_ = {"'same'": None, "'valid'": 0}.get(pad, pad)
    if p_ is not None and min(h, w) + 2 * p_ < eff:
        bad = True
    init = [f"self.w{{i}} = nn.Parameter(torch.randn({o}, {cin}, {k}, {k}))"]
    line = f"x = F.conv2d(x, self.w{{i}}, stride={st}, padding={pad}, dilation={dil}, groups={g})"
    if bad:
        return Step(init=init, fwd=[line], bad=True)
    sp = [v if p_ is None else (v + 2 * p_ - eff) // st + 1 for v in (h, w)]
    return Step(init=init, fwd=[line], out=[*s[:-3], o, *sp])


@op("maxpool2d_ceil")
def _pool_ceil(r, s, bad):
    if len(s) not in (3, 4):
        return None
    k = r.choice([2, 3])
    st = r.choice([1, 2, 3])
    p = r.choice([0, 1]) if k >= 2 else 0
    dil = r.choice([1, 2])
    if bad:
        p = k // 2 + 1
    init = [
        f"self.p{{i}} = nn.MaxPool2d({k}, stride={st}, padding={p}, dilation={dil}, ceil_mode=True)"
    ]
    return Step(init=init, fwd=["x = self.p{i}(x)"], bad=True)  # the size: torch's to say


@op("movedim")
def _movedim(r, s, bad):
    a = _dim(r, s, False)
    b = _dim(r, s, bad)
    if bad:
        return Step(fwd=[f"x = torch.movedim(x, {a}, {b})"], bad=True)
    out = list(s)
    v = out.pop(a)
    out.insert(b if b >= 0 else len(s) + b, v)
    return Step(fwd=[f"x = torch.movedim(x, {a}, {b})"], out=out)


@op("unflatten")
def _unflatten(r, s, bad):
    d = _dim(r, s, False)
    n = s[d]
    fs = [f for f in (1, 2, 3, 4) if n % f == 0]
    f = r.choice(fs)
    sizes = [f, -1] if r.random() < 0.5 else [f, n // f]
    if bad:
        sizes = [f, n // f + 1]
    out = list(s)
    out[d : d + 1 if d != -1 else None] = [f, n // f]
    if d < 0 and d != -1:
        out = list(s)
        i = len(s) + d
        out[i : i + 1] = [f, n // f]
    return Step(fwd=[f"x = x.unflatten({d}, ({_t(sizes)}))"], bad=bad, out=None if bad else out)


@op("select")
def _select(r, s, bad):
    if len(s) < 2:
        return None
    d = _dim(r, s, False)
    i = r.randrange(-s[d], s[d])
    if bad:
        i = s[d] if r.random() < 0.5 else -s[d] - 1
    out = list(s)
    del out[d]
    return Step(fwd=[f"x = x.select({d}, {i})"], bad=bad, out=None if bad else out)


@op("ellipsis_index")
def _ellipsis_index(r, s, bad):
    if len(s) < 2:
        return None
    i = r.randrange(-s[-1], s[-1])
    if bad:
        i = s[-1]
    return Step(fwd=[f"x = x[..., {i}]"], bad=bad, out=None if bad else list(s[:-1]))


@op("sdpa_edge")
def _sdpa_edge(r, s, bad):
    if len(s) < 3:
        return None
    q = list(s)
    kv_len = r.choice([q[-2], q[-2] + 2, 1])
    k = [*q[:-2], kv_len, q[-1]]
    v = [*q[:-2], kv_len, r.choice([q[-1], 3])]
    extra = r.choice(["", ", is_causal=True", ", dropout_p=0.0", ", scale=0.5"])
    gqa = len(s) >= 3 and q[-3] % 2 == 0 and r.random() < 0.3
    if gqa:
        k[-3] = v[-3] = q[-3] // 2
        extra += ", enable_gqa=True"
    if bad:
        kind = r.random()
        if kind < 0.4:
            k[-1] = _other(r, q[-1])
        elif kind < 0.7 and len(s) >= 4:
            k[0] = v[0] = _other(r, q[0])
        else:
            mask = [q[-2] + 1, kv_len]
            extra += f", attn_mask=torch.ones({_t(mask)}, dtype=torch.bool)"
    line = (
        f"x = F.scaled_dot_product_attention(x, torch.randn({_t(k)}), torch.randn({_t(v)}){extra})"
    )
    return Step(fwd=[line], bad=bad, out=None if bad else [*q[:-1], v[-1]])


@op("mha_edge")
def _mha_edge(r, s, bad):
    if len(s) not in (2, 3):
        return None
    e = s[-1]
    hs = [h for h in (1, 2, 4) if e % h == 0]
    kd = r.choice([e, 3, 5])
    kv = (
        f"torch.randn({_t([*s[:-2], s[-2] + 1, kd])})"
        if len(s) == 3
        else f"torch.randn({s[-2] + 1}, {kd})"
    )
    if bad:
        kd = _other(r, kd)
    init = [
        f"self.a{{i}} = nn.MultiheadAttention({e}, {r.choice(hs)}, kdim={kd}, vdim={kd}, batch_first=True)"
    ]
    return Step(
        init=init, fwd=[f"x = self.a{{i}}(x, {kv}, {kv})[0]"], bad=bad, out=None if bad else list(s)
    )


@op("einsum_ellipsis")
def _einsum_ellipsis(r, s, bad):
    k = _other(r, s[-1]) if bad else s[-1]
    m = _size(r)
    eq = r.choice(["...i,ij->...j", "...i,ji->...j"])
    w = (
        f"torch.randn({k}, {m})"
        if eq.endswith("ij->...j") and "...i,ij" in eq
        else f"torch.randn({m}, {k})"
    )
    line = f'x = torch.einsum("{eq}", x, {w})'
    return Step(fwd=[line], bad=bad, out=None if bad else [*s[:-1], m])


@op("pad_modes")
def _pad_modes(r, s, bad):
    mode = r.choice(["reflect", "replicate", "circular"])
    n = r.choice([1, 2])
    if len(s) not in (n + 1, n + 2):
        return None
    pads = [r.randrange(0, min(s[len(s) - 1 - j // 2], 3)) for j in range(2 * n)]
    if bad:
        j = r.randrange(2 * n)
        pads[j] = s[len(s) - 1 - j // 2] + (1 if mode != "reflect" else 0)
    out = list(s)
    if not bad:
        for j in range(n):
            out[len(s) - 1 - j] += pads[2 * j] + pads[2 * j + 1]
    line = f'x = F.pad(x, ({_t(pads)},), mode="{mode}")'
    return Step(fwd=[line], bad=bad, out=None if bad else out)


@op("expand_new")
def _expand_new(r, s, bad):
    lead = r.choice([2, 3])
    args = [lead, *([-1] * len(s))]
    if bad:
        args = [-1, *args[1:]]
    return Step(fwd=[f"x = x.expand({_t(args)})"], bad=bad, out=None if bad else [lead, *s])


@op("squeeze_multi")
def _squeeze_multi(r, s, bad):
    if len(s) < 2:
        return None
    ds = sorted(r.sample(range(len(s)), 2))
    if bad:
        ds = [ds[0], len(s)]
    out = [v for i, v in enumerate(s) if not (i in ds and v == 1)]
    return Step(fwd=[f"x = x.squeeze(({_t(ds)}))"], bad=bad, out=None if bad or not out else out)


@op("masked_fill_big")
def _masked_fill_big(r, s, bad):
    # a mask of more dims than x: out of place, torch broadcasts both
    m = [2, *s] if not bad else [2, *s[:-1], _other(r, s[-1])]
    line = f"x = x.masked_fill(torch.ones({_t(m)}, dtype=torch.bool), 0.0)"
    return Step(fwd=[line], bad=bad, out=None if bad else m)


@op("topk_zero")
def _topk_zero(r, s, bad):
    k = 0 if not bad else -1
    out = list(s)
    out[-1] = 0
    return Step(fwd=[f"x = x.topk({k}).values"], bad=bad, out=None)


@op("view_after_transpose")
def _view_t(r, s, bad):
    if len(s) < 3:
        return None
    # merging the two last dims after swapping the two first keeps a view possible; after
    # swapping the last two it does not (torch's stride rule)
    if bad:
        line = f"x = x.transpose(-1, -2).view({_t([*s[:-2], -1])})"
        return Step(fwd=[line], bad=s[-1] != 1 and s[-2] != 1)
    line = f"x = x.transpose(0, 1).view({_t([s[1], s[0], *s[2:-2], -1])})"
    return Step(fwd=[line], out=[s[1], s[0], *s[2:-2], s[-2] * s[-1]])


# ---- more edge forms (clean ones a rule may reject by mistake, and their near misses)
@op("slice_clamped")
def _slice(r, s, bad):
    # a slice past the end clamps (clean); a step of 0 or below raises
    d = r.randrange(len(s))
    a = r.choice([0, 1, s[d], s[d] + 3, -1, -s[d] - 2])
    b = r.choice(["", str(s[d] + 5), "-1", "1", str(-s[d] - 4)])
    st = r.choice(["", ":2", ":3"]) if not bad else r.choice([":0", ":-1"])
    key = ", ".join([":"] * d + [f"{a}:{b}{st}"])
    n = s[d]
    if bad:
        return Step(fwd=[f"x = x[{key}]"], bad=True)
    lo = max(min(a if a >= 0 else n + a, n), 0)
    hi = n if b == "" else max(min(int(b) if int(b) >= 0 else n + int(b), n), 0)
    step = int(st[1:]) if st else 1
    out = list(s)
    out[d] = max(0, -(-(hi - lo) // step))
    return Step(fwd=[f"x = x[{key}]"], out=out)


@op("F.linear_vec")
def _flinear_vec(r, s, bad):
    # a 1-D weight: x @ w, the last axis dropped
    k = _other(r, s[-1]) if bad else s[-1]
    init = [f"self.w{{i}} = nn.Parameter(torch.randn({k}))"]
    out = list(s[:-1]) or None
    return Step(init=init, fwd=["x = F.linear(x, self.w{i})"], bad=bad, out=None if bad else out)


@op("linear_bias_bcast")
def _linear_bias(r, s, bad):
    m = _size(r)
    b = m if not bad else _other(r, m)
    init = [
        f"self.w{{i}} = nn.Parameter(torch.randn({m}, {s[-1]}))",
        f"self.b{{i}} = nn.Parameter(torch.randn({r.choice(['1', str(b)]) if not bad else b}))",
    ]
    line = "x = F.linear(x, self.w{i}, self.b{i})"
    return Step(init=init, fwd=[line], bad=bad, out=None if bad else [*s[:-1], m])


@op("nn.Flatten")
def _nnflatten(r, s, bad):
    a = r.choice([0, 1, -2]) if len(s) >= 2 else 0
    if bad:
        a = len(s)
    init = [f"self.f{{i}} = nn.Flatten({a})"]
    if bad:
        return Step(init=init, fwd=["x = self.f{i}(x)"], bad=True)
    a = a % len(s)
    return Step(init=init, fwd=["x = self.f{i}(x)"], out=[*s[:a], math.prod(s[a:])])


@op("nn.Unflatten")
def _nnunflatten(r, s, bad):
    d = r.randrange(len(s))
    n = s[d]
    f = r.choice([f for f in (1, 2, 3, 4) if n % f == 0])
    sizes = (f, n // f) if not bad else (f, n // f + 1)
    init = [f"self.u{{i}} = nn.Unflatten({d}, {sizes})"]
    out = [*s[:d], f, n // f, *s[d + 1 :]]
    return Step(init=init, fwd=["x = self.u{i}(x)"], bad=bad, out=None if bad else out)


@op("tril")
def _tril(r, s, bad):
    fn = r.choice(["tril", "triu"])
    if len(s) < 2:
        return Step(fwd=[f"x = torch.{fn}(x)"], bad=True)
    if bad:
        return Step(fwd=[f"x = torch.{fn}(x.sum(dim=tuple(range(x.dim() - 1))))"], bad=True)
    return Step(fwd=[f"x = torch.{fn}(x, diagonal={r.choice([-1, 0, 1, 9])})"], out=list(s))


@op("roll_flip")
def _roll_flip(r, s, bad):
    d = _dim(r, s, bad)
    line = r.choice(
        [f"x = torch.roll(x, {r.choice([1, -3, 20])}, dims={d})", f"x = torch.flip(x, dims=({d},))"]
    )
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("cosine_similarity")
def _cos(r, s, bad):
    y = _broadcastable(r, s)
    if bad:
        i = r.randrange(len(y))
        y[i] = _other(r, s[len(s) - len(y) + i])
    d = -1
    out = list(s[:-1])
    line = f"x = F.cosine_similarity(x, torch.randn({_t(y)}), dim={d})"
    return Step(fwd=[line], bad=bad, out=None if bad or not out else out)


@op("argmax_keep")
def _argmax(r, s, bad):
    d = _dim(r, s, bad)
    keep = r.random() < 0.5
    out = list(s)
    if not bad:
        if keep:
            out[d] = 1
        else:
            del out[d]
    line = f"x = x.argmax(dim={d}, keepdim={keep}).float()"
    return Step(fwd=[line], bad=bad, out=None if bad or not out else out)


@op("max_dim")
def _max_dim(r, s, bad):
    d = _dim(r, s, bad)
    out = list(s)
    if not bad:
        del out[d]
    line = r.choice(
        [f"x = x.max(dim={d})[0]", f"x, _ = torch.max(x, {d})", f"x = x.max({d}).values"]
    )
    return Step(fwd=[line], bad=bad, out=None if bad or not out else out)


@op("sort")
def _sort(r, s, bad):
    d = _dim(r, s, bad)
    line = r.choice([f"x, _ = x.sort(dim={d})", f"x = torch.sort(x, {d}, descending=True).values"])
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("broadcast_to")
def _broadcast_to(r, s, bad):
    t = [3 if v == 1 else v for v in s]
    if r.random() < 0.4:
        t = [2, *t]
    if bad:
        i = r.randrange(len(s))
        t[len(t) - len(s) + i] = s[i] + 1 if s[i] != 1 else t[len(t) - len(s) + i]
        if s[i] == 1:
            t = t[1:]
            if len(t) >= len(s):
                return None
    line = f"x = torch.broadcast_to(x, ({_t(t)},))"
    return Step(fwd=[line], bad=bad, out=None if bad else t)


@op("new_zeros_like")
def _new_zeros(r, s, bad):
    t = [_size(r) for _ in range(r.choice([1, 2]))]
    y = "x.new_zeros(" + _t(t) + ")" if r.random() < 0.5 else f"torch.zeros_like(x[..., :{t[-1]}])"
    if y.startswith("torch.zeros_like"):
        out = [*s[:-1], min(t[-1], s[-1])]
        return Step(fwd=[f"x = x[..., :{t[-1]}] + {y}"], out=out)
    if bad:
        return Step(fwd=[f"x = x + {y}"], bad=_broadcast_py(s, t) is None)
    return Step(fwd=[f"x = {y}"], out=t)


def _broadcast_py(a, b):
    n = max(len(a), len(b))
    a, b = [1] * (n - len(a)) + list(a), [1] * (n - len(b)) + list(b)
    out = []
    for u, v in zip(a, b, strict=True):
        if u != v and 1 not in (u, v):
            return None
        out.append(max(u, v))
    return out


@op("pixel_unshuffle")
def _pixel_unshuffle(r, s, bad):
    if len(s) < 3:
        return None
    f = r.choice([2, 3])
    ok = s[-1] % f == 0 and s[-2] % f == 0
    if ok == bad:
        return None
    out = [*s[:-3], s[-3] * f * f, s[-2] // f, s[-1] // f]
    return Step(fwd=[f"x = F.pixel_unshuffle(x, {f})"], bad=bad, out=None if bad else out)


@op("F.unfold_args")
def _funfold_args(r, s, bad):
    if len(s) != 4:
        return None
    k = r.choice([1, 2, 3])
    st = r.choice([1, 2])
    p = r.choice([0, 1])
    d = r.choice([1, 2])
    eff = d * (k - 1) + 1
    hs = [(v + 2 * p - eff) // st + 1 for v in s[-2:]]
    line = f"x = F.unfold(x, {k}, dilation={d}, padding={p}, stride={st})"
    if bad or min(hs) < 1:
        return Step(fwd=[line], bad=True)
    return Step(fwd=[line], out=[s[0], s[1] * k * k, hs[0] * hs[1]])


@op("one_hot")
def _one_hot(r, s, bad):
    n = r.choice([2, 3, 5])
    if bad:
        return Step(fwd=["x = F.one_hot(x.argmax(-1), 1).float()"], bad=True)  # class 1 of 1
    return Step(fwd=[f"x = F.one_hot((x > 0).long(), {n}).float()"], out=[*s, n])


@op("tensor_split")
def _tensor_split(r, s, bad):
    d = _dim(r, s, False)
    n = r.choice([2, 3, 5])
    real = n
    i = r.randrange(real)
    if bad:
        i = n
    base, extra = divmod(s[d], n)
    out = list(s)
    out[d] = base + (1 if i < extra else 0)
    line = f"x = torch.tensor_split(x, {n}, dim={d})[{i}]"
    return Step(fwd=[line], bad=bad, out=None if bad or out[d] == 0 else out)


@op("layernorm_noaffine")
def _ln_noaffine(r, s, bad):
    n = r.choice([1, 2]) if len(s) >= 2 else 1
    shape = list(s[-n:])
    if bad:
        shape[0] = _other(r, shape[0])
    kw = r.choice(["elementwise_affine=False", "bias=False", "eps=1e-6"])
    init = [f"self.n{{i}} = nn.LayerNorm(({_t(shape)},), {kw})"]
    return Step(init=init, fwd=["x = self.n{i}(x)"], bad=bad, out=None if bad else list(s))


@op("interp_tuple")
def _interp_tuple(r, s, bad):
    if len(s) != 4:
        return None
    f = (r.choice([1, 2, 1.5]), r.choice([1, 2, 0.5]))
    if bad:
        f = (2, 2, 2)
    out = [*s[:2], *[int(math.floor(v * g)) for v, g in zip(s[2:], f)]]
    mode = r.choice(["nearest", "bilinear", "area", "bicubic"])
    line = f'x = F.interpolate(x, scale_factor={f}, mode="{mode}")'
    if not bad and min(out) < 1 and mode != "area":
        bad = True
    return Step(fwd=[line], bad=bad, out=None if bad or min(out) < 1 else out)


# ---- session 21 (crashfix21b): arguments of the wrong kind, bool subtraction, slice writes
_TUPLE_OK = ("sum", "mean", "amax", "amin", "logsumexp")
_TUPLE_BAD = ("max", "argmax", "softmax", "cumsum", "prod", "median")


@op("reduce_tuple_dim")
def _reduce_tuple_dim(r, s, bad):
    if len(s) < 2:
        return None
    a, b = sorted(r.sample(range(len(s)), 2))
    dims = r.choice([f"({a}, {b})", f"[{a}, {b}]", f"({b},)"])
    if bad:
        m = r.choice(_TUPLE_BAD)
        line = r.choice([f"x = x.{m}(dim={dims})", f"x = torch.{m}(x, {dims})"])
        return Step(fwd=[line], bad=True)
    m = r.choice(_TUPLE_OK)
    gone = {b} if dims.startswith(f"({b},") else {a, b}
    out = [v for j, v in enumerate(s) if j not in gone]
    return Step(fwd=[f"x = x.{m}(dim={dims})"], out=out or None)


@op("torch_fn_number")
def _torch_fn_number(r, s, bad):
    fn = r.choice(["log", "sqrt", "exp", "tanh", "rsqrt"])
    v = r.choice(["10000.0", "4", "x.shape[-1]", "2.0"])
    arg = v if bad else f"torch.tensor({v}, dtype=torch.float32)"
    return Step(fwd=[f"x = x * torch.{fn}({arg})"], bad=bad, out=None if bad else list(s))


@op("clamp_bounds")
def _clamp_bounds(r, s, bad):
    if bad:
        line = r.choice(["x = x.clamp()", "x = torch.clamp(x, min=None, max=None)",
                         "x = torch.clip(x, None)"])  # fmt: skip
    else:
        line = r.choice(["x = x.clamp(min=-1.0)", "x = torch.clamp(x, None, 1.0)",
                         "x = torch.clip(x, max=0.5)"])  # fmt: skip
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("cat_seq")
def _cat_seq(r, s, bad):
    if bad:
        line = r.choice(["x = torch.cat(x, x, -1)", "x = torch.stack(x, x)", "x = torch.cat(x)"])
        return Step(fwd=[line], bad=True)
    if r.random() < 0.5:
        return Step(fwd=["x = torch.cat((x, x), -1)"], out=[*s[:-1], 2 * s[-1]])
    return Step(fwd=["x = torch.stack([x, x])"], out=[2, *s])


@op("size_nested")
def _size_nested(r, s, bad):
    if len(s) < 2:
        return None
    last = r.choice([f"({s[-1]},)", f"[{s[-1]}]", "x.shape[-1:]"]) if bad else str(s[-1])
    line = f"x = x.{r.choice(['reshape', 'view'])}({s[0]}, -1, {last})"
    out = [s[0], math.prod(s[1:-1]), s[-1]]
    return Step(fwd=[line], bad=bad, out=None if bad else out)


@op("bool_sub")
def _bool_sub(r, s, bad):
    if bad:
        expr = r.choice(["x + (1 - m) * -1e4", "x - m", "x * -m", "m - x"])
    else:
        expr = r.choice(["x + (1 - m.float()) * -1e4", "x + (~m) * 1.0", "x + m",
                         "x * m.long()"])  # fmt: skip
    return Step(fwd=["m = x > 0", f"x = {expr}"], bad=bad, out=None if bad else list(s))


@op("slice_assign")
def _slice_assign(r, s, bad):
    d = r.randrange(len(s))
    extra = r.choice([1, 2, 3])
    big = list(s)
    big[d] += extra
    a = r.randrange(extra + 1)
    n = s[d]
    if bad:
        n = r.choice([n + 1, n - 1, n + extra + 1]) if n > 1 else n + 1
    key = ", ".join([":"] * d + [f"{a}:{a + n}"])
    lead = r.choice(["", "[None]"])
    fwd = [f"buf = x.new_zeros({_t(big)})", f"buf[{key}] = x{lead}", "x = buf"]
    hit = len(range(*slice(a, a + n).indices(big[d])))
    really_bad = hit != s[d] and s[d] != 1
    return Step(fwd=fwd, bad=really_bad, out=None if really_bad else big)


@op("zip_strict")
def _zip_strict(r, s, bad):
    n = r.choice([1, 3]) if bad else 2
    ws = ", ".join(str(0.5 * (k + 1)) for k in range(n))
    line = f"x = torch.stack([y * w for y, w in zip([x, x], [{ws}], strict=True)]).sum(0)"
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("vmap_sizes")
def _vmap_sizes(r, s, bad):
    if s[0] == 1 and bad:
        return None
    k = r.choice([v for v in (1, s[0] - 1, s[0] + 1) if v != s[0] and v >= 1]) if bad else s[0]
    line = f"x = torch.func.vmap(lambda a, b: a * b)(x, x.flip(0)[:{k}])"
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("float_arg")
def _float_arg(r, s, bad):
    """A size made by true division (a float, even when whole) where torch takes an int."""
    div = "/" if bad else "//"
    forms = ["view", "zeros"]
    if len(s) >= 3:
        forms += ["pad", "avgpool1d"]
    form = r.choice(forms)
    if form == "view":
        return Step(fwd=[f"x = x.view(*x.shape[:-1], x.shape[-1] {div} 1)"], bad=bad, out=list(s))
    if form == "zeros":
        return Step(fwd=[f"x = x + torch.zeros(x.shape[-1] {div} 1)"], bad=bad, out=list(s))
    if form == "pad":
        p = r.choice([1, 2])
        out = [*s[:-1], s[-1] + p]
        return Step(fwd=[f"x = F.pad(x, ({2 * p} {div} 2, 0))"], bad=bad, out=out)
    k = r.choice([1, 2])
    init = [f"self.p{{i}} = nn.AvgPool1d({2 * k} {div} 2)"]
    if s[-1] < k:
        return None
    out = [*s[:-1], s[-1] // k]
    if len(s) > 3:
        return None
    return Step(init=init, fwd=["x = self.p{i}(x)"], bad=bad, out=out)


@op("transpose_view")
def _transpose_view(r, s, bad):
    """A Linear, a transpose of two dims, then the last two dims merged by ``view`` (torch's
    stride rule decides) or by ``reshape`` / ``contiguous().view`` (always fine)."""
    if len(s) < 3:
        return None
    n = len(s)
    a, b = r.sample(range(n), 2)
    t = list(s)
    t[a], t[b] = t[b], t[a]
    how = "view" if bad else r.choice(["reshape", "contiguous().view", "view"])
    init = [f"self.l{{i}} = nn.Linear({s[-1]}, {s[-1]})"]
    line = f"x = self.l{{i}}(x).transpose({a}, {b}).{how}({_t([*t[:-2], t[-2] * t[-1]])})"
    return Step(init=init, fwd=[line], bad=how == "view", out=[*t[:-2], t[-2] * t[-1]])


@op("modulelist_index")
def _modulelist_index(r, s, bad):
    n = r.choice([1, 2, 3])
    k = r.choice([n, -n - 1]) if bad else r.choice(range(-n, n))
    init = [f"self.m{{i}} = nn.ModuleList([nn.Identity() for _ in range({n})])"]
    return Step(init=init, fwd=[f"x = self.m{{i}}[{k}](x)"], bad=bad, out=None if bad else list(s))


# ---- session 21 (crashfix21c): list stores, layers as tensors, dtype families, fp16 fills
@op("list_store_view")
def _list_store_view(r, s, bad):
    divs = [a for a in range(2, s[-1] + 1) if s[-1] % a == 0]
    if not divs:
        return None
    a = r.choice(divs)
    if bad:
        store = r.choice([f"sh[-1] = {s[-1] + 1}", f"sh[-1:] = [{a}, {s[-1] // a + 1}]"])
    else:
        store = r.choice([f"sh[-1:] = [{a}, -1]", f"sh[-1] = {a}\n        sh.append(-1)"])
    fwd = ["sh = list(x.shape)", *store.split("\n        "), "x = x.reshape(sh)"]
    return Step(fwd=fwd, bad=bad, out=None if bad else [*s[:-1], a, s[-1] // a])


@op("module_arg")
def _module_arg(r, s, bad):
    init = [f"self.l{{i}} = nn.Linear({s[-1]}, {s[-1]})"]
    if bad:
        line = r.choice(["x = x @ self.l{i}", "x = F.linear(x, self.l{i})",
                         "x = torch.matmul(x, self.l{i})", "x = self.l{i} * x"])  # fmt: skip
    else:
        line = r.choice(["x = x @ self.l{i}.weight", "x = F.linear(x, self.l{i}.weight)",
                         "x = self.l{i}(x) * x"])  # fmt: skip
    return Step(init=init, fwd=[line], bad=bad, out=None if bad else list(s))


@op("scatter_src")
def _scatter_src(r, s, bad):
    if len(s) < 2 or math.prod(s[1:]) < 2:
        return None
    idx = f"idx = (x.flatten(1)[:, :2].abs() * 3).long().clamp(max={s[-1] - 1})"
    if bad:
        src = r.choice(["torch.ones_like(idx)", "idx > 0", "idx"])
    else:
        src = r.choice(["torch.ones_like(idx, dtype=torch.float)", "(idx > 0).float()", "1.0"])
    fn = r.choice(
        ["z.scatter(1, idx, {})", "z.scatter_add(1, idx, {})", "torch.scatter(z, 1, idx, {})"]
    )
    if src == "1.0" and "add" in fn:
        fn = "z.scatter(1, idx, {})"
    fwd = [idx, f"z = torch.zeros({s[0]}, {s[-1]})", f"x = x * {fn.format(src)}.sum()"]
    return Step(fwd=fwd, bad=bad, out=None if bad else list(s))


@op("fill_half")
def _fill_half(r, s, bad):
    v = r.choice(["-1e5", "-1e9", "70000"]) if bad else r.choice(["-1e4", "-6e4", "float('-inf')"])
    expr = r.choice(
        [
            f"x.half().masked_fill(x > 0, {v})",
            f"x.half().fill_({v})",
            f"torch.zeros({_t(s)}, dtype=torch.float16).masked_fill(x > 0, {v})",
        ]
    )
    return Step(fwd=[f"x = x + {expr}.float()"], bad=bad, out=None if bad else list(s))


@op("matmul_dtype")
def _matmul_dtype(r, s, bad):
    if len(s) < 2:
        return None
    m = r.choice(["(x > 0)", "x.argmax(-1, keepdim=True).expand_as(x)"])
    rhs = f"{m}.transpose(-1, -2)" if bad else f"{m}.float().transpose(-1, -2)"
    line = r.choice([f"x = x @ {rhs}", f"x = torch.matmul(x, {rhs})"])
    return Step(fwd=[line], bad=bad, out=None if bad else [*s[:-1], s[-2]])


@op("interp_int")
def _interp_int(r, s, bad):
    if len(s) != 4:
        return None
    lab = r.choice(["x.argmax(1, keepdim=True)", "(x > 0)", "x.long()"])
    lab = lab if bad else f"{lab}.float()"
    mode = r.choice(["'nearest'", "'bilinear'"])
    line = f"x = F.interpolate({lab}, scale_factor=2, mode={mode}).float()"
    c = 1 if "argmax" in lab else s[1]
    return Step(fwd=[line], bad=bad, out=None if bad else [s[0], c, 2 * s[2], 2 * s[3]])


@op("math_tensor")
def _math_tensor(r, s, bad):
    fn = r.choice(["exp", "log1p", "sqrt", "cos"])
    if bad and math.prod(s) < 2:
        return None
    arg = (
        "x.flatten()[:2].abs()" if bad else r.choice(["x.shape[-1] / 10", "x.flatten()[:1].abs()"])
    )
    return Step(fwd=[f"x = x * math.{fn}({arg}) * math.pi"], bad=bad, out=None if bad else list(s))


# ---- session 22 (crashfix22): the dtype / rank acceptance tables, as_strided, trapezoid
_DT_FORMS = ["x", "x.long()", "x.int()", "(x > 0)", "x.double()", "torch.fft.fft(x)"]
_DT_OPS = ["F.gelu({t})", "F.silu({t})", "F.softplus({t})", "F.relu({t})", "torch.sigmoid({t})",
           "{t}.var(-1, keepdim=True)", "{t}.std(-1, keepdim=True)", "{t}.softmax(-1)",
           "{t}.topk(1, -1).values", "{t}.sort(-1).values", "torch.rand_like({t})",
           "{t}.cumsum(-1)", "{t}.abs()", "torch.exp({t})", "{t}.mean(-1, keepdim=True)",
           "{t}.clamp(min=0)", "torch.tanh({t})", "{t}.logsumexp(-1, keepdim=True)",
           "torch.fft.rfft({t}).real", "F.leaky_relu({t})", "{t}.median(-1).values"]  # fmt: skip


@op("dtype_table")
def _dtype_table(r, s, bad):
    form = r.choice(_DT_FORMS[1:] if bad else _DT_FORMS[:1])
    expr = r.choice(_DT_OPS).format(t=form)
    return Step(fwd=[f"x = ({expr}).float()"], bad=bad, out=None)


@op("dtype_narrow")
def _dtype_narrow(r, s, bad):
    # a first op that only some dtypes pass, then one that refuses what is left
    first = r.choice(["x.var(-1)", "torch.fft.rfft(x).abs()", "F.gelu(x)", "x.cumsum(-1)"])
    then = r.choice(["torch.rand_like(x)", "x.topk(1, -1).values", "x.imag", "F.silu(x)",
                     "x.sort(-1).values"])  # fmt: skip
    lines = [f"y = {first}"]
    lines.append(f"x = ({then}).float()" if bad else "x = y.float()")
    return Step(fwd=lines, bad=bad, out=None)


@op("rank_table")
def _rank_table(r, s, bad):
    fn = r.choice(["torch.renorm(x, 2, 0, 1.0)", "torch.dsplit(x, 2)[0]", "torch.vsplit(x, 1)[0]",
                   "torch.hsplit(x, 1)[0]", "torch.diag(x)", "torch.trace(x)",
                   "torch.linalg.det(x)", "x.diagonal()", "torch.tril(x)",
                   "F.pixel_shuffle(x, 1)", "F.max_pool1d(x, 1)", "F.avg_pool2d(x, 1)",
                   "torch.fft.rfft2(x).real", "torch.cdist(x, x)", "F.normalize(x)"])  # fmt: skip
    pre = r.choice(["x", "x.flatten()", "x.flatten(1)", "x[..., None]", "x.sum()"]) if bad else "x"
    return Step(fwd=[f"x = {fn.replace('(x', '(' + pre, 1)}"], bad=bad, out=None)


@op("as_strided")
def _as_strided(r, s, bad):
    n = math.prod(s)
    if n < 4:
        return None
    win = r.choice([2, 3, 4])
    hop = r.choice([1, 2])
    fit = (n - win) // hop + 1
    nf = fit + r.choice([1, 2]) if bad else r.choice([fit, max(1, fit - 1)])
    src = r.choice(["x.flatten()", "x.contiguous().flatten()", "x.reshape(-1)"])
    return Step(
        fwd=[f"x = {src}.as_strided(({nf}, {win}), ({hop}, 1))"],
        bad=bad,
        out=None if bad else [nf, win],
    )


@op("trapezoid")
def _trapezoid(r, s, bad):
    if not s:
        return None
    n = s[-1] + (r.choice([-1, 1]) if bad else 0)
    if n < 1:
        return None
    fn = r.choice(["torch.trapezoid", "torch.trapz", "torch.cumulative_trapezoid"])
    return Step(fwd=[f"x = {fn}(x, torch.linspace(0, 1, {n}), dim=-1)"], bad=bad, out=None)


@op("index_add_src")
def _index_add_src(r, s, bad):
    if len(s) != 2:
        return None
    k = r.choice([1, 2, 3])
    w = _other(r, s[1]) if bad else s[1]
    return Step(
        init=[f"self.ia = nn.Linear({s[1]}, {w})"],
        fwd=[
            f"x = torch.zeros_like(x).index_add_(0, torch.zeros({k}, dtype=torch.long), "
            f"self.ia(x[:{k}]))"
        ],  # fmt: skip
        bad=bad,
        out=None if bad else list(s),
    )


# ---- session 22 (crashburn22): index_add sizes, integer index vectors, cdist, conv weight
# rank, ``.item()`` / ``float(t)`` numbers, sparse COO sizes, avg-pool divisor
@op("index_add_zeros")
def _index_add_zeros(r, s, bad):
    if len(s) < 2:
        return None
    m, k = math.prod(s[1:]), r.choice([1, 2, 3])
    src = f"g[:1].repeat({k}, 1)"
    if bad:
        src = r.choice([f"torch.cat([{src}, g[:{k}, :1]], 1)", f"g[:{k}, :1]"])
        if src.endswith(":1]") and m == 1:
            return None  # (k, 1) into width 1 is fine
    fwd = [
        f"g = x.reshape({s[0]}, -1)",
        f"idx = torch.arange({k}) % {s[0]}",
        f"x = x + torch.zeros(g.shape).index_add_(0, idx, {src}).reshape(x.shape)",
    ]
    return Step(fwd=fwd, bad=bad, out=None if bad else list(s))


@op("int_index")
def _int_index(r, s, bad):
    if len(s) < 2:
        return None
    c = s[-1]
    rows = math.prod(s) // c
    view = f"2, {rows + 1}, {c}" if bad else f"2, {_t(s)}"
    fwd = [
        f"flat = x.reshape(-1, {c})",
        f"idx = (torch.arange({rows}).view(1, -1) + torch.zeros(2, 1, dtype=torch.long)).view(-1)",
        f"x = flat[idx % {rows}, :].view({view})[0]",
    ]
    return Step(fwd=fwd, bad=bad, out=None if bad else list(s))


@op("cdist")
def _cdist(r, s, bad):
    if len(s) < 2:
        return None
    other = "x"
    if bad:
        if s[-1] < 2:
            other = "x.flatten()"
        else:
            other = r.choice([f"x[..., :{s[-1] - 1}]", "x.flatten()"])
    return Step(
        fwd=[f"x = x + torch.cdist(x, {other}).sum(-1, keepdim=True)"],
        bad=bad,
        out=None if bad else list(s),
    )


@op("conv_weight_rank")
def _conv_weight_rank(r, s, bad):
    if len(s) != 3:
        return None
    cout = _size(r)
    w = f"torch.randn({cout}, {s[1]}, 3)"
    if bad:
        w = r.choice([f"{w}.flatten(1)", f"{w}[..., None]"])
    fwd = [f"x = F.conv1d(x, {w}, padding=1)"]
    return Step(fwd=fwd, bad=bad, out=None if bad else [s[0], cout, s[2]])


@op("item_number")
def _item_number(r, s, bad):
    n = math.prod(s)
    if bad and n < 2:
        return None
    src = (
        "x.flatten()[:2]" if bad else r.choice(["x.mean()", "x.flatten()[:1]", "x[..., :1].sum()"])
    )
    fn = r.choice(["float", "int", "item"])
    num = f"{src}.item()" if fn == "item" else f"{fn}({src})"
    return Step(fwd=[f"x = x * (-{num} / 2 + 1)"], bad=bad, out=None if bad else list(s))


@op("sparse_mm")
def _sparse_mm(r, s, bad):
    if len(s) != 2:
        return None
    n = s[0] + 1 if bad else s[0]
    fwd = [
        f"ij = torch.stack([torch.arange({s[0]}), torch.arange({s[0]})])",
        f"adj = torch.sparse_coo_tensor(ij, torch.ones({s[0]}), ({n}, {n}))",
        "x = torch.sparse.mm(adj, x)",
    ]
    return Step(fwd=fwd, bad=bad, out=None if bad else list(s))


@op("avgpool_divisor")
def _avgpool_divisor(r, s, bad):
    if len(s) != 4:
        return None
    d = 0 if bad else r.choice([1, 2, None])
    if r.random() < 0.5:
        init = [f"self.p{{i}} = nn.AvgPool2d(1, divisor_override={d})"]
        return Step(init=init, fwd=["x = self.p{i}(x)"], bad=bad, out=None if bad else list(s))
    line = f"x = F.avg_pool2d(x, 1, divisor_override={d})"
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


# ---- session 23 (crashburn23): triu_indices pairs, a tensor's method or None as an operand,
# conv stride length, an int normalized_shape, finfo of an integer dtype, method arity, a
# tensor stored over a parameter, a module cast in __init__, bincount's dtype, an Embedding
# fed an integer cast of a Linear output
@op("triu_pairs")
def _triu_pairs(r, s, bad):
    if len(s) != 2 or s[1] < 2:
        return None
    k, o = r.randint(2, min(s[1], 5)), r.choice([0, 1, -1])
    n = sum(max(0, k - max(0, i + o)) for i in range(k))
    init = [f"self.iu{{i}} = torch.triu_indices({k}, {k}, offset={o})"]
    fwd = [
        f"z = x[:, :{k}, None] * x[:, None, :{k}]",
        f"x = z[:, self.iu{{i}}[0], self.iu{{i}}[1]].reshape({s[0]}, {n + 1 if bad else n})",
    ]
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad else [s[0], n])


@op("method_operand")
def _method_operand(r, s, bad):
    m = r.choice(["numel", "dim", "sum"])
    call = m if bad else f"{m}()"
    return Step(fwd=[f"x = x * float(x.{call} // 2 != -1)"], bad=bad, out=None if bad else list(s))


@op("none_operand")
def _none_operand(r, s, bad):
    use = "x + b" if bad else "x if b is None else x + b"
    return Step(fwd=["b = None", f"x = {use}"], bad=bad, out=None if bad else list(s))


@op("conv_stride_len")
def _conv_stride_len(r, s, bad):
    if len(s) != 4:
        return None
    st = r.choice(["(1, 1, 1)", "()", "[1, 1, 1, 1]"]) if bad else r.choice(["(1,)", "(1, 1)"])
    init = [f'self.register_buffer("w{{i}}", torch.ones({s[1]}, {s[1]}, 1, 1))']
    fwd = [f"x = F.conv2d(x, self.w{{i}}, stride={st})"]
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad else list(s))


@op("layer_norm_int")
def _layer_norm_int(r, s, bad):
    arg = f"{s[-1]}" if bad else r.choice([f"({s[-1]},)", "x.shape[-1:]"])
    return Step(fwd=[f"x = F.layer_norm(x, {arg})"], bad=bad, out=None if bad else list(s))


@op("finfo_dtype")
def _finfo_dtype(r, s, bad):
    fwd = ["ids = x.argmax(-1)"]
    fwd.append(
        "x = x.clamp(min=torch.finfo(ids.dtype).min)"
        if bad
        else r.choice(
            ["x = x.clamp(min=torch.finfo(x.dtype).min)", "x = x + 0 * torch.iinfo(ids.dtype).bits"]
        )
    )
    return Step(fwd=fwd, bad=bad, out=None if bad else list(s))


@op("method_arity")
def _method_arity(r, s, bad):
    if len(s) < 2:
        return None
    if bad:
        return Step(
            fwd=[r.choice(["x = x.transpose(0, 1, -1)", "x = x.unsqueeze(0, 1)"])], bad=True
        )
    out = list(s)
    out[0], out[1] = out[1], out[0]
    return Step(fwd=["x = x.transpose(0, 1)"], out=out)


@op("param_store")
def _param_store(r, s, bad):
    c = s[-1]
    init = [f"self.q{{i}} = nn.Linear({c}, {c})"]
    store = r.choice(["weight", "bias"])
    rhs = f"self.q{{i}}.{store} * 1.0" if bad else f"nn.Parameter(self.q{{i}}.{store} * 1.0)"
    fwd = [f"self.q{{i}}.{store} = {rhs}", "x = self.q{i}(x)"]
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad else list(s))


@op("module_cast")
def _module_cast(r, s, bad):
    c = s[-1]
    cast = r.choice(["double()", "to(torch.float64)"])
    init = [f"self.c{{i}} = nn.Linear({c}, {c})", f"self.c{{i}}.{cast}"]
    fwd = ["x = self.c{i}(x.float())" if bad else "x = self.c{i}(x.double()).float()"]
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad else list(s))


@op("bincount_div")
def _bincount_div(r, s, bad):
    fwd = [
        "cnt = torch.bincount((x.flatten().sigmoid() * 3).long(), minlength=4)",
        "cnt /= 2" if bad else r.choice(["cnt //= 2", "cnt = cnt / 2"]),
        "x = x + 0 * cnt.sum()",
    ]
    return Step(fwd=fwd, bad=bad, out=None if bad else list(s))


@op("embed_int_cast")
def _embed_int_cast(r, s, bad):
    c = s[-1]
    init = [f"self.p{{i}} = nn.Linear({c}, 1)", f"self.e{{i}} = nn.Embedding(4, {c})"]
    ids = (
        "self.p{i}(x)"
        if bad
        else f"self.p{{i}}(x).abs().clamp(max=3).{r.choice(['long()', 'int()', 'to(torch.long)'])}"
    )
    fwd = [f"x = self.e{{i}}({ids}).squeeze(-2)"]
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad else list(s))


# ---- session 23 (crashfix23): shapes between one call's tensors, scatter sources, the matrix
# table (rank, square, ord), argument dtypes, a float written back into an int buffer
@op("pair_shapes")
def _pair_shapes(r, s, bad):
    if len(s) < 2:
        return None
    w = _other(r, s[-1]) if bad else s[-1]
    fn = r.choice(["torch.inner(x, {y})", "torch.linalg.vecdot(x, {y})",
                   "F.cosine_similarity(x, {y}, dim=-1)", "F.pairwise_distance(x, {y})",
                   "F.triplet_margin_loss(x, x, {y})", "torch.outer(x.flatten(), {y}[0])"])  # fmt: skip
    if fn.startswith("torch.outer"):
        n = math.prod(s)
        init = [f"self.b{{i}} = nn.Parameter(torch.zeros({n}, {w if bad else s[-1]}))"]
        line = f"x = torch.addr(self.b{{i}}, x.flatten(), x.reshape(-1, {s[-1]})[0])"
        return Step(init=init, fwd=[line], bad=bad, out=None)
    init = [f"self.pl{{i}} = nn.Linear({s[-1]}, {w})"]
    y = "self.pl{i}(x)"
    return Step(init=init, fwd=[f"x = {fn.format(y=y)}"], bad=bad, out=None)


@op("scatter_slices")
def _scatter_slices(r, s, bad):
    if len(s) < 2 or s[1] < 2:
        return None
    kind = r.choice(["select", "slice", "diag", "index_copy"])
    off = r.choice([-1, 1]) if bad else 0
    if kind == "select":
        src = f"x.select(1, 0){'.unsqueeze(1)' if bad else ''}"
        line = f"x = x.select_scatter({src} * 2, 1, 0)"
    elif kind == "slice":
        a, b = 0, r.choice(range(1, s[1] + 1))
        n = max(0, b - a + off)
        line = f"x = torch.slice_scatter(x, x.narrow(1, 0, 1).expand({', '.join(str(d) for d in [s[0], n, *s[2:]])}).clone(), 1, {a}, {b})"
    elif kind == "diag":
        if len(s) != 2:
            return None
        n = min(s)
        if n + off < 0:
            return None
        line = f"x = torch.diagonal_scatter(x, torch.zeros({n + off}))"
    else:
        k = r.choice([k for k in (1, 2) if k <= s[0]])
        w = _other(r, s[-1]) if bad else s[-1]
        rest = ", ".join(str(d) for d in s[1:-1])
        rest = rest + ", " if rest else ""
        line = f"x = x.index_copy(0, torch.arange({k}), torch.ones({k}, {rest}{w}))"
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("matrix_table")
def _matrix_table(r, s, bad):
    if len(s) < 2:
        return None
    n = s[-1]
    fn = r.choice(["torch.linalg.matrix_power({m}, 2)", "torch.matrix_exp({m})",
                   "torch.linalg.det({m})", "torch.linalg.slogdet({m})[1]",
                   "torch.linalg.svdvals({m})", "torch.linalg.pinv({m})",
                   "torch.linalg.matrix_norm({m}, ord={o})", "torch.fft.fft2({m}).real",
                   "torch.fft.ifft2({m}).imag", "{m}.triu()"])  # fmt: skip
    o = r.choice([1, -1, 2, "'fro'", "'nuc'"])
    g = f"x.reshape(-1, {n})"
    m = f"({g}.t() @ {g} + {n} * torch.eye({n}))"  # square, well conditioned
    if bad:
        if "ord" in fn and r.random() < 0.5:
            o = r.choice([0, 3, 0.5, "'abc'"])
        elif any(k in fn for k in ("power", "exp", "det")):
            if n == 1:
                return None
            m = f"{g}[:1]"  # (1, n): not square
        else:
            m = "x.flatten()"  # too few dimensions
    if "{o}" in fn:
        fn = fn.replace("{o}", str(o))
    return Step(fwd=[f"y = {fn.format(m=m)}", "x = x + y.sum()"], bad=bad, out=None)


@op("arg_dtypes")
def _arg_dtypes(r, s, bad):
    fn = r.choice(["heaviside", "addcdiv", "nll", "div", "celu"])
    if fn == "heaviside":
        v = r.choice(["x > 0", "torch.tensor(0)"]) if bad else "torch.tensor(0.5)"
        line = f"x = torch.heaviside(x, {v})"
    elif fn == "addcdiv":
        m = "(x > 0)" if bad else "(x > 0).float()"
        line = f"x = x.addcdiv({m}, (x > 0).long() + 1)"
    elif fn == "nll":
        if len(s) != 2:
            return None
        t = "x.argmax(-1).float()" if bad else "x.argmax(-1)"
        line = f"x = x + F.nll_loss(x.log_softmax(-1), {t})"
    elif fn == "div":
        m = r.choice(["'round'", "'ceil'"]) if bad else r.choice(["'floor'", "'trunc'", "None"])
        line = f"x = torch.div(x, 2, rounding_mode={m})"
    else:
        a = 0.0 if bad else r.choice([0.5, 1.0, 2.0])
        if r.random() < 0.5:
            return Step(init=[f"self.ce{{i}} = nn.CELU({a})"], fwd=["x = self.ce{i}(x)"], bad=bad,
                        out=None if bad else list(s))  # fmt: skip
        line = f"x = F.celu(x, {a})"
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


@op("aug_buffer")
def _aug_buffer(r, s, bad):
    if len(s) < 2:
        return None
    red = r.choice(["sum", "mean", "amax"])
    init = [f'self.register_buffer("cnt{{i}}", torch.zeros({s[-1]}, dtype=torch.long))']
    rhs = "(x > 0).flatten(0, -2).sum(0)"
    if bad:  # a float made by a Linear (its dtype known) or the raw input (not known)
        src = r.choice(["x", "self.al{i}(x)"])
        if src != "x":
            init.append(f"self.al{{i}} = nn.Linear({s[-1]}, {s[-1]})")
        rhs = f"{src}.flatten(0, -2).{red}(0)"
    op_ = r.choice(["+=", "-=", "*="])
    return Step(init=init, fwd=[f"self.cnt{{i}} {op_} {rhs}"], bad=bad, out=list(s))


@op("inplace_table")
def _inplace_table(r, s, bad):
    call = r.choice(["c.sqrt_()", "c.exp_()", "c.sigmoid_()", "c.add_(0.5)", "c.mul_(1.5)",
                     "c.clamp_(0.5)", "c.div_(2)", "c.floor_divide_(0.5)", "c.pow_(0.5)",
                     "c += 1", "c -= 0.25", "c //= 0.5", "c.neg_()", "c.relu_()"])  # fmt: skip
    src = r.choice(["(x > 0)", "(x > 0).long()", "x.long()", "torch.zeros_like(x).int()"])
    if not bad:
        src = r.choice(["x.clone()", "x * 2", "(x > 0).float()"])
    return Step(fwd=[f"c = {src}", call, "x = x + c"], bad=bad, out=list(s))


# ---- crashcover23: ops real code calls that had no refusing rule (op_coverage --missing)
@op("cover_dim")
def _cover_dim(r, s, bad):
    d = _dim(r, s, bad)
    fn = r.choice(["F.softmin(x, {d})", "F.gumbel_softmax(x, tau=0.5, dim={d})", "x.nansum({d})",
                   "torch.nanmean(x, {d})", "torch.fft.fft(x, dim={d}).real",
                   "torch.fft.rfft(x, dim={d}).abs()", "torch.fft.fftshift(x, dim={d})",
                   "torch.unique(x, dim={d})", "x.aminmax(dim={d}).max",
                   "torch.std_mean(x, dim={d})[0]", "x.argsort({d}).float()",
                   "torch.quantile(x, 0.5, dim={d})"])  # fmt: skip
    # the result's shape is not followed by the pass for every form: the program ends here
    return Step(fwd=[f"y = {fn.format(d=d)}", "x = x + y.sum()"], bad=bad, out=None)


@op("cover_bcast")
def _cover_bcast(r, s, bad):
    y = [1 if r.random() < 0.3 else v for v in s][r.randrange(len(s)) :]
    if bad:
        big = [i for i, v in enumerate(s) if v != 1]
        if not big:
            return None
        i = r.choice(big)
        y = list(s)
        y[i] = _other(r, s[i])
    fn = r.choice(["torch.dist(x, {y})", "F.kl_div(x, {y}.softmax(-1), reduction='sum')",
                   "torch.hypot(x, {y})", "torch.logaddexp(x, {y})",
                   "torch.isclose(x, {y}).float()", "torch.fmod(x, {y} + 2)",
                   "F.huber_loss(x, {y})", "F.smooth_l1_loss(x, {y}, reduction='none')",
                   "torch.polar(x.abs(), {y}).real", "torch.copysign(x, {y})",
                   "torch.xlogy(x.abs(), {y}.abs())", "torch.broadcast_tensors(x, {y})[1]"])  # fmt: skip
    line = f"y = {fn.format(y=f'torch.randn({_t(y) or 1})' if y else 'torch.randn(())')}"
    return Step(fwd=[line, "x = x + y.sum()"], bad=bad, out=None)


@op("cover_stack")
def _cover_stack(r, s, bad):
    fn = r.choice(["hstack", "vstack", "dstack", "column_stack"])
    if len(s) < (3 if fn == "dstack" else 2):
        return None
    d = {"hstack": 1 if len(s) > 1 else 0, "vstack": 0, "dstack": 2, "column_stack": 1}[fn]
    y = list(s)
    y[d] = _size(r)
    if bad:
        others = [i for i in range(len(s)) if i != d]
        if not others:
            return None
        i = r.choice(others)
        y[i] = _other(r, s[i])
    line = f"x = torch.{fn}([x, torch.randn({_t(y)})])"
    if bad:
        return Step(fwd=[line], bad=True)
    out = list(s)
    out[d] += y[d]
    return Step(fwd=[line], out=out)


@op("cover_convt")
def _cover_convt(r, s, bad):
    nd = len(s) - 2
    if nd not in (1, 2):
        return None
    c = s[1]
    g = r.choice([g for g in (1, 2) if c % g == 0])
    k, st = r.choice([1, 2, 3]), r.choice([1, 2])
    cw, op_ = c, r.randrange(st)
    if bad:
        if r.random() < 0.5:
            cw = _other(r, c) * g
        else:
            op_ = st + r.randrange(2)
    o = r.choice([1, 2])
    init = [f"self.tw{{i}} = nn.Parameter(torch.randn({cw}, {o}, {_t([k] * nd)}))"]
    line = (f"x = F.conv_transpose{nd}d(x, self.tw{{i}}, stride={st}, output_padding={op_}, "
            f"groups={g})")  # fmt: skip
    out = [s[0], o * g, *((v - 1) * st + k + op_ for v in s[2:])]
    return Step(init=init, fwd=[line], bad=bad, out=None if bad else out)


@op("cover_solve")
def _cover_solve(r, s, bad):
    n = s[-1]
    g = f"x.reshape(-1, {n})"
    a = f"(torch.eye({n}) + ({g}.t() @ {g}).tril() / 100)"
    k = r.choice([1, 2, 3])
    left = r.random() < 0.7
    rows = n if left else k
    cols = k if left else n
    if bad:
        if left:
            rows = _other(r, n)
        else:
            cols = _other(r, n)
    extra = "" if left else ", left=False"
    line = (
        f"y = torch.linalg.solve_triangular({a}, torch.randn({rows}, {cols}), upper=False{extra})"
    )
    return Step(fwd=[line, "x = x + y.sum()"], bad=bad, out=None if bad else list(s))


@op("cover_fold")
def _cover_fold(r, s, bad):
    if len(s) != 4:
        return None
    k = r.choice([1, 2])
    if min(s[2:]) < k:
        return None
    h, w = s[2], s[3]
    if bad:
        h += r.choice([1, 2])
    line = f"x = F.fold(F.unfold(x, {k}), ({h}, {w}), {k})"
    return Step(fwd=[line], bad=bad, out=None if bad else list(s))


# ---- crashcover23b: the covered ops' RESULT shapes are followed (the op after them is judged)
def _cover_out(r: random.Random, s: Shape) -> tuple[str, Shape] | None:
    """A covered op that runs on ``s`` and torch's result shape (by hand, per torch's docs)."""
    n = len(s)
    d = _dim(r, s, False)
    a = d % n
    kind = r.choice(["softmin", "gumbel", "shift", "nansum", "nanmean", "stdmean", "quantile",
                     "fftn", "rfftn", "fft2", "irfftn", "hfft", "diag", "polar", "remainder",
                     "kldiv", "bcastall", "dist"])  # fmt: skip
    if kind == "softmin":
        return f"F.softmin(x, {d})", list(s)
    if kind == "gumbel":
        return f"F.gumbel_softmax(x, tau=0.5, dim={d})", list(s)
    if kind == "shift":
        return f"torch.fft.{r.choice(['fftshift', 'ifftshift'])}(x, dim={d})", list(s)
    if kind in ("nansum", "nanmean", "stdmean"):
        keep = r.random() < 0.3
        out = [1 if i == a else v for i, v in enumerate(s)] if keep else s[:a] + s[a + 1 :]
        call = {"nansum": f"x.nansum({d}, keepdim={keep})",
                "nanmean": f"torch.nanmean(x, {d}, keepdim={keep})",
                "stdmean": f"torch.std_mean(x, dim={d}, keepdim={keep})[0]"}[kind]  # fmt: skip
        return (call, out) if out else None
    if kind == "quantile":
        out = s[:a] + s[a + 1 :]
        return (f"torch.quantile(x, 0.5, dim={d})", out) if out else None
    if kind == "fftn":
        k = r.choice([1, 2])
        if n < k:
            return None
        sz = [r.choice([2, 3, 4, 6]) for _ in range(k)]
        return f"torch.fft.fftn(x, s=({_t(sz)},)).real", s[: n - k] + sz
    if kind == "rfftn":
        return "torch.fft.rfftn(x).abs()", s[:-1] + [s[-1] // 2 + 1]
    if kind == "fft2":
        return ("torch.fft.fft2(x).imag", list(s)) if n >= 2 else None
    if kind == "irfftn":
        if s[a] < 2:
            return None
        out = list(s)
        out[a] = 2 * (s[a] - 1)
        return f"torch.fft.irfftn(x, dim=({d},))", out
    if kind == "hfft":
        m = r.choice([2, 4, 6])
        return f"torch.fft.hfft(x, n={m})", s[:-1] + [m]
    if kind == "diag":
        off = r.choice([0, 1, -1])
        return f"torch.diag_embed(x, {off})", [*s, s[-1] + abs(off)]
    if kind == "polar":
        return "torch.polar(x.abs(), x).real", list(s)
    if kind == "remainder":
        return f"torch.{r.choice(['remainder', 'fmod'])}(x, 2.0)", list(s)
    if kind == "kldiv":
        return "F.kl_div(x, x.softmax(-1), reduction='none')", list(s)
    if kind == "bcastall":
        return "torch.broadcast_tensors(x[:1], x)[0]", list(s)
    return "torch.dist(x, x) + torch.zeros(" + _t(s) + ")", list(s)


@op("cover_result")
def _cover_result(r, s, bad):
    got = _cover_out(r, s)
    if got is None:
        return None
    call, out = got
    if not bad:
        return Step(fwd=[f"x = {call}"], out=out)
    big = [i for i, v in enumerate(out) if v != 1]
    if not big:
        return None
    y = list(out)
    i = r.choice(big)
    y[i] = _other(r, out[i])
    # the covered op's result meets a tensor it does not broadcast with
    return Step(fwd=[f"x = {call}", f"x = x + torch.randn({_t(y)})"], bad=True)


@op("cover_layer")
def _cover_layer(r, s, bad):
    """torch layers whose constraint is the call's, not the catalogue shape's: ``nn.Upsample``
    modes' input ranks, ``nn.EmbeddingBag`` of 1-D ids without offsets."""
    if r.random() < 0.3:
        n = r.choice([3, 4, 6])
        offs = "" if bad else ", torch.tensor([0, 1])"
        init = [f"self.eb{{i}} = nn.EmbeddingBag(10, {s[-1]})"]
        fwd = [f"x = x + self.eb{{i}}(torch.arange({n}){offs}).sum()"]
        return Step(init=init, fwd=fwd, bad=bad, out=list(s))
    modes = {3: "linear", 4: "bilinear", 5: "trilinear"}
    if bad:
        mode = r.choice([m for k, m in modes.items() if k != len(s)] + ["bicubic"] * (len(s) != 4))
    elif len(s) in modes:
        mode = r.choice([modes[len(s)], "nearest"] + ["bicubic"] * (len(s) == 4))
    else:
        return None
    cls = f"nn.Upsample(scale_factor=2, mode={mode!r})"
    if mode == "bilinear" and r.random() < 0.3:
        cls = "nn.UpsamplingBilinear2d(scale_factor=2)"
    init = [f"self.up{{i}} = {cls}"]
    out = None if bad else [*s[:2], *(2 * v for v in s[2:])]
    return Step(init=init, fwd=["x = self.up{i}(x)"], bad=bad, out=out)


# ---- session 28: layers and losses common in model code that the table above did not draw
# (recurrent layers and cells, transformer layers and their masks, attention masks, losses and
# their targets, grid sampling, 1-D convolutions and pooling, transposed convolutions, bilinear
# layers, GLU). Every form is ordinary model code; torch decides which ones crash.
@op("rnn")
def _rnn(r, s, bad):
    """``nn.LSTM`` / ``nn.GRU`` / ``nn.RNN`` (batch_first or not, bidirectional, stacked, LSTM
    ``proj_size``), on 3-D or unbatched 2-D input, with or without an initial state."""
    if len(s) not in (2, 3):
        return None
    cls = r.choice(["LSTM", "GRU", "RNN"])
    h = _size(r)
    nl = r.choice([1, 1, 2])
    bi = r.random() < 0.4
    bf = r.random() < 0.6
    proj = r.choice([0, 0, 2]) if cls == "LSTM" and h > 2 else 0
    fin = s[-1]
    kind = r.choice(["in", "state", "proj"]) if bad else ""
    if kind == "in":
        fin = _other(r, fin)
    if kind == "proj" and cls == "LSTM":
        proj = r.choice([h, h + 1])
    extra = (", batch_first=True" if bf else "") + (", bidirectional=True" if bi else "")
    extra += f", num_layers={nl}" if nl > 1 else ""
    extra += f", proj_size={proj}" if proj else ""
    init = [f"self.rnn{{i}} = nn.{cls}({fin}, {h}{extra})"]
    d = 2 if bi else 1
    hout = proj or h
    if len(s) == 3:
        b = s[0] if bf else s[1]
        lead: list[int] = [d * nl, b]
    else:
        lead = [d * nl]
    with_state = kind == "state" or r.random() < 0.35
    if with_state:
        hs = [*lead, hout]
        if kind == "state":
            j = r.randrange(len(hs))
            if len(s) == 3 and j == 1 and s[0] != s[1]:
                hs[1] = s[1] if bf else s[0]  # the batch of the other layout
            else:
                hs[j] = _other(r, hs[j])
        state = f"torch.zeros({_t(hs)})"
        if cls == "LSTM":
            state = f"({state}, torch.zeros({_t([*lead, h])}))"
        fwd = [f"x, _ = self.rnn{{i}}(x, {state})"]
    else:
        fwd = ["x, _ = self.rnn{i}(x)"]
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else [*s[:-1], d * hout])


@op("rnn_cell")
def _rnn_cell(r, s, bad):
    """``nn.LSTMCell`` / ``nn.GRUCell`` / ``nn.RNNCell`` on 2-D (or 1-D) input and state."""
    if len(s) not in (1, 2):
        return None
    cls = r.choice(["LSTMCell", "GRUCell", "RNNCell"])
    h = _size(r)
    fin = _other(r, s[-1]) if bad and r.random() < 0.5 else s[-1]
    wrong_state = bad and fin == s[-1]
    init = [f"self.cell{{i}} = nn.{cls}({fin}, {h})"]
    lead = list(s[:-1])
    if wrong_state or r.random() < 0.5:
        hs = [*lead, h]
        if wrong_state:
            hs = [_other(r, lead[0]), h] if lead and r.random() < 0.5 else [*lead, _other(r, h)]
        st = f"torch.zeros({_t(hs)})"
        arg = f"({st}, {st})" if cls == "LSTMCell" else st
        call = f"self.cell{{i}}(x, {arg})"
    else:
        call = "self.cell{i}(x)"
    fwd = [f"x = {call}[0]" if cls == "LSTMCell" else f"x = {call}"]
    isbad = fin != s[-1] or wrong_state
    return Step(init=init, fwd=fwd, bad=isbad, out=None if isbad else [*lead, h])


@op("transformer_layer")
def _transformer_layer(r, s, bad):
    """``nn.TransformerEncoderLayer`` / ``nn.TransformerDecoderLayer`` / ``nn.TransformerEncoder``
    with ``batch_first`` either way and a key padding mask of the layout's shape (or not)."""
    if len(s) != 3:
        return None
    e = s[-1]
    heads = [h for h in (1, 2, 4) if e % h == 0]
    kind = r.choice(["dim", "heads", "mask"]) if bad else ""
    dm, nh = e, r.choice(heads)
    if kind == "dim":
        dm = _other(r, e)
        nh = r.choice([h for h in (1, 2) if dm % h == 0])
    elif kind == "heads":
        bads = [h for h in (3, 4, 5) if e % h]
        if not bads:
            return None
        nh = r.choice(bads)
    bf = r.random() < 0.6
    ff = r.choice([8, 16])
    dec = r.random() < 0.3
    cls = "TransformerDecoderLayer" if dec else "TransformerEncoderLayer"
    layer = f"nn.{cls}({dm}, {nh}, dim_feedforward={ff}" + (", batch_first=True)" if bf else ")")
    if not dec and r.random() < 0.3:
        layer = f"nn.TransformerEncoder({layer}, num_layers=2)"
    init = [f"self.tf{{i}} = {layer}"]
    b, t = (s[0], s[1]) if bf else (s[1], s[0])
    mask = ""
    if kind == "mask" or r.random() < 0.4:
        ms = [b, t]
        if kind == "mask":
            ms = [t, b] if b != t else [b, _other(r, t)]
        name = "tgt_key_padding_mask" if dec else "src_key_padding_mask"
        mask = f", {name}=torch.zeros({_t(ms)}, dtype=torch.bool)"
    args = f"x, x{mask}" if dec else f"x{mask}"
    return Step(
        init=init, fwd=[f"x = self.tf{{i}}({args})"], bad=bool(kind), out=None if kind else list(s)
    )


@op("mha_masks")
def _mha_masks(r, s, bad):
    """``nn.MultiheadAttention`` with ``key_padding_mask`` (batch, source) and ``attn_mask``
    (target, source) or (batch * heads, target, source), batch_first either way, a key and value
    of another length."""
    if len(s) != 3:
        return None
    e = s[-1]
    nh = r.choice([h for h in (1, 2, 4) if e % h == 0])
    bf = r.random() < 0.6
    b, t = (s[0], s[1]) if bf else (s[1], s[0])
    src = r.choice([t, _size(r)])
    kv = f"torch.randn({_t([b, src, e] if bf else [src, b, e])})"
    kind = r.choice(["kpm", "am"]) if bad else ""
    kpm, am = r.random() < 0.6, r.random() < 0.6
    kw = ""
    if kpm or kind == "kpm":
        ks = [b, src]
        if kind == "kpm":
            ks = r.choice([[src, b], [b, t + 1 if src == t else t], [b, src, 1]])
            if ks == [b, src]:
                ks = [b, src + 1]
        kw += f", key_padding_mask=torch.zeros({_t(ks)}, dtype=torch.bool)"
    if am or kind == "am":
        ams = r.choice([[t, src], [b * nh, t, src]])
        if kind == "am":
            ams = r.choice([[src + 1, t], [b, t, src], [t, src + 1]])
        dt = r.choice(["torch.bool", "torch.float"])
        kw += f", attn_mask=torch.zeros({_t(ams)}, dtype={dt})"
    init = [
        f"self.att{{i}} = nn.MultiheadAttention({e}, {nh}" + (", batch_first=True)" if bf else ")")
    ]
    fwd = [f"x = self.att{{i}}(x, {kv}, {kv}{kw})[0]"]
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else list(s))


@op("loss_target")
def _loss_target(r, s, bad):
    """Losses of model code and their targets: class indices or probabilities for
    ``cross_entropy`` / ``nll_loss``, same-shape targets for the binary and regression losses.
    The loss is added to ``x`` so the shape goes on."""
    n, c = s[0], (s[1] if len(s) > 1 else s[0])
    form = r.choice(["ce", "ce", "nll", "bce", "mse", "ce_mod", "smooth"])
    if form in ("ce", "nll", "ce_mod"):
        if len(s) == 1:
            tgt = "torch.tensor(0)"
            if bad:
                tgt = r.choice(["torch.tensor([0])", "torch.tensor(0.5)"])
        else:
            ts = [n, *s[2:]]
            tgt = f"torch.randint(0, {c}, ({_t(ts)},))"
            if bad:
                b2 = r.choice(["shape", "dtype", "float", "prob"])
                if b2 == "shape":
                    ts = r.choice([[_other(r, n), *s[2:]], list(s)])
                    tgt = f"torch.randint(0, {c}, ({_t(ts)},))"
                elif b2 == "dtype":
                    tgt = f"torch.randint(0, {c}, ({_t(ts)},), dtype=torch.int32)"
                elif b2 == "float":
                    tgt = f"torch.zeros({_t(ts)})"
                else:
                    tgt = f"torch.rand({_t([*s[:-1], _other(r, s[-1])])}).softmax(-1)"
            elif r.random() < 0.3:
                tgt = f"torch.rand({_t(s)}).softmax(1)" if len(s) >= 2 and form != "nll" else tgt
        if form == "nll":
            call = f"F.nll_loss(F.log_softmax(x, {1 if len(s) > 1 else 0}), {tgt})"
            init = []
        elif form == "ce_mod":
            init = ["self.loss{i} = nn.CrossEntropyLoss()"]
            call = f"self.loss{{i}}(x, {tgt})"
        else:
            call = f"F.cross_entropy(x, {tgt})"
            init = []
    else:
        ts = list(s)
        if bad:
            j = r.randrange(len(ts))
            ts[j] = _other(r, ts[j])
        fn = {
            "bce": "F.binary_cross_entropy_with_logits",
            "mse": "F.mse_loss",
            "smooth": "F.smooth_l1_loss",
        }[form]
        call = f"{fn}(x, torch.rand({_t(ts)}))"
        init = []
    return Step(init=init, fwd=[f"x = x + {call}"], bad=bad, out=None if bad else list(s))


@op("grid_sample")
def _grid_sample(r, s, bad):
    """``F.grid_sample`` on 4-D / 5-D input, its grid given or built by ``F.affine_grid``."""
    if len(s) not in (4, 5):
        return None
    nd = len(s) - 2
    n, c = s[0], s[1]
    outsp = [r.choice([2, 3, 4]) for _ in range(nd)]
    kind = r.choice(["last", "batch", "rank", "theta", "size"]) if bad else ""
    if r.random() < 0.4 or kind in ("theta", "size"):
        th = [n, nd, nd + 1]
        if kind == "theta":
            th = [n, nd + 1, nd + 1] if r.random() < 0.5 else [_other(r, n), nd, nd + 1]
        size = [n, c, *outsp]
        if kind == "size":
            size = [n, c, *outsp[:-1]]
        ac = r.choice(["", ", align_corners=False"])
        grid = f"F.affine_grid(torch.randn({_t(th)}), [{_t(size)}]{ac})"
        out = [n, c, *outsp]
    else:
        gs = [n, *outsp, nd]
        if kind == "last":
            gs[-1] = nd + 1
        elif kind == "batch":
            gs[0] = _other(r, n)
        elif kind == "rank":
            gs = gs[:-2] + [gs[-1]]
        grid = f"torch.rand({_t(gs)}) * 2 - 1"
        out = [n, c, *outsp]
    mode = r.choice(["", ", mode='nearest'", ", padding_mode='border'", ", align_corners=True"])
    fwd = [f"x = F.grid_sample(x, {grid}{mode})"]
    return Step(fwd=fwd, bad=bool(kind), out=None if kind else out)


def _conv_len(n: int, k: int, st: int, p: int, dil: int = 1) -> int:
    return (n + 2 * p - dil * (k - 1) - 1) // st + 1


@op("conv1d")
def _conv1d(r, s, bad):
    """``nn.Conv1d`` on (batch, channels, length) or unbatched (channels, length) input, often
    after a transpose from (batch, length, features)."""
    if len(s) not in (2, 3):
        return None
    pre = []
    sh = list(s)
    if len(s) == 3 and r.random() < 0.4:
        pre = ["x = x.transpose(1, 2)"]
        sh = [s[0], s[2], s[1]]
    c, ln = sh[-2], sh[-1]
    k = r.choice([1, 3, 3, 5])
    p = r.choice([0, k // 2])
    st = r.choice([1, 1, 2])
    g = r.choice([g for g in (1, 2) if c % g == 0])
    co = _size(r) * g
    cin = c
    kind = r.choice(["cin", "len", "groups"]) if bad else ""
    if kind == "cin":
        cin = _other(r, c)
        g = 1
    elif kind == "len":
        k, p = ln + r.choice([1, 2]), 0
    elif kind == "groups":
        bads = [gg for gg in (2, 3, 4) if c % gg]
        if not bads:
            return None
        g = r.choice(bads)
        co = g * 2
    pad = f", padding={p}" if p else ""
    strd = f", stride={st}" if st > 1 else ""
    grp = f", groups={g}" if g > 1 else ""
    init = [f"self.c1d{{i}} = nn.Conv1d({cin}, {co}, {k}{strd}{pad}{grp})"]
    lo = _conv_len(ln, k, st, p)
    out = None if kind or lo < 1 else [*sh[:-2], co, lo]
    return Step(init=init, fwd=[*pre, "x = self.c1d{i}(x)"], bad=bool(kind), out=out)


@op("conv_transpose")
def _conv_transpose(r, s, bad):
    """``nn.ConvTranspose1d`` / ``2d`` with stride, padding and ``output_padding``."""
    if len(s) not in (3, 4):
        return None
    nd = len(s) - 2
    c = s[1]
    k = r.choice([2, 3, 4])
    st = r.choice([1, 2, 2])
    p = r.choice([0, 1]) if k > 2 else 0
    op_ = r.choice([0, 0, 1]) if st > 1 else 0
    cin = c
    kind = r.choice(["cin", "outpad"]) if bad else ""
    if kind == "cin":
        cin = _other(r, c)
    elif kind == "outpad":
        op_ = st + r.choice([0, 1])
    co = _size(r)
    extra = (f", stride={st}" if st > 1 else "") + (f", padding={p}" if p else "")
    extra += f", output_padding={op_}" if op_ else ""
    init = [f"self.ct{{i}} = nn.ConvTranspose{nd}d({cin}, {co}, {k}{extra})"]
    osp = [(v - 1) * st - 2 * p + k + op_ for v in s[2:]]
    out = None if kind or min(osp) < 1 else [s[0], co, *osp]
    return Step(init=init, fwd=["x = self.ct{i}(x)"], bad=bool(kind), out=out)


@op("pool1d")
def _pool1d(r, s, bad):
    """1-D pooling (``F.max_pool1d`` / ``F.avg_pool1d`` / ``nn.MaxPool1d`` / ``nn.AvgPool1d``) on
    2-D or 3-D input: kernel past the length, padding past half the kernel."""
    if len(s) not in (2, 3):
        return None
    ln = s[-1]
    k = r.choice([2, 3])
    st = r.choice([None, 1, 2])
    p = r.choice([0, 0, 1]) if k > 1 else 0
    kind = r.choice(["kernel", "pad"]) if bad else ""
    if kind == "kernel":
        k, p = ln + r.choice([1, 2]), 0
    elif kind == "pad":
        p = k // 2 + 1
    fn = r.choice(["max", "avg"])
    args = f"{k}" + (f", stride={st}" if st else "") + (f", padding={p}" if p else "")
    if r.random() < 0.5:
        init = [f"self.p1d{{i}} = nn.{fn.capitalize()}Pool1d({args})"]
        fwd = ["x = self.p1d{i}(x)"]
    else:
        init, fwd = [], [f"x = F.{fn}_pool1d(x, {args})"]
    lo = (ln + 2 * p - k) // (st or k) + 1
    out = None if kind or lo < 1 else [*s[:-1], lo]
    return Step(init=init, fwd=fwd, bad=bool(kind), out=out)


@op("bilinear")
def _bilinear(r, s, bad):
    """``nn.Bilinear`` / ``F.bilinear`` of ``x`` with itself or with a projection of it."""
    f = s[-1]
    o = _size(r)
    f2 = _other(r, f) if bad else f
    if r.random() < 0.6:
        init = [f"self.bil{{i}} = nn.Bilinear({f}, {f2}, {o})"]
        fwd = ["x = self.bil{i}(x, x)"]
    else:
        init = []
        fwd = [f"x = F.bilinear(x, x, torch.randn({o}, {f}, {f2}))"]
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad else [*s[:-1], o])


@op("glu")
def _glu(r, s, bad):
    """``F.glu`` / ``nn.GLU`` halve a dim that must be even; ``x.chunk(2, d)`` gating."""
    evens = [d for d in range(len(s)) if s[d] % 2 == 0]
    odds = [d for d in range(len(s)) if s[d] % 2]
    if bad:
        if not odds:
            return None
        d = r.choice(odds)
    else:
        if not evens:
            return None
        d = r.choice(evens)
    dd = d - len(s) if r.random() < 0.5 else d
    if r.random() < 0.5:
        init, fwd = [f"self.glu{{i}} = nn.GLU({dd})"], ["x = self.glu{i}(x)"]
    else:
        init, fwd = [], [f"x = F.glu(x, {dd})"]
    out = [v // 2 if j == d else v for j, v in enumerate(s)]
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad else out)


# ---- session 28, second batch: products with an added term (GPT-2's ``Conv1D`` is
# ``torch.addmm``), RMSNorm, instance norm, PReLU, ``*_as`` views, packed sequences, CTC,
# ``padding="same"`` convolutions, attention with other key / value widths, the full
# ``nn.Transformer``, ``padding_idx`` and adaptive max pooling
@op("addmm_family")
def _addmm_family(r, s, bad):
    """``torch.addmm(b, a, w)`` on the input flattened to 2-D (then viewed back),
    ``torch.baddbmm`` on 3-D input, ``torch.addmv`` / ``torch.mv`` / ``torch.outer`` /
    ``torch.dot`` on a row."""
    k = s[-1]
    o = _size(r)
    form = r.choice(["addmm", "addmm", "baddbmm", "mv", "outer", "dot"])
    kk = _other(r, k) if bad else k
    if form == "addmm":
        bias = r.choice([[o], [1, o], [math.prod(s[:-1]), o]])
        if bad and r.random() < 0.4:
            kk, bias = k, [o + 1]
        init = [f"self.w{{i}} = nn.Parameter(torch.randn({kk}, {o}))",
                f"self.b{{i}} = nn.Parameter(torch.zeros({_t(bias)}))"]  # fmt: skip
        fwd = [
            f"x = torch.addmm(self.b{{i}}, x.reshape(-1, x.size(-1)), self.w{{i}})"
            f".view({_t([*s[:-1], o])})"
        ]
        return Step(init=init, fwd=fwd, bad=bad or kk != k, out=None if bad else [*s[:-1], o])
    if form == "baddbmm":
        if len(s) != 3:
            return None
        fwd = [
            f"x = torch.baddbmm(torch.zeros({s[0]}, {s[1]}, {o}), x, torch.randn({s[0]}, {kk}, {o}))"
        ]
        return Step(fwd=fwd, bad=bad, out=None if bad else [s[0], s[1], o])
    if form == "mv":
        if len(s) != 2:
            return None
        fwd = [f"x = torch.mv(x, torch.randn({kk})).unsqueeze(-1)"]
        return Step(fwd=fwd, bad=bad, out=None if bad else [s[0], 1])
    if form == "outer":
        v = "x.flatten()" if not bad else "x"
        n = math.prod(s)
        fwd = [f"x = torch.outer({v}, torch.randn({o}))"]
        return Step(fwd=fwd, bad=bad and len(s) != 1, out=None if bad else [n, o])
    fwd = [f"x = x + torch.dot(x.flatten(), torch.randn({math.prod(s) + (1 if bad else 0)}))"]
    return Step(fwd=fwd, bad=bad, out=None if bad else list(s))


@op("rms_norm")
def _rms_norm(r, s, bad):
    """``nn.RMSNorm(shape)`` / ``F.rms_norm(x, shape, weight)`` over the trailing dims."""
    n = r.choice([1, 1, 2]) if len(s) >= 2 else 1
    shp = list(s[-n:])
    if bad:
        j = r.randrange(n)
        shp[j] = _other(r, shp[j])
    arg = f"[{_t(shp)}]" if n > 1 or r.random() < 0.5 else str(shp[0])
    if r.random() < 0.6:
        init = [f"self.rms{{i}} = nn.RMSNorm({arg}, eps=1e-6)"]
        fwd = ["x = self.rms{i}(x)"]
    else:
        init = []
        w = f", torch.ones({_t(shp)})" if r.random() < 0.5 else ""
        fwd = [f"x = F.rms_norm(x, [{_t(shp)}]{w})"]
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad else list(s))


@op("instance_norm")
def _instance_norm(r, s, bad):
    """``nn.InstanceNorm1d`` / ``2d`` (affine or tracking statistics) on batched or unbatched
    input of the matching rank."""
    ranks = {"InstanceNorm1d": (2, 3), "InstanceNorm2d": (3, 4), "InstanceNorm3d": (4, 5)}
    fits = [c for c, rk in ranks.items() if len(s) in rk]
    if not fits:
        return None
    cls = r.choice(fits)
    batched = len(s) == ranks[cls][1]
    c = s[1] if batched else s[0]
    kind = r.choice(["ch", "rank"]) if bad else ""
    affine = r.random() < 0.5
    track = r.random() < 0.3
    if kind == "ch":
        c = _other(r, c)
        affine = True
    elif kind == "rank":
        others = [k for k in ranks if k != cls and len(s) not in ranks[k]]
        if not others:
            return None
        cls = r.choice(others)
    extra = (", affine=True" if affine else "") + (", track_running_stats=True" if track else "")
    init = [f"self.inorm{{i}} = nn.{cls}({c}{extra})"]
    return Step(
        init=init, fwd=["x = self.inorm{i}(x)"], bad=bool(kind), out=None if kind else list(s)
    )


@op("prelu")
def _prelu(r, s, bad):
    """``nn.PReLU(num_parameters)``: one weight or one per channel (axis 1; axis 0 of 1-D)."""
    c = s[1] if len(s) >= 2 else s[0]
    n = r.choice([1, c])
    if bad:
        n = r.choice([w for w in (2, 3, 4, 5) if w != c])
    if r.random() < 0.6:
        init, fwd = [f"self.prelu{{i}} = nn.PReLU({n})"], ["x = self.prelu{i}(x)"]
    else:
        init, fwd = [], [f"x = F.prelu(x, torch.full(({n},), 0.25))"]
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad else list(s))


@op("as_views")
def _as_views(r, s, bad):
    """``x.view_as(y)`` / ``reshape_as`` / ``expand_as`` / ``type_as`` / ``new_ones`` with a
    ``y`` of another shape (its number of elements off by one, or sizes that do not expand)."""
    form = r.choice(["view_as", "reshape_as", "expand_as"])
    if form == "expand_as":
        tgt = [2, *s] if not bad else [*s[:-1], s[-1] + 1]
        out = tgt
    else:
        t = _factor_shape(r, s)
        tgt = _resolve(t, s)
        if bad:
            tgt = [*tgt[:-1], tgt[-1] + 1]
        out = tgt
    fwd = [f"x = x.{form}(torch.zeros({_t(tgt)}))"]
    return Step(fwd=fwd, bad=bad, out=None if bad else out)


@op("packed_rnn")
def _packed_rnn(r, s, bad):
    """``pack_padded_sequence(x, lengths, batch_first=...)`` -> LSTM / GRU ->
    ``pad_packed_sequence``: lengths of the batch's size, each at most the time steps (sorted
    unless ``enforce_sorted=False``)."""
    if len(s) != 3:
        return None
    bf = r.random() < 0.6
    b, t = (s[0], s[1]) if bf else (s[1], s[0])
    lens = sorted((r.randint(1, t) for _ in range(b)), reverse=True)
    es = ""
    kind = r.choice(["count", "long", "order"]) if bad else ""
    if kind == "count":
        lens = [*lens, 1]
    elif kind == "long":
        lens = [t + 1, *lens[1:]]
    elif kind == "order":
        if b < 2 or lens[0] == lens[-1]:
            return None
        lens = lens[::-1]
    elif r.random() < 0.4:
        r.shuffle(lens)
        es = ", enforce_sorted=False"
    h = _size(r)
    cls = r.choice(["LSTM", "GRU"])
    bfa = ", batch_first=True" if bf else ""
    init = [f"self.prnn{{i}} = nn.{cls}({s[-1]}, {h}{bfa})"]
    fwd = [
        f"p = nn.utils.rnn.pack_padded_sequence(x, torch.tensor([{_t(lens)}]){bfa}{es})",
        "x, _ = self.prnn{i}(p)",
        f"x = nn.utils.rnn.pad_packed_sequence(x{bfa}, total_length={t})[0]",
    ]
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else [*s[:-1], h])


@op("ctc")
def _ctc(r, s, bad):
    """``F.ctc_loss(log_probs (T, N, C), targets, input_lengths, target_lengths)`` on the input
    read as (T, N, C); the loss is added to ``x``."""
    if len(s) != 3 or s[2] < 2:
        return None
    t, n, c = s
    tl = r.randint(1, max(1, t // 2))
    il = [t] * n
    tls = [tl] * n
    kind = r.choice(["ilen", "count", "tlen"]) if bad else ""
    if kind == "ilen":
        il = [t + 1] + il[1:]
    elif kind == "count":
        tls = [*tls, tl]
    elif kind == "tlen":
        tls = [tl + 1] + tls[1:]
    call = (
        f"F.ctc_loss(x.log_softmax(-1), torch.randint(1, {c}, ({n}, {tl})), "
        f"torch.tensor([{_t(il)}]), torch.tensor([{_t(tls)}]))"
    )
    return Step(fwd=[f"x = x + {call}"], bad=bool(kind), out=None if kind else list(s))


@op("conv_same")
def _conv_same(r, s, bad):
    """``nn.Conv1d`` / ``nn.Conv2d`` with ``padding="same"`` or ``"valid"`` (and dilation);
    "same" refuses a stride above 1."""
    nd = {3: 1, 4: 2}.get(len(s))
    if nd is None:
        return None
    c = s[1]
    k = r.choice([1, 2, 3, 5])
    dil = r.choice([1, 1, 2])
    mode = r.choice(["same", "same", "valid"])
    st = 1
    if bad:
        if r.random() < 0.5:
            mode, st = "same", 2
        else:
            mode, k = "valid", max(s[2:]) + 1
            dil = 1
    co = _size(r)
    extra = f", stride={st}" if st > 1 else ""
    extra += f", dilation={dil}" if dil > 1 else ""
    init = [f"self.cs{{i}} = nn.Conv{nd}d({c}, {co}, {k}, padding={mode!r}{extra})"]
    if mode == "same":
        sp = list(s[2:])
    else:
        sp = [v - dil * (k - 1) for v in s[2:]]
    out = None if bad or min(sp) < 1 else [s[0], co, *sp]
    return Step(init=init, fwd=["x = self.cs{i}(x)"], bad=bad, out=out)


@op("mha_kdim")
def _mha_kdim(r, s, bad):
    """``nn.MultiheadAttention(e, h, kdim=, vdim=, batch_first=True)`` attending from ``x`` to
    a memory of other widths."""
    if len(s) != 3:
        return None
    e = s[-1]
    nh = r.choice([h for h in (1, 2) if e % h == 0])
    kd, vd = _size(r), _size(r)
    src = _size(r)
    mk, mv = kd, vd
    kind = r.choice(["k", "v", "len"]) if bad else ""
    if kind == "k":
        mk = _other(r, kd)
    elif kind == "v":
        mv = _other(r, vd)
    init = [
        f"self.mk{{i}} = nn.MultiheadAttention({e}, {nh}, kdim={kd}, vdim={vd}, batch_first=True)"
    ]
    vlen = src + 1 if kind == "len" else src
    fwd = [
        f"x = self.mk{{i}}(x, torch.randn({s[0]}, {src}, {mk}), torch.randn({s[0]}, {vlen}, {mv}))[0]"
    ]
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else list(s))


@op("transformer_full")
def _transformer_full(r, s, bad):
    """``nn.Transformer(d_model, nhead, 1, 1, ff, batch_first=...)`` on ``x`` as source and a
    target of another length; a causal mask from ``generate_square_subsequent_mask``."""
    if len(s) != 3:
        return None
    e = s[-1]
    heads = [h for h in (1, 2) if e % h == 0]
    bf = r.random() < 0.6
    b = s[0] if bf else s[1]
    tl = _size(r)
    tgt = [b, tl, e] if bf else [tl, b, e]
    kind = r.choice(["batch", "dim", "mask"]) if bad else ""
    if kind == "batch":
        if bf:
            tgt[0] = _other(r, b)
        else:
            tgt[1] = _other(r, b)
    elif kind == "dim":
        tgt[2] = _other(r, e)
    ml = tl + 1 if kind == "mask" else tl
    bfa = ", batch_first=True" if bf else ""
    init = [f"self.tr{{i}} = nn.Transformer({e}, {r.choice(heads)}, 1, 1, 16{bfa})"]
    mask = ""
    if kind == "mask" or r.random() < 0.5:
        mask = f", tgt_mask=nn.Transformer.generate_square_subsequent_mask({ml})"
    fwd = [f"x = self.tr{{i}}(x, torch.randn({_t(tgt)}){mask})"]
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else tgt)


@op("embed_padding")
def _embed_padding(r, s, bad):
    """``nn.Embedding(n, d, padding_idx=p)`` / ``F.embedding(ids, w, padding_idx=p)`` looked up
    with ``x.long()`` clamped into range; ``padding_idx`` must lie in ``[-n, n)`` (the layer
    checks it when built, the functional when called)."""
    n = r.choice([3, 5, 10])
    p = r.choice([0, n - 1, -1, -n])
    if bad:
        p = r.choice([n, -n - 1, n + 2])
    d = _size(r)
    ids = f"x.abs().long().clamp(max={n - 1})"
    if bad or r.random() < 0.4:
        init = [f"self.ew{{i}} = nn.Parameter(torch.randn({n}, {d}))"]
        fwd = [f"x = F.embedding({ids}, self.ew{{i}}, padding_idx={p})"]
    else:
        init = [f"self.ep{{i}} = nn.Embedding({n}, {d}, padding_idx={p})"]
        fwd = [f"x = self.ep{{i}}({ids})"]
    out = [*s, d]
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad or len(out) > 5 else out)


@op("adaptive_max")
def _adaptive_max(r, s, bad):
    """``nn.AdaptiveMaxPool1d`` / ``2d`` / ``F.adaptive_max_pool*`` (with ``return_indices``)
    on input of the rank each takes."""
    nd = r.choice([1, 2])
    ranks = (nd + 1, nd + 2)
    if bad:
        if len(s) in ranks:
            return None
    elif len(s) not in ranks:
        return None
    osz = [r.choice([1, 2, 3]) for _ in range(nd)]
    arg = str(osz[0]) if nd == 1 else f"({_t(osz)})"
    ri = r.random() < 0.3
    if r.random() < 0.5:
        init = [
            f"self.am{{i}} = nn.AdaptiveMaxPool{nd}d({arg}{', return_indices=True' if ri else ''})"
        ]
        fwd = ["x = self.am{i}(x)" + ("[0]" if ri else "")]
    else:
        init = []
        fwd = [
            f"x = F.adaptive_max_pool{nd}d(x, {arg}{', return_indices=True' if ri else ''})"
            + ("[0]" if ri else "")
        ]
    out = None if bad else [*s[: len(s) - nd], *osz]
    return Step(init=init, fwd=fwd, bad=bad, out=out)


# ---- session 29 (crashfix29), third batch, written before seeds 92 / 94: torch functions
# called with other kinds of arguments (an int for a dims tuple, separate ints, a list where a
# tensor goes), integer tensors divided by a size that Python arithmetic made 0, the parameter
# domains of the in-place random fills, ``fill_diagonal_``, format specs of tensors in
# f-strings, and sparse COO tensors
@op("torch_fn_kinds")
def _torch_fn_kinds(r, s, bad):
    """``torch.flip / roll / tile / permute / transpose / sum / isin / maximum`` in the
    argument kinds torch takes, or (bad) in ones it may refuse."""
    n = len(s)
    d = r.randrange(n) - (n if r.random() < 0.5 else 0)
    perm = list(range(n))
    r.shuffle(perm)
    e = r.randrange(n)
    good = [
        (f"x = torch.flip(x, ({d},))", list(s)),
        (f"x = torch.flip(x, [{d}])", list(s)),
        (f"x = torch.roll(x, {r.choice([1, -2])}, {d})", list(s)),
        (f"x = torch.permute(x, ({_t(perm)},))", [s[p] for p in perm]),
        (f"x = torch.tile(x, ({_t([1] * n)},))", list(s)),
        (
            f"x = torch.transpose(x, {d}, {e})",
            [s[e] if j == d % n else s[d % n] if j == e else v for j, v in enumerate(s)],
        ),
        (f"x = torch.sum(x, {d}, keepdim=True)", [1 if j == d % n else v for j, v in enumerate(s)]),
        ("x = x + torch.isin(x.argmax(-1, keepdim=True), torch.tensor([0, 1])).float()", list(s)),
        ("x = torch.maximum(x, torch.zeros(1))", list(s)),
    ]
    worse = [
        f"x = torch.flip(x, {d})",
        f"x = torch.permute(x, {_t(perm)})",
        f"x = torch.tile(x, {r.choice([1, 2])})",
        f"x = torch.roll(x, {r.choice([1.0, 0.5])}, {d})",
        f"x = torch.transpose(x, {d})",
        f"x = torch.sum(x, {float(d)})",
        "x = x + torch.isin(x.argmax(-1, keepdim=True), [0, 1]).float()",
        "x = torch.maximum(x, 0)",
    ]
    if bad:
        return Step(fwd=[r.choice(worse)], bad=True)
    line, out = r.choice(good)
    return Step(fwd=[line], out=out)


@op("int_div_zero")
def _int_div_zero(r, s, bad):
    """An integer position index ``% w`` / ``// w`` (``remainder``, ``div(rounding_mode)``)
    where ``w`` comes from Python arithmetic on sizes, 0 in the bad draw."""
    n = s[-1]
    k = r.choice([1, 2])
    w = f"(x.shape[-1] // {n + 1})" if bad else f"max(x.shape[-1] // {k}, 1)"
    form = r.choice(
        [
            f"i = torch.arange(x.shape[-1]) % {w}",
            f"i = torch.arange(x.shape[-1]) // {w}",
            f"i = torch.remainder(torch.arange(x.shape[-1]), {w})",
            f"i = torch.arange(x.shape[-1]).div({w}, rounding_mode='floor')",
        ]
    )
    return Step(fwd=[form, "x = x + i.float()"], bad=bad, out=None if bad else list(s))


@op("random_fill")
def _random_fill(r, s, bad):
    """``torch.empty_like(x).<fill>(p)`` with ``p`` from Python arithmetic, outside the fill's
    domain in the bad draw."""
    keep = 1.0 if bad else r.choice([0.5, 0.9])
    form = r.choice(
        [
            f"n = torch.empty_like(x).exponential_(2.0 * (1.0 - {keep}))",
            f"n = torch.empty_like(x).geometric_({keep} if {keep} < 1 else 1)",
            f"n = torch.empty_like(x).bernoulli_({keep} + {0.5 if bad else 0.0})",
            f"n = torch.empty_like(x).log_normal_(0.0, 1.0 - {keep})",
            f"n = torch.empty_like(x).cauchy_(0.0, (1.0 - {keep}) * 3)",
        ]
    )
    return Step(fwd=[form, "x = x + 0.01 * n"], bad=bad, out=None if bad else list(s))


@op("fill_diag")
def _fill_diag(r, s, bad):
    """``fill_diagonal_`` of the input (2 dims, or all sizes equal past 2), or of a 3-D
    product of unequal sizes (bad)."""
    n = len(s)
    ok = n == 2 or (n > 2 and len(set(s)) == 1)
    if not bad:
        if ok:
            return Step(fwd=["x = x.clone()", "x.fill_diagonal_(0.0)"], out=list(s))
        return Step(
            fwd=[
                "x = x.clone()",
                "x[0].fill_diagonal_(0.0)"
                if n == 3 and s[1] == s[2]
                else "x.view(-1, x.shape[-1]).fill_diagonal_(0.0)",
            ],
            out=list(s),
        )
    if ok and n > 1:
        return Step(fwd=["x = x.clone()", "x.flatten().fill_diagonal_(0.0)"], bad=True)
    return Step(fwd=["x = x.clone()", "x.fill_diagonal_(0.0)"], bad=True)


@op("format_spec")
def _format_spec(r, s, bad):
    """A statistic logged with an f-string: a 0-d tensor (or ``.item()``) with a format spec,
    or (bad) a tensor of rank >= 1 with one."""
    spec = r.choice([".3f", ".2e", ">8", ""])
    if bad:
        v = r.choice(["x.mean(0)", "x.pow(2).mean(-1)", "x.flatten()[:1]"])
        spec = spec or ".4f"
    else:
        v = r.choice(["x.mean()", "x.pow(2).mean().item()", "x.mean(0)"])
        if v == "x.mean(0)":
            spec = ""
    return Step(
        init=["self.log{i} = []"],
        fwd=[f'self.log{{i}}.append(f"stat={{{v}:{spec}}}")'.replace(":}", "}")],
        bad=bad,
        out=None if bad else list(s),
    )


@op("sparse_layout")
def _sparse_layout(r, s, bad):
    """A 2-D input made sparse COO (a graph adjacency): products and ``to_dense()`` run; a
    view, reshape, mean or softmax of the sparse tensor (bad) has no sparse kernel."""
    if len(s) != 2:
        return None
    pre = ["a = (x > 0).float().to_sparse()"]
    if bad:
        tail = r.choice(
            [
                "x = x * a.sum(1).view(-1, 1)",
                "x = x * a.sum(1).pow(2).reshape(-1, 1)",
                "x = x + a.mean(1, keepdim=True)",
                "x = x + a.softmax(-1)",
            ]
        )
        return Step(fwd=[*pre, tail], bad=True)
    tail, out = r.choice(
        [
            ("x = x * a.sum(1).to_dense().view(-1, 1)", list(s)),
            (f"x = torch.sparse.mm(a, torch.ones({s[1]}, 3))", [s[0], 3]),
            ("x = x + a.to_dense().softmax(-1)", list(s)),
            ("x = x + a.t().coalesce().to_dense().t()", list(s)),
        ]
    )
    return Step(fwd=[*pre, tail], out=out)


# ---- session 30 (crashfix30), fourth batch, written before any run of seeds 95 / 97 and
# before any rule of the session: grouped and dilated convolutions, pooling with dilation,
# padding and ceil_mode, the scatter / index family, ops that want equal dtypes, channels_last
# memory format, functional norms, and layers cast to another dtype in ``__init__``
def _divisors(n: int) -> list[int]:
    return [g for g in range(2, n + 1) if n % g == 0]


@op("conv_groups")
def _conv_groups(r, s, bad):
    """``nn.Conv1d`` / ``nn.Conv2d`` with ``groups`` and ``dilation``, called as a layer or
    through ``F.conv1d`` / ``F.conv2d`` on its weight; the bad draw passes the functional form
    another group count than the weight was made for, or takes a dilated kernel wider than the
    padded input."""
    nd = {3: 1, 4: 2}.get(len(s))
    if nd is None:
        return None
    c, sp = s[1], s[2:]
    gs = _divisors(c)
    g = r.choice(gs) if gs else 1
    o = g * r.choice([1, 2, 3])
    k = r.choice([1, 2, 3])
    dil = r.choice([1, 2, 3])
    p = r.choice([0, 1, dil])
    st = r.choice([1, 1, 2])
    fg = g
    functional = r.random() < 0.4
    if bad:
        if r.random() < 0.5:
            functional = True
            fg = 1 if g > 1 else 2
        else:
            k, p = 3, 0
            dil = max(sp) // 2 + 1
    eff = (k - 1) * dil + 1
    init = [
        f"self.g{{i}} = nn.Conv{nd}d({c}, {o}, {k}, stride={st}, padding={p}, "
        f"dilation={dil}, groups={g})"
    ]
    if functional:
        line = (
            f"x = F.conv{nd}d(x, self.g{{i}}.weight, self.g{{i}}.bias, stride={st}, "
            f"padding={p}, dilation={dil}, groups={fg})"
        )
    else:
        line = "x = self.g{i}(x)"
    if not bad and any(v + 2 * p < eff for v in sp):
        bad = True
    out = None if bad else [s[0], o, *[(v + 2 * p - eff) // st + 1 for v in sp]]
    return Step(init=init, fwd=[line], bad=bad, out=out)


def _pool_len(n: int, k: int, st: int, p: int, dil: int, ceil: bool) -> int:
    eff = dil * (k - 1) + 1
    num = n + 2 * p - eff + (st - 1 if ceil else 0)
    out = num // st + 1
    if ceil and (out - 1) * st >= n + p:
        out -= 1
    return out


@op("pool_opts")
def _pool_opts(r, s, bad):
    """``nn.MaxPool1d/2d`` with ``dilation``, ``padding`` and ``ceil_mode``, or
    ``nn.AvgPool1d/2d`` with ``ceil_mode`` and ``count_include_pad``; the bad draw pads past
    half the (effective) kernel."""
    nd = {3: 1, 4: 2}.get(len(s))
    if nd is None:
        return None
    sp = s[2:]
    kind = r.choice(["Max", "Avg"])
    k = r.choice([2, 3])
    st = r.choice([1, 2, 3])
    dil = r.choice([1, 2]) if kind == "Max" else 1
    ceil = r.random() < 0.5
    half = ((k - 1) * dil + 1) // 2 if kind == "Max" else k // 2
    p = r.randrange(0, half + 1)
    if bad:
        p = half + 1
    extra = f", dilation={dil}" if kind == "Max" else r.choice(["", ", count_include_pad=False"])
    init = [
        f"self.p{{i}} = nn.{kind}Pool{nd}d({k}, stride={st}, padding={p}{extra}, ceil_mode={ceil})"
    ]
    outs = [_pool_len(v, k, st, p, dil, ceil) for v in sp]
    if not bad and any(v < 1 for v in outs):
        bad = True
    return Step(init=init, fwd=["x = self.p{i}(x)"], bad=bad, out=None if bad else [*s[:2], *outs])


@op("scatter_ops")
def _scatter_ops(r, s, bad):
    """``scatter_add`` / ``scatter_reduce`` / ``index_fill`` / ``index_copy`` /
    ``take_along_dim`` along a dim of the input; the bad draw gives an int32 or float index,
    a ``reduce`` name torch does not know, a source of another dtype or size, or an index of
    a lower rank."""
    n = len(s)
    d = r.randrange(n) - (n if r.random() < 0.5 else 0)
    sd = s[d]
    good = [
        [f"x = x.scatter_add({d}, torch.zeros_like(x, dtype=torch.long), x)"],
        [
            f"x = torch.zeros_like(x).scatter_reduce({d}, x.argsort(dim={d}), x, "
            f"reduce={r.choice(['sum', 'amax', 'mean'])!r}, include_self=False)"
        ],
        [f"x = x.index_fill({d}, torch.tensor([{sd - 1}]), 0.0)"],
        [f"x = x.index_copy({d}, torch.arange({sd}).flip(0), x)"],
        [f"x = torch.take_along_dim(x, x.argsort(dim={d}), dim={d})"],
        [f"x = torch.take_along_dim(x, x.argmax(dim={d}, keepdim=True), dim={d}).expand_as(x)"],
    ]
    worse = [
        [f"x = x.scatter_add({d}, torch.zeros_like(x, dtype=torch.int32), x)"],
        [f"x = x.scatter_add({d}, torch.zeros_like(x, dtype=torch.long), x.half())"],
        [f"x = torch.zeros_like(x).scatter_reduce({d}, x.argsort(dim={d}), x, reduce='max')"],
        [f"x = x.index_fill({d}, torch.tensor([0.0]), 0.0)"],
        [f"x = x.index_copy({d}, torch.arange({sd}), x.double())"],
        [f"x = torch.take_along_dim(x, x.argmax(dim={d}), dim={d})"] if n > 1 else [],
        [f"x = x.index_copy({d}, torch.arange({sd + 1}) % {sd}, x)"],
    ]
    if bad:
        return Step(fwd=r.choice([w for w in worse if w]), bad=True)
    return Step(fwd=r.choice(good), out=list(s))


@op("dtype_mix")
def _dtype_mix(r, s, bad):
    """Ops that want both operands of one dtype (``masked_scatter``, index put, ``lerp``,
    ``F.linear``, ``mm``, ``grid_sample``) with one side cast (bad), or promoting ops that
    take mixed dtypes (``+``, ``where``, ``maximum``) and the cast undone (good)."""
    cast = r.choice(["half()", "double()", "to(torch.bfloat16)", "to(torch.float64)"])
    c = s[-1]
    good = [
        ["x = x.masked_scatter(x > 0, x * 2)"],
        [f"x = (x + x.{cast}).float()"],
        [f"x = torch.where(x > 0, x, x.{cast}).float()"],
        [f"x = torch.maximum(x, x.{cast}).to(x.dtype)"],
        ["m = x > 0", "x = x.clone()", f"x[m] = x[m].{cast}.to(x.dtype)"],
        [f"x = torch.lerp(x, x.{cast}.float(), 0.5)"],
        [f"x = F.linear(x, torch.eye({c}).to(x.dtype))"],
    ]
    worse = [
        [f"x = x.masked_scatter(x > 0, x.{cast})"],
        ["m = x > 0", "x = x.clone()", f"x[m] = x[m].{cast}"],
        [f"x = torch.lerp(x, x.{cast}, 0.5)"],
        [f"x = F.linear(x, torch.eye({c}).{cast})"],
        [f"x = F.linear(x.{cast}, torch.eye({c}))"],
    ]
    if len(s) == 2:
        good.append([f"x = torch.mm(x, torch.eye({c}, dtype=x.dtype))"])
        worse.append([f"x = torch.mm(x, torch.eye({c}).{cast})"])
    if len(s) == 4:
        grid = f"torch.zeros({s[0]}, {s[2]}, {s[3]}, 2)"
        good.append([f"x = F.grid_sample(x, {grid}, align_corners=False)"])
        worse.append([f"x = F.grid_sample(x, {grid}.{cast}, align_corners=False)"])
    if bad:
        return Step(fwd=r.choice(worse), bad=True)
    return Step(fwd=r.choice(good), out=list(s))


@op("channels_last")
def _channels_last(r, s, bad):
    """A 4-D input put in ``channels_last`` memory format (then a 1x1 conv, a ReLU or a
    BatchNorm, which keep it) and flattened: ``reshape`` / ``flatten`` / ``contiguous().view``
    / a ``permute`` to NHWC then ``view`` run; a plain ``view`` across C and H*W (bad) may
    not."""
    if len(s) != 4:
        return None
    b, c, h, w = s
    init: list[str] = []
    fwd = [
        r.choice(
            [
                "x = x.contiguous(memory_format=torch.channels_last)",
                "x = x.to(memory_format=torch.channels_last)",
            ]
        )
    ]
    mid = r.choice(["", "conv", "relu", "bn"])
    if mid == "conv":
        init.append(f"self.m{{i}} = nn.Conv2d({c}, {c}, 1)")
        fwd.append("x = self.m{i}(x)")
    elif mid == "bn":
        init.append(f"self.m{{i}} = nn.BatchNorm2d({c})")
        fwd.append("x = self.m{i}(x)")
    elif mid == "relu":
        fwd.append("x = F.relu(x)")
    if bad:
        fwd.append(r.choice(["x = x.view(x.size(0), -1)", f"x = x.view({b}, {c * h * w})"]))
        return Step(init=init, fwd=fwd, bad=True)
    line, out = r.choice(
        [
            ("x = x.reshape(x.size(0), -1)", [b, c * h * w]),
            ("x = x.flatten(1)", [b, c * h * w]),
            ("x = x.contiguous().view(x.size(0), -1)", [b, c * h * w]),
            ("x = x.permute(0, 2, 3, 1).view(x.size(0), -1, x.size(1))", [b, h * w, c]),
        ]
    )
    fwd.append(line)
    return Step(init=init, fwd=fwd, out=out)


@op("norm_functional")
def _norm_functional(r, s, bad):
    """``F.group_norm`` / ``F.batch_norm`` with running statistics / ``F.instance_norm`` /
    ``F.local_response_norm`` / ``nn.LocalResponseNorm``; the bad draw takes a group count
    that does not divide the channels, statistics of another length, or a rank the norm
    refuses."""
    n = len(s)
    c = s[1] if n > 1 else s[0]
    gs = _divisors(c)
    forms: list[tuple[list[str], list[str], bool]] = []
    if n >= 2:
        g = r.choice(gs) if gs else 1
        forms.append(([], [f"x = F.group_norm(x, {g})"], False))
        bg = [w for w in (2, 3, 4, 5, 7) if c % w]
        forms.append(([], [f"x = F.group_norm(x, {r.choice(bg)})"], True))
        forms.append(
            ([], [f"x = F.batch_norm(x, torch.zeros({c}), torch.ones({c}), training=False)"], False)
        )
        forms.append(
            (
                [],
                [f"x = F.batch_norm(x, torch.zeros({c + 1}), torch.ones({c + 1}), training=False)"],
                True,
            )
        )
    if n >= 3:
        forms.append(([], ["x = F.instance_norm(x)"], False))
        forms.append(([], [f"x = F.local_response_norm(x, {r.choice([2, 3])})"], False))
        forms.append(([f"self.n{{i}} = nn.LocalResponseNorm({r.choice([2, 3])})"],
                      ["x = self.n{i}(x)"], False))  # fmt: skip
    else:
        forms.append(([], [f"x = F.local_response_norm(x, {r.choice([2, 3])})"], True))
        forms.append((["self.n{i} = nn.LocalResponseNorm(2)"], ["x = self.n{i}(x)"], True))
    pick = [f for f in forms if f[2] == bad]
    if not pick:
        return None
    init, fwd, is_bad = r.choice(pick)
    return Step(init=init, fwd=fwd, bad=is_bad, out=None if is_bad else list(s))


@op("module_cast_seq")
def _module_cast_seq(r, s, bad):
    """A layer or a small ``nn.Sequential`` cast in ``__init__`` (``.half()``, ``.double()``,
    ``.to(torch.bfloat16)``, ``.to(dtype=torch.float64)``, chained or as a statement); forward
    feeds it the input as it is (bad) or cast to the layer's dtype and back (good)."""
    c = s[-1]
    cast, dt = r.choice(
        [
            ("half()", "torch.float16"),
            ("double()", "torch.float64"),
            ("to(torch.bfloat16)", "torch.bfloat16"),
            ("to(dtype=torch.float64)", "torch.float64"),
        ]
    )
    body = r.choice([f"nn.Linear({c}, {c})", f"nn.Sequential(nn.Linear({c}, {c}), nn.GELU())"])
    if r.random() < 0.5:
        init = [f"self.h{{i}} = {body}.{cast}"]
    else:
        init = [f"self.h{{i}} = {body}", f"self.h{{i}}.{cast}"]
    if bad:
        fwd = r.choice([["x = self.h{i}(x)"], ["x = self.h{i}(x.float())"]])
    else:
        fwd = r.choice(
            [
                [f"x = self.h{{i}}(x.to({dt})).float()"],
                ["x = self.h{i}(x.to(next(self.h{i}.parameters()).dtype)).to(x.dtype)"],
            ]
        )
    return Step(init=init, fwd=fwd, bad=bad, out=None if bad else list(s))


# ---- session 31 (crashfix31), fifth batch, written before any run of seeds 96 / 98 and before
# any rule for them: the blocks of real model code around attention (causal masks, head splits,
# rotary embeddings, position tables), embedding bags, FFT mixers, norms over the wrong axis and
# resampling options. Each form is ordinary code; torch labels it.
@op("causal_mask")
def _causal_mask(r, s, bad):
    """Scores ``x @ x.transpose(-2, -1)`` masked to the past: a GPT-style ``tril`` buffer sliced
    to the length, a ``triu(ones, 1)`` bool mask or an additive ``-inf`` mask, then softmax and
    the values; the bad draw takes a buffer shorter than the sequence, an unsliced buffer of
    another length, a float mask in ``masked_fill`` or an additive mask of another size."""
    if len(s) not in (3, 4):
        return None
    t = s[-2]
    big = t + r.choice([0, 2, 4])
    form = r.choice(["buffer", "triu", "additive"])
    init: list[str] = []
    kind = r.choice(["short", "unsliced", "float", "size"]) if bad else ""
    if form == "buffer" or kind in ("short", "unsliced"):
        form = "buffer"
        ln = big
        if kind == "short":
            ln = t - 1 if t > 2 else None
        if kind == "unsliced" and big == t:
            big = ln = t + 2
        if ln is None:
            kind = "size"
            form = "additive"
        else:
            view = "" if len(s) == 3 else f".view(1, 1, {ln}, {ln})"
            init = [f'self.register_buffer("cm{{i}}", torch.tril(torch.ones({ln}, {ln})){view})']
    if form == "buffer":
        sl = "[:T, :T]" if len(s) == 3 else "[:, :, :T, :T]"
        if kind == "unsliced":
            sl = ""
        test = "self.cm{i}" + sl + (" > 0" if kind == "float" else " == 0")
        if kind == "float":
            test = "self.cm{i}" + sl
        fwd = [
            "T = x.size(-2)",
            "a = x @ x.transpose(-2, -1)",
            f'a = a.masked_fill({test}, float("-inf"))',
            "x = a.softmax(dim=-1) @ x",
        ]
    elif form == "triu":
        m = "torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)"
        if kind == "float":
            m = "torch.triu(torch.ones(T, T), diagonal=1)"
        elif kind == "size":
            m = "torch.triu(torch.ones(T + 1, T + 1, dtype=torch.bool), diagonal=1)"
        fwd = [
            "T = x.size(-2)",
            f"m = {m}",
            'a = (x @ x.transpose(-2, -1)).masked_fill(m, float("-inf"))',
            "x = a.softmax(-1) @ x",
        ]
    else:
        n = "T + 1" if kind in ("size", "float") else "T"
        fwd = [
            "T = x.shape[-2]",
            f'm = torch.full(({n}, {n}), float("-inf")).triu(1)',
            f"x = torch.softmax(x @ x.transpose(-2, -1) / {math.sqrt(s[-1]):.4f} + m, dim=-1) @ x",
        ]
        bad = bad or kind != ""
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else list(s))


@op("rope")
def _rope(r, s, bad):
    """Rotary position embeddings on ``(..., T, D)``: the rotate-half form with cos / sin of an
    ``outer(positions, inv_freq)`` table, or the complex form (``view_as_complex`` of pairs times
    ``torch.polar``, ``view_as_real(...).flatten(-2)``); the bad draw builds the table for
    another width or length, pairs an odd width, makes pairs of 4, or pairs by a transpose
    (strides ``view_as_complex`` refuses)."""
    if len(s) not in (3, 4):
        return None
    d = s[-1]
    if d % 2 and not bad:
        return None
    form = r.choice(["half", "complex"])
    kind = r.choice(["width", "length", "pairs4", "transpose"]) if bad else ""
    if form == "half" and kind in ("pairs4", "transpose"):
        form = "complex"
    w = "D + 2" if kind == "width" else "D"
    ln = "T + 1" if kind == "length" else "T"
    head = [
        "T, D = x.shape[-2], x.shape[-1]",
        f"inv = 1.0 / (10000 ** (torch.arange(0, {w}, 2).float() / D))",
        f"f = torch.outer(torch.arange({ln}).float(), inv)",
    ]
    if form == "half":
        fwd = [
            *head,
            "emb = torch.cat((f, f), dim=-1)",
            "x1, x2 = x.chunk(2, dim=-1)",
            "x = x * emb.cos() + torch.cat((-x2, x1), dim=-1) * emb.sin()",
        ]
    else:
        pairs = "x.float().reshape(*x.shape[:-1], -1, 2)"
        if kind == "pairs4":
            pairs = "x.float().reshape(*x.shape[:-1], -1, 4)"
        elif kind == "transpose":
            pairs = "x.float().reshape(*x.shape[:-1], 2, -1).transpose(-1, -2)"
        fwd = [
            *head,
            f"xc = torch.view_as_complex({pairs})",
            "xc = xc * torch.polar(torch.ones_like(f), f)",
            "x = torch.view_as_real(xc).flatten(-2).type_as(x)",
        ]
    return Step(fwd=fwd, bad=bool(kind) or d % 2 == 1, out=None if kind or d % 2 else list(s))


@op("embedding_bag")
def _embedding_bag(r, s, bad):
    """``nn.EmbeddingBag`` / ``F.embedding_bag`` on ids made from the input: 2-D bags, 1-D ids
    with ``offsets``, ``per_sample_weights`` with ``mode='sum'``; the bad draw gives offsets
    with 2-D ids, per-sample weights with ``mode='mean'`` / ``'max'`` or of another shape, float
    ids, or float offsets."""
    v = r.choice([4, 6, 10])
    e = _size(r)
    b = s[0]
    n = math.prod(s)
    mode = r.choice(["sum", "mean", "max"])
    ids2 = f"(x.abs() * 3).long().clamp(max={v - 1}).reshape({b}, -1)"
    ids1 = f"(x.abs() * 3).long().clamp(max={v - 1}).flatten()"
    step = r.choice([k for k in (1, 2, 3, 4) if n % k == 0 and n // k >= 1])
    bags = n // step
    offs = f"torch.arange(0, {n}, {step})"
    kind = r.choice(["offs2d", "psw_mode", "psw_shape", "float_ids", "float_offs"]) if bad else ""
    functional = r.random() < 0.35
    if functional:
        init = [f"self.ebw{{i}} = nn.Parameter(torch.randn({v}, {e}))"]
    else:
        init = [f"self.eb{{i}} = nn.EmbeddingBag({v}, {e}, mode={mode!r})"]

    def call(ids: str, extra: str) -> str:
        if functional:
            return f"x = F.embedding_bag({ids}, self.ebw{{i}}{extra}, mode={mode!r})"
        return f"x = self.eb{{i}}({ids}{extra})"

    form = r.choice(["2d", "offsets", "psw"])
    if kind == "offs2d":
        form = "2d"
    if kind in ("psw_mode", "psw_shape"):
        form = "psw"
    if form == "psw":
        if kind == "psw_mode":
            mode = r.choice(["mean", "max"])
        elif not kind:
            mode = "sum"
        if not functional:
            init = [f"self.eb{{i}} = nn.EmbeddingBag({v}, {e}, mode={mode!r})"]
        shape = f"{b}, {n // b + 1}" if kind == "psw_shape" else f"{b}, {n // b}"
        fwd = [
            f"ids = {ids2}",
            call("ids", f", per_sample_weights=torch.rand({shape})"),
        ]
        out = [b, e]
    elif form == "offsets":
        o = offs.replace(")", ").float()", 1) + "" if kind == "float_offs" else offs
        if kind == "float_offs":
            o = f"torch.arange(0, {n}, {step}).float()"
        ids = ids1.replace(".long()", "") if kind == "float_ids" else ids1
        if functional:
            fwd = [f"x = F.embedding_bag({ids}, self.ebw{{i}}, {o}, mode={mode!r})"]
        else:
            fwd = [f"x = self.eb{{i}}({ids}, {o})"]
        out = [bags, e]
    else:
        ids = ids2.replace(".long()", "") if kind == "float_ids" else ids2
        extra = f", {offs}" if kind == "offs2d" else ""
        if functional:
            fwd = [f"x = F.embedding_bag({ids}, self.ebw{{i}}{extra}, mode={mode!r})"]
        else:
            fwd = [f"x = self.eb{{i}}({ids}{extra})"]
        out = [b, e]
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else out)


@op("pos_embed")
def _pos_embed(r, s, bad):
    """Position tables on ``(B, T, C)``: a learned ``(1, L, C)`` parameter sliced to the length,
    an ``nn.Embedding(L, C)`` of ``arange(T)``, a sinusoidal buffer, a CLS token concatenated
    first and a table of ``T + 1``; the bad draw makes the table shorter than the sequence, of
    another width, forgets the slice or the CLS row."""
    if len(s) != 3:
        return None
    b, t, c = s
    kind = r.choice(["short", "width", "unsliced", "cls"]) if bad else ""
    ln = t + r.choice([0, 0, 2, 8])
    if kind == "short":
        if t < 3:
            kind = "width"
        else:
            ln = t - 1
    if kind == "unsliced" and ln == t:
        ln = t + 2
    cw = c + 1 if kind == "width" else c
    form = r.choice(["param", "embedding", "sinus", "cls"])
    if kind == "cls":
        form = "cls"
    if form == "sinus" and cw % 2:
        form = "param"
    out = [b, t, c]
    if form == "param":
        init = [f"self.pos{{i}} = nn.Parameter(torch.zeros(1, {ln}, {cw}))"]
        sl = "" if kind == "unsliced" else "[:, : x.size(1)]"
        fwd = [f"x = x + self.pos{{i}}{sl}"]
    elif form == "embedding":
        init = [f"self.pe{{i}} = nn.Embedding({ln}, {cw})"]
        fwd = [
            "pos = torch.arange(x.size(1))" if kind != "unsliced" else f"pos = torch.arange({ln})",
            "x = x + self.pe{i}(pos)[None]",
        ]
    elif form == "sinus":
        init = [
            f"pe = torch.zeros({ln}, {cw})",
            f"p = torch.arange({ln}).unsqueeze(1).float()",
            f"div = torch.exp(torch.arange(0, {cw}, 2).float() * {-math.log(10000.0) / cw!r})",
            "pe[:, 0::2] = torch.sin(p * div)",
            "pe[:, 1::2] = torch.cos(p * div)",
            'self.register_buffer("pb{i}", pe.unsqueeze(0))',
        ]
        sl = "" if kind == "unsliced" else "[:, : x.size(1)]"
        fwd = [f"x = x + self.pb{{i}}{sl}"]
    else:
        tl = t if kind == "cls" else t + 1 + (ln - t)
        init = [
            f"self.cls{{i}} = nn.Parameter(torch.zeros(1, 1, {cw}))",
            f"self.cpos{{i}} = nn.Parameter(torch.zeros(1, {tl}, {c}))",
        ]
        sl = "" if kind in ("unsliced", "cls") else "[:, : x.size(1)]"
        fwd = [
            "x = torch.cat([self.cls{i}.expand(x.size(0), -1, -1), x], dim=1)",
            f"x = x + self.cpos{{i}}{sl}",
        ]
        out = [b, t + 1, c]
        if not kind and sl == "" and tl != t + 1:
            kind = "unsliced"
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else out)


@op("head_split")
def _head_split(r, s, bad):
    """Multi-head self-attention written out on ``(B, T, C)``: a fused ``qkv`` Linear chunked
    in three (or reshaped to ``(B, T, 3, H, C // H)`` and permuted), heads split by ``view``
    and ``transpose``, ``q @ k.transpose(-2, -1)`` scaled, merged by
    ``transpose(1, 2).reshape`` / ``.contiguous().view``; the bad draw merges by ``view`` of
    the transposed tensor, takes a head count that does not divide C, unpacks the chunks into
    two names, or transposes the wrong pair of axes for the scores."""
    if len(s) != 3:
        return None
    b, t, c = s
    hs = [h for h in (1, 2, 4) if c % h == 0 and h <= c]
    h = r.choice(hs)
    kind = r.choice(["merge_view", "heads", "unpack", "scores"]) if bad else ""
    if kind == "heads":
        bads = [g for g in (3, 4, 5) if c % g]
        if bads:
            h = r.choice(bads)
        else:
            kind = "unpack"
    if kind == "merge_view" and (h == 1 or t == 1):
        kind = "scores" if t != c // h else "unpack"
    if kind == "scores" and t == c // h:
        kind = "unpack"
    init = [f"self.qkv{{i}} = nn.Linear({c}, {3 * c})", f"self.o{{i}} = nn.Linear({c}, {c})"]
    if r.random() < 0.5 or kind == "unpack":
        names = "q, k" if kind == "unpack" else "q, k, v"
        split = [
            f"{names} = self.qkv{{i}}(x).chunk(3, dim=-1)",
            f"q = q.view(B, T, {h}, C // {h}).transpose(1, 2)",
            f"k = k.view(B, T, {h}, C // {h}).transpose(1, 2)",
            f"v = v.view(B, T, {h}, C // {h}).transpose(1, 2)" if kind != "unpack" else "v = q",
        ]
    else:
        split = [
            f"q, k, v = self.qkv{{i}}(x).reshape(B, T, 3, {h}, C // {h}).permute(2, 0, 3, 1, 4)",
        ]
    kt = "k.transpose(1, 2)" if kind == "scores" else "k.transpose(-2, -1)"
    merge = (
        "y.transpose(1, 2).view(B, T, C)"
        if kind == "merge_view"
        else r.choice(
            ["y.transpose(1, 2).reshape(B, T, C)", "y.transpose(1, 2).contiguous().view(B, T, C)"]
        )
    )
    fwd = [
        "B, T, C = x.shape",
        *split,
        f"att = (q @ {kt}) * (C // {h}) ** -0.5",
        "y = att.softmax(dim=-1) @ v",
        f"x = self.o{{i}}({merge})",
    ]
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else list(s))


@op("fft_mix")
def _fft_mix(r, s, bad):
    """FFT token mixing and spectral features: FNet's ``torch.fft.fft2(x).real`` /
    ``fft(fft(x, dim=-1), dim=-2).real``, ``irfft(rfft(x), n=...)``, ``rfft(...).abs()`` into a
    Linear of ``n // 2 + 1`` features; the bad draw feeds the complex spectrum to the Linear,
    adds an ``irfft`` of the default length, takes ``view_as_real`` of a real tensor, a 2-D
    transform of a 1-D tensor or a Linear of ``n`` features for the half spectrum."""
    n = s[-1]
    kind = (
        r.choice(["complex_linear", "irfft_len", "as_real", "fft2_rank", "half_width"])
        if bad
        else ""
    )
    if kind == "fft2_rank" and len(s) != 1:
        kind = "half_width" if len(s) >= 2 else kind
    init: list[str] = []
    out = list(s)
    if kind in ("complex_linear", "half_width") or (not kind and r.random() < 0.35):
        m = n if kind == "half_width" else n // 2 + 1
        if kind == "half_width" and m == n // 2 + 1:
            kind = "complex_linear"
        o = _size(r)
        init = [f"self.fl{{i}} = nn.Linear({m}, {o})"]
        spec = (
            "torch.fft.rfft(x, dim=-1)"
            if kind == "complex_linear"
            else "torch.fft.rfft(x, dim=-1).abs()"
        )
        fwd = [f"x = self.fl{{i}}({spec})"]
        out = [*s[:-1], o]
    elif kind == "irfft_len":
        if n % 2 == 0:
            fwd = ["x = x + torch.fft.irfft(torch.fft.rfft(x, dim=-1), dim=-1)[..., :-1]"]
        else:
            fwd = ["x = x + torch.fft.irfft(torch.fft.rfft(x, dim=-1), dim=-1)"]
    elif kind == "as_real":
        fwd = ["x = torch.view_as_real(x).sum(-1)"]
    elif kind == "fft2_rank":
        fwd = ["x = torch.fft.fft2(x).real"]
    else:
        forms = [["x = torch.fft.irfft(torch.fft.rfft(x, dim=-1), n=x.size(-1), dim=-1)"]]
        forms.append(["x = torch.view_as_real(torch.fft.fft(x, dim=-1)).sum(-1)"])
        if len(s) >= 2:
            forms.append(["x = torch.fft.fft2(x).real"])
            forms.append(["x = torch.fft.fft(torch.fft.fft(x, dim=-1), dim=-2).real"])
        fwd = r.choice(forms)
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else out)


@op("norm_axis")
def _norm_axis(r, s, bad):
    """Norms over the axis model code means: ``nn.LayerNorm(C)`` on ``(B, T, C)`` or on
    channels-first maps moved to the last axis, ``nn.BatchNorm1d(C)`` on ``(B, C, T)`` (a
    ``transpose(1, 2)`` around it for ``(B, T, C)``), ``nn.LayerNorm([H, W])`` of the trailing
    pair, ``F.layer_norm`` / ``F.group_norm`` with affine tensors; the bad draw normalizes the
    wrong axis (LayerNorm of the channels of a channels-first map, BatchNorm1d of the last axis
    of ``(B, T, C)``), swaps a trailing pair or gives an affine weight of another size."""
    n = len(s)
    if n < 3:
        return None
    kind = r.choice(["ln_channels", "bn_last", "pair_swap", "affine"]) if bad else ""
    c, last = s[1], s[-1]
    if kind == "ln_channels" and c == last:
        kind = "affine"
    if kind == "bn_last" and (n != 3 or c == last):
        kind = "affine"
    if kind == "pair_swap" and s[-2] == s[-1]:
        kind = "affine"
    init: list[str] = []
    form = r.choice(["ln_last", "ln_moved", "bn_t", "ln_pair", "f_ln", "f_gn"])
    if kind == "ln_channels":
        form = "ln_moved"
    elif kind == "bn_last":
        form = "bn_t"
    elif kind == "pair_swap":
        form = "ln_pair"
    elif kind == "affine":
        form = r.choice(["f_ln", "f_gn"])
    if form == "bn_t" and n != 3:
        form = "ln_last"
    if form == "ln_last":
        init = [f"self.n{{i}} = nn.LayerNorm({last})"]
        fwd = ["x = self.n{i}(x)"]
    elif form == "ln_moved":
        init = [f"self.n{{i}} = nn.LayerNorm({c})"]
        if kind:
            fwd = ["x = self.n{i}(x)"]
        else:
            fwd = ["x = self.n{i}(x.movedim(1, -1)).movedim(-1, 1)"]
    elif form == "bn_t":
        init = [f"self.n{{i}} = nn.BatchNorm1d({last if not kind else last})"]
        fwd = ["x = self.n{i}(x)" if kind else "x = self.n{i}(x.transpose(1, 2)).transpose(1, 2)"]
    elif form == "ln_pair":
        pair = [s[-1], s[-2]] if kind else [s[-2], s[-1]]
        init = [f"self.n{{i}} = nn.LayerNorm([{_t(pair)}])"]
        fwd = ["x = self.n{i}(x)"]
    elif form == "f_ln":
        w = last + 1 if kind else last
        init = [f"self.w{{i}} = nn.Parameter(torch.ones({w}))"]
        fwd = [f"x = F.layer_norm(x, ({last},), self.w{{i}})"]
    else:
        gs = _divisors(c)
        g = r.choice(gs) if gs else 1
        w = c + 1 if kind else c
        init = [
            f"self.w{{i}} = nn.Parameter(torch.ones({w}))",
            f"self.b{{i}} = nn.Parameter(torch.zeros({w}))",
        ]
        fwd = [f"x = F.group_norm(x, {g}, self.w{{i}}, self.b{{i}})"]
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else list(s))


@op("upsample_opts")
def _upsample_opts(r, s, bad):
    """``nn.Upsample`` / ``F.interpolate`` with the options decoders pass: ``align_corners``
    with an interpolating mode, ``recompute_scale_factor``, ``antialias`` on bilinear / bicubic
    4-D input, ``nn.Upsample(size=...)``; the bad draw sets ``align_corners`` with nearest,
    gives both ``size`` and ``scale_factor``, ``antialias`` with nearest, or
    ``recompute_scale_factor`` with a size."""
    if len(s) not in (3, 4):
        return None
    nd = len(s) - 2
    interp = "linear" if nd == 1 else r.choice(["bilinear", "bicubic"])
    kind = r.choice(["ac_nearest", "both", "aa_nearest", "recompute_size"]) if bad else ""
    if kind == "aa_nearest" and nd != 2:
        kind = "ac_nearest"
    f = r.choice([2, 2, 3])
    size = [v * f for v in s[2:]]
    sz = f"{size[0]}" if nd == 1 else f"({_t(size)})"
    out = [*s[:2], *size]
    init: list[str] = []
    if kind == "ac_nearest":
        fwd = [f'x = F.interpolate(x, scale_factor={f}, mode="nearest", align_corners=True)']
    elif kind == "both":
        fwd = [f'x = F.interpolate(x, size={sz}, scale_factor={f}, mode="{interp}")']
    elif kind == "aa_nearest":
        fwd = [f'x = F.interpolate(x, scale_factor={f}, mode="nearest", antialias=True)']
    elif kind == "recompute_size":
        fwd = [f'x = F.interpolate(x, size={sz}, mode="nearest", recompute_scale_factor=True)']
    else:
        forms = [
            (
                [
                    f'self.u{{i}} = nn.Upsample(scale_factor={f}, mode="{interp}", align_corners=True)'
                ],
                ["x = self.u{i}(x)"],
            ),
            ([f"self.u{{i}} = nn.Upsample(size={sz})"], ["x = self.u{i}(x)"]),
            (
                [],
                [
                    f'x = F.interpolate(x, scale_factor={f}, mode="{interp}", recompute_scale_factor=True)'
                ],
            ),
            ([], [f'x = F.interpolate(x, size={sz}, mode="nearest-exact")']),
        ]
        if nd == 2:
            forms.append(
                ([], [f'x = F.interpolate(x, scale_factor={f}, mode="{interp}", antialias=True)'])
            )
        init, fwd = r.choice(forms)
    return Step(init=init, fwd=fwd, bad=bool(kind), out=None if kind else out)


@dataclass
class Program:
    name: str
    src: str
    input: list[int]
    kind: str
    ops: list[str]
    # op name -> the file lines it wrote (1-based)
    lines: dict[int, int]
    bad: bool


def program(seed: int, i: int, ops: list[str]) -> Program:
    """The ``i``-th program of ``seed``: a pure function of both (and the op list)."""
    r = random.Random(f"shapefuzz:{seed}:{i}")
    init: list[tuple[int, str]] = []
    fwd: list[tuple[int, str]] = []
    used: list[str] = []
    tokens = "embedding" in ops and r.random() < max(0.1, 1 / len(ops))
    if tokens:
        b, t = r.choice([1, 2, 3]), _size(r)
        shape = [b, t]
        # the ids are randint(0, 2): any table of 2 rows or more takes them; the bad form is
        # float ids (the ids' values are not in the shape, so a too-small table is not drawn)
        bad = r.random() < P_BAD
        dim = _size(r)
        init.append((0, f"self.e0 = nn.Embedding({r.choice([2, 5, 10])}, {dim})"))
        fwd.append((0, "x = self.e0(x.float())" if bad else "x = self.e0(x)"))
        used.append("embedding")
        s: Shape | None = None if bad else [b, t, dim]
    else:
        rank = r.choice([2, 3, 3, 4, 4, 5])
        shape = [r.choice([1, 2, 3, 4, 6, 8]) if j else r.choice([1, 2, 3]) for j in range(rank)]
        s, bad = list(shape), False
    n_ops = r.choice([1, 2, 2, 3])
    pool = [o for o in ops if o != "embedding"]
    tries = 0
    while s is not None and len(used) < n_ops and pool and tries < 30:
        tries += 1
        name = r.choice(pool)
        want_bad = r.random() < P_BAD
        step = OPS[name](r, s, want_bad)
        if step is None:
            continue
        if math.prod(step.out or [1]) > 4096 or len(step.out or []) > 6:
            continue  # keep the tensors tiny
        k = len(used)
        init += [(k, ln.replace("{i}", str(k))) for ln in step.init]
        fwd += [(k, ln.replace("{i}", str(k))) for ln in step.fwd]
        used.append(name)
        bad = bad or step.bad
        s = step.out if step.out and 0 not in step.out else None  # no op follows an empty axis
    name = f"sf{seed}_{i:05d}"
    head = (
        f'"""shapefuzz program {name} (seed {seed}): {", ".join(used)}."""\n\n{HEAD}'
        + ("import einops\n" if any("einops." in ln for _, ln in fwd) else "")
        + ("import math\n" if any("math." in ln for _, ln in fwd) else "")
        + "\n"
        f"INPUT = ({_t(shape)},)\nINPUT_KIND = {'tokens' if tokens else 'float'!r}\n\n\n"
        "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    )
    lines = head.splitlines()
    where: dict[int, int] = {}
    for k, ln in init:
        lines.append(f"        {ln}")
        where[len(lines)] = k
    lines += ["", "    def forward(self, x):"]
    for k, ln in fwd:
        lines.append(f"        {ln}")
        where[len(lines)] = k
    lines.append("        return x")
    return Program(
        name, "\n".join(lines) + "\n", shape, "tokens" if tokens else "float", used, where, bad
    )


# ---- torch's verdict (worker processes)
TORCH_WORKER = r"""
import json, resource, runpy, sys, traceback, warnings
resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
warnings.filterwarnings("ignore")
import torch
torch.set_num_threads(1)

def first_line(e):
    lines = str(e).strip().splitlines()
    return f"{type(e).__name__}: {lines[0][:300] if lines else ''}"

def run(path, shape, kind, seed):
    torch.manual_seed(seed)
    try:
        net = runpy.run_path(path, run_name="__shapefuzz__")["Net"]()
        net.eval()
    except Exception as e:
        return {"built": False, "error": first_line(e)}
    x = torch.randint(0, 2, shape) if kind == "tokens" else torch.randn(shape)
    try:
        with torch.no_grad():
            net(x)
    except Exception as e:
        line = None
        for fr in traceback.extract_tb(e.__traceback__):
            if fr.filename == path:
                line = fr.lineno
        return {"built": True, "crash": True, "error": first_line(e), "line": line}
    return {"built": True, "crash": False, "error": None, "line": None}

for job in sys.stdin:
    j = json.loads(job)
    v = run(j["path"], tuple(j["input"]), j["kind"], 0)
    if v.get("built"):
        v1 = run(j["path"], tuple(j["input"]), j["kind"], 1)
        v["stable"] = v1.get("crash") == v["crash"]
    print(json.dumps(v), flush=True)
"""

STATIC_WORKER = r"""
import contextlib, io, json, sys
from driftcheck.cli import main
for line in sys.stdin:
    job = json.loads(line)
    buf, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(err):
        try:
            rc = main(job["argv"])
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 1
        except BaseException as e:
            rc, err = 99, io.StringIO(repr(e))
    print(json.dumps({"rc": rc, "out": buf.getvalue(), "err": err.getvalue()[-500:]}), flush=True)
"""


def _pool_run(worker: str, jobs: list[dict], n_proc: int, env: dict, timeout: float) -> list[dict]:
    """Each job through one of ``n_proc`` long-lived workers (stdin/stdout JSON lines); a worker
    that dies or runs past ``timeout`` on a job is replaced and the job answers ``dead``."""
    import threading

    results: list[dict | None] = [None] * len(jobs)
    lock = threading.Lock()
    nxt = [0]

    def spawn() -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-c", worker],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=ROOT,
            env=env,
        )

    def loop() -> None:
        p = spawn()
        while True:
            with lock:
                k = nxt[0]
                nxt[0] += 1
            if k >= len(jobs):
                break
            assert p.stdin is not None and p.stdout is not None
            out: list[str] = []
            try:
                p.stdin.write(json.dumps(jobs[k]) + "\n")
                p.stdin.flush()
                t = threading.Thread(target=lambda o=out, q=p: o.append(q.stdout.readline()))
                t.start()
                t.join(timeout)
            except (BrokenPipeError, OSError):
                pass
            if out and out[0]:
                results[k] = json.loads(out[0])
            else:
                results[k] = {"dead": True}
                p.kill()
                p.wait()
                p = spawn()
        p.stdin.close()
        p.wait()

    threads = [threading.Thread(target=loop) for _ in range(max(1, n_proc))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [r or {"dead": True} for r in results]


def torch_verdicts(progs: list[Program], paths: list[Path], jobs: int) -> list[dict]:
    work = [
        {"path": str(p), "input": g.input, "kind": g.kind}
        for g, p in zip(progs, paths, strict=True)
    ]
    env = dict(os.environ, OMP_NUM_THREADS="1")
    return _pool_run(TORCH_WORKER, work, jobs, env, timeout=60)


def static_verdicts(progs: list[Program], paths: list[Path], jobs: int) -> list[dict]:
    work = []
    for g, p in zip(progs, paths, strict=True):
        argv = [
            "check",
            f"{p}::Net",
            "--format",
            "json",
            "--input-shape",
            _t(g.input).replace(" ", ""),
        ]
        # the dtype and values torch's side feeds (``randint(0, 2)`` ids, ``randn`` floats)
        if g.kind == "tokens":
            argv += ["--input-dtype", "int64", "--input-range", "0:2"]
        else:
            argv += ["--input-dtype", "float32"]
        work.append({"argv": argv})
    env = dict(os.environ, PYTHONPATH=str(ROOT), DRIFTCHECK_NO_CACHE="1")
    raw = _pool_run(STATIC_WORKER, work, jobs, env, timeout=120)
    out = []
    for r in raw:
        try:
            data = json.loads(r["out"])
        except (KeyError, TypeError, json.JSONDecodeError):
            out.append({"failure": True, "blockers": [], "unconfirmed": False, "err": r.get("err")})
            continue
        bl = []
        for f in data.get("findings", []):
            if f.get("severity") == "blocker":
                loc = (f.get("locations") or [{}])[0]
                bl.append({"id": f["check_id"], "line": loc.get("line"), "message": f["message"]})
        unconf = any(f.get("check_id") == "SHP009" for f in data.get("findings", []))
        out.append({"failure": r["rc"] not in (0, 1), "blockers": bl, "unconfirmed": unconf})
    return out


def generate(seed: int, n: int, ops: list[str]) -> list[Program]:
    return [program(seed, i, ops) for i in range(n)]


def write(progs: list[Program], folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for g in progs:
        p = folder / f"{g.name}.py"
        p.write_text(g.src)
        paths.append(p)
    return paths


def table(progs: list[Program], truth: list[dict], static: list[dict] | None) -> tuple[str, dict]:
    """The per-op table and the totals (programs dropped when torch cannot build or the verdict
    depends on the seed)."""
    rows: dict[str, dict[str, int]] = {}
    tot = {"programs": 0, "dropped": 0, "crash": 0, "TP": 0, "FP": 0, "FN": 0, "TN": 0}
    tot["failures"] = 0
    for k, (g, t) in enumerate(zip(progs, truth, strict=True)):
        if t.get("dead") or not t.get("built") or not t.get("stable"):
            tot["dropped"] += 1
            continue
        tot["programs"] += 1
        tot["crash"] += t["crash"]
        at = g.lines.get(t.get("line") or -1)
        st = static[k] if static else None
        flagged = bool(st and st["blockers"])
        for j, name in enumerate(g.ops):
            row = rows.setdefault(
                name, {"progs": 0, "crash": 0, "blk": 0, "fp": 0, "miss": 0, "unconf": 0}
            )
            row["progs"] += 1
            if t["crash"] and at == j:
                row["crash"] += 1
                if static and flagged:
                    row["blk"] += 1
                elif static:
                    row["miss"] += 1
            if st and st["unconfirmed"]:
                row["unconf"] += 1
            if st and not t["crash"]:
                row["fp"] += sum(g.lines.get(b["line"] or -1) == j for b in st["blockers"])
        if static:
            tot["failures"] += bool(st and st["failure"])
            key = ("TP" if flagged else "FN") if t["crash"] else ("FP" if flagged else "TN")
            tot[key] += 1
    lines = [f"{'op':20} {'progs':>5} {'crash':>5} {'blk':>5} {'FP':>4} {'miss':>5} {'unconf':>6}"]
    for name in sorted(rows, key=lambda o: (-rows[o]["miss"] - 10 * rows[o]["fp"], o)):
        x = rows[name]
        lines.append(
            f"{name:20} {x['progs']:5} {x['crash']:5} {x['blk']:5} {x['fp']:4} {x['miss']:5} "
            f"{x['unconf']:6}"
        )
    return "\n".join(lines), {"ops": rows, "total": tot}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--ops", help="comma-separated op names (default: all of OPS)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-static", action="store_true", help="torch only (no analyzer run)")
    ap.add_argument("--show", choices=["fp", "fn", "all"], help="list programs of this kind")
    ap.add_argument("--json", help="write per-program results here")
    ap.add_argument("--out", help="folder for the program files")
    a = ap.parse_args(argv)
    ops = a.ops.split(",") if a.ops else list(OPS)
    unknown = [o for o in ops if o not in OPS]
    if unknown:
        ap.error(f"unknown ops {unknown}; known: {', '.join(OPS)}")
    folder = Path(a.out) if a.out else ROOT / "benchmarks" / "out" / "shapefuzz" / f"seed{a.seed}"
    t0 = time.perf_counter()
    progs = generate(a.seed, a.n, ops)
    paths = write(progs, folder)
    truth = torch_verdicts(progs, paths, a.jobs)
    t1 = time.perf_counter()
    static = None if a.no_static else static_verdicts(progs, paths, a.jobs)
    t2 = time.perf_counter()
    text, summary = table(progs, truth, static)
    print(text)
    tot = summary["total"]
    print(
        f"\nseed {a.seed}: {a.n} programs, {tot['dropped']} dropped, {tot['programs']} judged, "
        f"{tot['crash']} crash in torch; torch {t1 - t0:.1f} s, static {t2 - t1:.1f} s"
    )
    if static:
        tp, fp, fn = tot["TP"], tot["FP"], tot["FN"]
        prec = tp / (tp + fp) if tp + fp else float("nan")
        rec = tp / (tp + fn) if tp + fn else float("nan")
        print(
            f"precision {prec:.1%} ({tp}/{tp + fp}), recall {rec:.1%} ({tp}/{tp + fn}), "
            f"tool failures {tot['failures']}"
        )
    if a.show and static:
        for g, t, st in zip(progs, truth, static, strict=True):
            if not t.get("built") or not t.get("stable"):
                continue
            flagged = bool(st["blockers"])
            kind = (
                "fn" if t["crash"] and not flagged else "fp" if flagged and not t["crash"] else ""
            )
            if a.show == "all" or a.show == kind:
                print(f"\n[{kind or 'ok'}] {g.name} ({', '.join(g.ops)}) input {tuple(g.input)}")
                print(f"  torch: {t['error']} (line {t.get('line')})")
                for b in st["blockers"]:
                    print(f"  {b['id']} :{b['line']}: {b['message'][:240]}")
    if a.json:
        Path(a.json).write_text(
            json.dumps(
                {
                    "summary": summary,
                    "programs": [
                        {"name": g.name, "ops": g.ops, "torch": t, "static": st}
                        for g, t, st in zip(
                            progs, truth, static or [None] * len(progs), strict=True
                        )
                    ],
                },
                indent=1,
            )
            + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
