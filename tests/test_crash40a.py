"""Session 40 (crashfix40a): a checkpoint's state followed through values (crash rules checked
against torch, CPU, seeded): a blocker exactly when torch raises; the clean twins (``_ok``)
show what the rules must not claim.

- ``m.state_dict()`` is a dict of known tensors wherever it goes (a name, a comprehension, a
  checkpoint dict, a torch.save / torch.load round trip); ``load_state_dict`` of it is judged
  by ``dataflow_fix35.state_loaded`` (size mismatch, unexpected keys under strict).
- ``io.BytesIO()`` followed through ``torch.save`` / ``seek(0)`` / ``torch.load``: loading
  with the position at the end of what was saved is torch's EOFError; ``mmap=True`` of a
  buffer is ValueError.
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import (
    blockers,
    check_blocker_iff_crash,
    registrar,
    torch_crashes,
    write,
)


@pytest.fixture(autouse=True)
def _fix40a_on(monkeypatch):
    """The module is opt-in since review40 (``DRIFTCHECK_FIX40A=1``): these are its own tests."""
    monkeypatch.setenv("DRIFTCHECK_FIX40A", "1")


def test_off_by_default(tmp_path, capsys, monkeypatch):
    """Without ``DRIFTCHECK_FIX40A=1`` the round trip is not followed (no blocker)."""
    path = write(MODELS, HEAD, "roundtrip_no_rewind", tmp_path)
    assert blockers(path, (2, 5), capsys)
    monkeypatch.delenv("DRIFTCHECK_FIX40A")
    assert not blockers(path, (2, 5), capsys)


HEAD = "import io\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)

TOWER = """
class Tower(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.inp = nn.Linear(d, h)
        self.norm = nn.BatchNorm1d(h)
        self.out = nn.Linear(h, 3)

    def forward(self, x):
        return self.out(torch.tanh(self.norm(self.inp(x))))
"""


def net(name: str, init: str, body: str, shape: tuple[int, ...] = (2, 5)) -> None:
    src = (
        f"{TOWER}\n\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"        {init}\n\n    def forward(self, x):\n        {body}\n        return self.b(x)\n"
    )
    model(name, shape, src)


TWO = "self.a = Tower(5, {ha})\n        self.b = Tower(5, {hb})"

# ---------------------------------------------------------------- state_dict() bound to a name
for _name, _ha, _hb, _body in (
    ("sdname_wider", 7, 4, "snap = self.a.state_dict()\n        self.b.load_state_dict(snap)"),
    ("sdname_ok_same", 4, 4, "snap = self.a.state_dict()\n        self.b.load_state_dict(snap)"),
    (
        "sdname_nonstrict_kw",
        4,
        6,
        "snap = self.a.state_dict()\n        self.b.load_state_dict(state_dict=snap, strict=False)",
    ),
    (
        "sdname_ok_nonstrict_same",
        6,
        6,
        "snap = self.a.state_dict()\n        self.b.load_state_dict(snap, False)",
    ),
    # a comprehension dropping the buffer: strict is fine with fewer keys? no: missing key
    # is not claimed (the pass judges only size and unexpected keys), so only the clean twin
    (
        "sdname_ok_filtered_nonstrict",
        4,
        4,
        "snap = {k: v for k, v in self.a.state_dict().items() if 'norm' not in k}\n"
        "        self.b.load_state_dict(snap, strict=False)",
    ),
    (
        "sdname_prefixed",
        4,
        4,
        "snap = {'model.' + k: v for k, v in self.a.state_dict().items()}\n"
        "        self.b.load_state_dict(snap)",
    ),
    (
        "sdname_ok_prefix_stripped",
        4,
        4,
        "snap = {'model.' + k: v for k, v in self.a.state_dict().items()}\n"
        "        self.b.load_state_dict({k[6:]: v for k, v in snap.items()})",
    ),
    (
        "sdname_in_checkpoint_dict",
        4,
        4,
        "ckpt = {'weights': self.a.state_dict(), 'step': 3}\n        self.b.load_state_dict(ckpt)",
    ),
    (
        "sdname_ok_checkpoint_key",
        4,
        4,
        "ckpt = {'weights': self.a.state_dict(), 'step': 3}\n"
        "        self.b.load_state_dict(ckpt['weights'])",
    ),
):
    net(_name, TWO.format(ha=_ha, hb=_hb), _body)

# modules of the code's own built in forward (plain arguments): their state known
WRAP = """
class Wrap(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def forward(self, x):
        return self.inner(x)
"""
for _name, _body in (
    ("built_wider", "fresh = Tower(5, 8)\n        fresh.load_state_dict(self.a.state_dict())"),
    ("built_ok_same", "fresh = Tower(5, 4)\n        fresh.load_state_dict(self.a.state_dict())"),
    (
        "built_kw_nonstrict",
        "fresh = Tower(d=5, h=9)\n        fresh.load_state_dict(self.a.state_dict(), strict=False)",
    ),
    ("built_into_graph", "self.b.load_state_dict(Tower(5, 6).state_dict())"),
    ("built_ok_into_graph", "self.b.load_state_dict(Tower(5, 4).state_dict())"),
    ("built_wrapped_keys", "self.b.load_state_dict(Wrap(Tower(5, 4)).state_dict())"),
    (
        "built_ok_wrapped_inner",
        "w = Wrap(Tower(5, 4))\n        w.inner.load_state_dict(self.b.state_dict())",
    ),
    (
        "built_ok_wrapped_whole",
        "w = Wrap(Tower(5, 4))\n        w.load_state_dict(Wrap(self.b).state_dict())",
    ),
):
    net(_name, TWO.format(ha=4, hb=4), _body)
    MODELS[_name] = (WRAP + MODELS[_name][0], *MODELS[_name][1:])

# random_split of a dataset whose length the pass knows (input batch 6)
SPLIT = (
    "from torch.utils.data import Subset, TensorDataset, random_split\n\n"
    "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.fc = nn.Linear(5, 2)\n\n    def forward(self, x):\n"
    "        {body}\n        return self.fc(x)\n"
)
for _name, _body in (
    ("split_counts_short", "a, b = random_split(TensorDataset(x), [4, 1])"),
    ("split_ok_counts", "a, b = random_split(TensorDataset(x), [4, 2])"),
    ("split_ok_fractions", "a, b = random_split(TensorDataset(x), (0.5, 0.5))"),
    (
        "split_kw_pair_dataset",
        "ds = TensorDataset(x, x.sum(1))\n        parts = random_split(ds, lengths=(3, 2, 2))",
    ),
    (
        "split_ok_len_based",
        "ds = TensorDataset(x)\n        k = len(ds) // 3\n"
        "        parts = random_split(ds, [k, len(ds) - k])",
    ),
    (
        "split_subset_counts",
        "sub = Subset(TensorDataset(x), [0, 2, 4])\n        a, b = random_split(sub, [2, 2])",
    ),
    (
        "split_ok_subset_counts",
        "sub = Subset(TensorDataset(x), [0, 2, 4])\n        a, b = random_split(sub, [2, 1])",
    ),
):
    model(_name, (6, 5), SPLIT.format(body=_body))

# equal items of a Sequential / ModuleList (one graph node, one module each in torch)
STACK = (
    "\n\nclass Stack(nn.Module):\n    def __init__(self, w, n):\n        super().__init__()\n"
    "        self.layers = nn.ModuleList(nn.Linear(w, w) for _ in range(n))\n\n"
    "    def forward(self, x):\n        for m in self.layers:\n            x = m(x)\n"
    "        return x\n\n\nclass Net(nn.Module):\n    def __init__(self):\n"
    "        super().__init__()\n        self.a = Stack(5, 3)\n        self.b = Stack({w}, {n})\n"
    "        self.c = nn.Sequential(*[nn.Linear(5, 5) for _ in range(2)])\n\n"
    "    def forward(self, x):\n        {body}\n        return self.a(x)\n"
)
for _name, _w, _n, _body in (
    ("folded_wider", 6, 3, "self.b.load_state_dict(self.a.state_dict(), strict=False)"),
    ("folded_ok_same", 5, 3, "self.b.load_state_dict(self.a.state_dict())"),
    ("folded_ok_fewer_nonstrict", 5, 2, "self.b.load_state_dict(self.a.state_dict(), False)"),
    ("folded_more_strict", 5, 2, "sd = self.a.state_dict()\n        self.b.load_state_dict(sd)"),
    (
        "folded_seq_keys",
        5,
        3,
        "self.c.load_state_dict({k: v for k, v in self.a.state_dict().items() if 'layers.2' "
        "not in k})",
    ),
    (
        "folded_ok_seq_renamed",
        5,
        3,
        "sd = self.a.state_dict()\n        del sd['layers.2.weight']\n        del sd['layers.2.bias']\n"
        "        self.c.load_state_dict({k[7:]: v for k, v in sd.items()})",
    ),
):
    model(_name, (2, 5), STACK.format(w=_w, n=_n, body=_body))

# dataclasses.replace of a config in forward, a module built from it
CFG = (
    "import dataclasses\nfrom dataclasses import dataclass, replace\n\n\n@dataclass\n"
    "class Cfg:\n    d: int = 5\n    h: int = 4\n\n\nclass Tower2(nn.Module):\n"
    "    def __init__(self, cfg):\n        super().__init__()\n"
    "        self.inp = nn.Linear(cfg.d, cfg.h)\n        self.out = nn.Linear(cfg.h, 3)\n\n"
    "    def forward(self, x):\n        return self.out(self.inp(x))\n\n\n"
    "class Net(nn.Module):\n    def __init__(self, cfg=Cfg()):\n        super().__init__()\n"
    "        self.cfg = cfg\n        self.a = Tower2(cfg)\n\n    def forward(self, x):\n"
    "        {body}\n        return self.a(x)\n"
)
for _name, _body in (
    (
        "cfgreplace_wider",
        "t = Tower2(replace(self.cfg, h=9))\n        t.load_state_dict(self.a.state_dict())",
    ),
    (
        "cfgreplace_ok_same_width",
        "t = Tower2(replace(self.cfg, h=4))\n        t.load_state_dict(self.a.state_dict())",
    ),
    (
        "cfgreplace_module_spelling_nonstrict",
        "c2 = dataclasses.replace(self.cfg, d=5, h=2)\n"
        "        self.a.load_state_dict(Tower2(c2).state_dict(), strict=False)",
    ),
    (
        "cfgreplace_ok_other_field",
        "c2 = dataclasses.replace(self.cfg, d=5)\n"
        "        self.a.load_state_dict(Tower2(c2).state_dict())",
    ),
):
    model(_name, (2, 5), CFG.format(body=_body))

# dict(pairs) / dict(d) of values the pass holds (dict(...) kept only its keywords before)
for _name, _body in (
    (
        "dictpairs_prefixed_gen",
        "sd = dict(('m.' + k, v) for k, v in self.a.state_dict().items())\n"
        "        self.b.load_state_dict(sd)",
    ),
    (
        "dictpairs_ok_plain_copy",
        "sd = dict(self.a.state_dict())\n        self.b.load_state_dict(sd)",
    ),
    (
        "dictpairs_list_extra_kw",
        "sd = dict(list(self.a.state_dict().items()), step=3)\n        self.b.load_state_dict(sd)",
    ),
    (
        "dictpairs_ok_list_nonstrict",
        "sd = dict([(k, v) for k, v in self.a.state_dict().items()], step=3)\n"
        "        self.b.load_state_dict(sd, strict=False)",
    ),
):
    net(_name, TWO.format(ha=4, hb=4), _body)

# ``del sd[key]`` of a dict held: the key removed (not followed before session 40)
for _name, _body in (
    (
        "delitem_ok_extra_removed",
        "sd = {**self.a.state_dict(), 'note': 1}\n        del sd['note']\n"
        "        self.b.load_state_dict(sd)",
    ),
    (
        "delitem_other_removed",
        "sd = {**self.a.state_dict(), 'note': 1}\n        del sd['out.bias']\n"
        "        self.b.load_state_dict(sd, strict=True)",
    ),
):
    net(_name, TWO.format(ha=4, hb=4), _body)

# ---------------------------------------------------------------- torch.save / torch.load
for _name, _ha, _hb, _body in (
    (
        "roundtrip_no_rewind",
        4,
        4,
        "stream = io.BytesIO()\n        torch.save(self.a.state_dict(), stream)\n"
        "        self.b.load_state_dict(torch.load(stream))",
    ),
    (
        "roundtrip_ok_rewound",
        4,
        4,
        "stream = io.BytesIO()\n        torch.save(self.a.state_dict(), stream)\n"
        "        stream.seek(0)\n        self.b.load_state_dict(torch.load(stream))",
    ),
    (
        "roundtrip_no_rewind_kwargs",
        4,
        4,
        "stream = io.BytesIO()\n        torch.save(obj=self.a.state_dict(), f=stream)\n"
        "        got = torch.load(f=stream, map_location='cpu', weights_only=False)",
    ),
    (
        "roundtrip_ok_getvalue_copy",
        4,
        4,
        "stream = io.BytesIO()\n        torch.save(self.a.state_dict(), stream)\n"
        "        again = io.BytesIO(stream.getvalue())\n"
        "        self.b.load_state_dict(torch.load(again, weights_only=True))",
    ),
    (
        "roundtrip_wider_rewound",
        8,
        4,
        "stream = io.BytesIO()\n        torch.save(self.a.state_dict(), stream)\n"
        "        stream.seek(0)\n        sd = torch.load(stream, weights_only=True)\n"
        "        self.b.load_state_dict(sd, strict=False)",
    ),
    (
        "roundtrip_ok_narrow_rewound_same",
        4,
        4,
        "stream = io.BytesIO()\n        torch.save({'m': self.a.state_dict(), 'ep': 1}, stream)\n"
        "        stream.seek(0)\n        ck = torch.load(stream, weights_only=True)\n"
        "        self.b.load_state_dict(ck['m'])",
    ),
    (
        "roundtrip_whole_ckpt_rewound",
        4,
        4,
        "stream = io.BytesIO()\n        torch.save({'m': self.a.state_dict(), 'ep': 1}, stream)\n"
        "        stream.seek(0)\n        self.b.load_state_dict(torch.load(stream))",
    ),
    (
        "roundtrip_mmap_buffer",
        4,
        4,
        "stream = io.BytesIO()\n        torch.save(self.a.state_dict(), stream)\n"
        "        stream.seek(0)\n        sd = torch.load(stream, mmap=True)",
    ),
    (
        "roundtrip_ok_second_read_rewound",
        4,
        4,
        "stream = io.BytesIO()\n        torch.save(self.a.state_dict(), stream)\n"
        "        stream.seek(0)\n        first = torch.load(stream)\n        stream.seek(0)\n"
        "        self.b.load_state_dict(torch.load(stream))",
    ),
    (
        "roundtrip_second_read_no_rewind",
        4,
        4,
        "stream = io.BytesIO()\n        torch.save(self.a.state_dict(), stream)\n"
        "        stream.seek(0)\n        first = torch.load(stream)\n"
        "        self.b.load_state_dict(torch.load(stream))",
    ),
):
    net(_name, TWO.format(ha=_ha, hb=_hb), _body)

# torch.load's default weights_only=True of a module object torch.save wrote
for _name, _body in (
    (
        "weights_module_whole",
        "s = io.BytesIO()\n        torch.save(self.a, s)\n        s.seek(0)\n"
        "        m = torch.load(s)",
    ),
    (
        "weights_ok_module_trusted",
        "s = io.BytesIO()\n        torch.save(self.a.inp, s)\n        s.seek(0)\n"
        "        m = torch.load(s, weights_only=False)",
    ),
    (
        "weights_module_in_dict",
        "s = io.BytesIO()\n        torch.save({'net': self.a, 'epoch': 2}, s)\n        s.seek(0)\n"
        "        m = torch.load(s, map_location='cpu')",
    ),
    (
        "weights_module_in_list_explicit",
        "s = io.BytesIO()\n        torch.save([self.a.inp], f=s)\n        s.seek(0)\n"
        "        m = torch.load(s, weights_only=True)",
    ),
    (
        "weights_ok_state_in_dict",
        "s = io.BytesIO()\n        torch.save({'net': self.a.state_dict(), 'epoch': 2}, s)\n"
        "        s.seek(0)\n        m = torch.load(s)",
    ),
):
    net(_name, TWO.format(ha=4, hb=4), _body)

# a namespace object in the checkpoint (argparse / types): not allow-listed either
NS = (
    "import argparse\nimport types\n\n\nclass Net(nn.Module):\n    def __init__(self):\n"
    "        super().__init__()\n        self.fc = nn.Linear(5, 2)\n        self.meta = {meta}\n\n"
    "    def forward(self, x):\n        s = io.BytesIO()\n"
    "        torch.save({{'w': self.fc.state_dict(), 'meta': self.meta}}, s)\n        s.seek(0)\n"
    "        got = torch.load(s{extra})\n        return self.fc(x)\n"
)
for _name, _meta, _extra in (
    ("nsmeta_argparse", "argparse.Namespace(epoch=2, best=0.5)", ""),
    ("nsmeta_simple", "types.SimpleNamespace(epoch=2)", ", map_location='cpu'"),
    ("nsmeta_ok_trusted", "argparse.Namespace(epoch=2)", ", weights_only=False"),
    ("nsmeta_ok_plain_dict", "dict(epoch=2, best=0.5)", ""),
):
    model(_name, (2, 5), NS.format(meta=_meta, extra=_extra))

# through a helper method returning the buffer
HELPER = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Tower(5, 4)
        self.b = Tower(5, {hb})

    def dump(self):
        out = io.BytesIO()
        torch.save(self.a.state_dict(), out)
        {rewind}
        return out

    def forward(self, x):
        blob = self.dump()
        self.b.load_state_dict(torch.load(blob, weights_only=True))
        return self.b(x)
"""
for _name, _hb, _rewind in (
    ("helper_not_rewound", 4, "pass"),
    ("helper_ok_rewound", 4, "out.seek(0)"),
    ("helper_rewound_wider", 9, "out.seek(0)"),
):
    model(_name, (2, 5), TOWER + HELPER.format(hb=_hb, rewind=_rewind))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    assert torch_crashes(write(MODELS, HEAD, name, tmp_path), shape, kind) is ("_ok" not in name)
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_both_sides_present():
    """Each family has crashing and clean models (the names say which)."""
    fams: dict[str, set[bool]] = {}
    for name in MODELS:
        fams.setdefault(name.split("_")[0], set()).add("_ok" in name)
    assert all(v == {True, False} for v in fams.values()), fams


UNSURE = {
    # the buffer handed to a function the pass does not follow (it may seek): no claim
    "handed_on": (
        "stream = io.BytesIO()\n        torch.save(self.a.state_dict(), stream)\n"
        "        print(stream)\n        got = torch.load(stream)"
    ),
    # saved in code that may not run (the input's values decide): no claim
    "maybe_saved": (
        "stream = io.BytesIO()\n        if x.sum() > 0:\n"
        "            torch.save(self.a.state_dict(), stream)\n"
        "            stream.seek(0)\n        got = torch.load(stream)"
    ),
}


@pytest.mark.parametrize("name", sorted(UNSURE))
def test_unsure_uses_claim_nothing(name, tmp_path, capsys):
    """Uses of the buffer the pass cannot follow: no blocker (torch may or may not raise)."""
    models: dict = {}
    registrar(models)(
        name,
        (2, 5),
        TOWER
        + "\n\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + "        self.a = Tower(5, 4)\n\n    def forward(self, x):\n        "
        + UNSURE[name]
        + "\n        return self.a(x)\n",
    )
    assert not blockers(write(models, HEAD, name, tmp_path), (2, 5), capsys)


def test_switch_off(tmp_path, capsys, monkeypatch):
    """``DRIFTCHECK_NO_FIX40A=1``: the round trip is not followed (no blocker)."""
    path = write(MODELS, HEAD, "roundtrip_no_rewind", tmp_path)
    assert blockers(path, (2, 5), capsys)
    monkeypatch.setenv("DRIFTCHECK_NO_FIX40A", "1")
    assert not blockers(path, (2, 5), capsys)


def test_held_attr_reads_the_call_marker():
    """``dataflow_fix39a.held_attr`` knows an ``__init__`` optimizer / scaler by the marker the
    interpreter sets (``abstract.called_of``), not by its note text: an ``Unknown`` whose text
    reads like such a call but carries no marker is not one; the interpreter's own result is."""
    import inspect

    from driftcheck.parsers.source.forward import dataflow_fix39a
    from driftcheck.parsers.source.values.abstract import Unknown, called_of

    src = inspect.getsource(dataflow_fix39a.held_attr)
    assert "called_of(v)" in src and ".why" not in src
    assert called_of(Unknown("call of torch.optim.Adam"), "torch.optim.") is None
    marked = Unknown("call of torch.optim.Adam", called="torch.optim.Adam")
    assert called_of(marked, "torch.optim.") == "torch.optim.Adam"
