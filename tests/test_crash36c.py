"""Session 36 (crashfix36): forward pre-hooks run on module calls in ``forward``
(``dataflow_fix36.pre_hooks``), their results applied to the call's inputs as torch's
``Module._call_impl`` does, and forward hooks read from each repeated block. Each model is run
by torch (CPU, seeded): a blocker exactly when torch raises; the clean twins (``ok_``) show
what the modelling must not claim."""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, registrar, torch_crashes, write

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)

NET = """
{hooks}

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.out = nn.Linear(6, 4)
        {init}

    def forward(self, x):
        h = self.fc(x)
        return self.out(h)
"""


def net(name: str, hooks: str, init: str) -> None:
    model(name, (3, 6), NET.format(hooks=hooks, init=init))


# a plain pre-hook: a non-None result replaces the inputs (a non-tuple becomes a 1-tuple)
HALF = "def half(m, args):\n    return args[0][:, :3]\n"
SAME = "def same(m, args):\n    return args[0] * 2\n"
TUP = "def tup(m, args):\n    return (args[0][:, :3],)\n"
NONE = "def nothing(m, args):\n    args[0].mul(2)\n"
net("pre_plain_tensor_narrow", HALF, "self.out.register_forward_pre_hook(half)")
net("ok_pre_plain_tensor_same", SAME, "self.out.register_forward_pre_hook(same)")
net("pre_plain_tuple_narrow", TUP, "self.out.register_forward_pre_hook(tup)")
net("ok_pre_plain_none", NONE, "self.out.register_forward_pre_hook(nothing)")
net("ok_pre_on_other_layer", HALF, "self.fc.register_forward_pre_hook(lambda m, a: None)")
# the pre-hook on the first layer narrows its input: the first Linear fails
net("pre_first_layer_narrow", HALF, "self.fc.register_forward_pre_hook(half)")
# a plain pre-hook returning chunk pieces (a tuple in torch: two inputs)
model(
    "ok_pre_chunk_pieces",
    (3, 6),
    """
def split(m, args):
    return args[0].chunk(2, -1)


class Two(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 4)

    def forward(self, x, y):
        return self.a(x) + self.a(y)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.two = Two()
        self.two.register_forward_pre_hook(split)

    def forward(self, x):
        return self.two(self.fc(x))
""",
)
# two hooks in order (``prepend=True`` first): the second sees what the first made
PAD = "def pad(m, args):\n    return torch.cat([args[0], torch.zeros(3, 3)], dim=-1)\n"
net(
    "ok_pre_two_in_order",  # 6 -> 3 -> 6
    HALF + "\n\n" + PAD,
    "self.out.register_forward_pre_hook(half)\n        self.out.register_forward_pre_hook(pad)",
)
net(
    "pre_two_prepend",  # pad first: 6 -> 9 -> 3
    HALF + "\n\n" + PAD,
    "self.out.register_forward_pre_hook(half)\n"
    "        self.out.register_forward_pre_hook(pad, prepend=True)",
)
# with_kwargs: ``(new_args, new_kwargs)`` replaces both
KW = "def kw(m, args, kwargs):\n    return (args[0][:, :3],), kwargs\n"
KW_OK = "def kw(m, args, kwargs):\n    return (args[0] + 1,), dict(kwargs)\n"
KW_LIST = "def kw(m, args, kwargs):\n    return [args[0][:, :3]], {}\n"
net("pre_kwargs_pair_narrow", KW, "self.out.register_forward_pre_hook(kw, with_kwargs=True)")
net("ok_pre_kwargs_pair", KW_OK, "self.out.register_forward_pre_hook(kw, with_kwargs=True)")
net("pre_kwargs_list_args", KW_LIST, "self.out.register_forward_pre_hook(kw, with_kwargs=True)")
# the pre-hook narrows to what the layer takes and the forward hook widens it back: clean in
# torch (a false blocker before session 36, when pre-hooks were not run in forward)
model(
    "ok_pre_narrow_to_fit",
    (3, 6),
    """
def half(m, args):
    return args[0][:, :3]


def widen(m, args, out):
    return torch.cat([out, out], -1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.out = nn.Linear(3, 2)
        self.out.register_forward_pre_hook(half)
        self.out.register_forward_hook(widen)
        self.tail = nn.Linear(4, 2)

    def forward(self, x):
        h = self.fc(x)
        return self.tail(self.out(h))
""",
)
# the form error on a later hook, and on a hook of a bound method / ``__call__`` instance
BAD = "def bad(m, args, kwargs):\n    return args[0]\n"
net(
    "pre_second_hook_form",
    KW_OK + "\n\n" + BAD,
    "self.out.register_forward_pre_hook(kw, with_kwargs=True)\n"
    "        self.out.register_forward_pre_hook(bad, with_kwargs=True)",
)
net(
    "ok_pre_kwargs_none",
    "def kw(m, args, kwargs):\n    return None\n",
    "self.out.register_forward_pre_hook(kw, with_kwargs=True)",
)
CALLER = """class Scale:
    def __init__(self, k):
        self.k = k

    def __call__(self, m, args):
        return args[0][:, : self.k]
"""
net("pre_call_instance_narrow", CALLER, "self.out.register_forward_pre_hook(Scale(3))")
net("ok_pre_call_instance", CALLER, "self.out.register_forward_pre_hook(Scale(6))")
model(
    "pre_bound_method_triple",
    (3, 6),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.out = nn.Linear(6, 4)
        self.out.register_forward_pre_hook(self._pre, with_kwargs=True)

    def _pre(self, m, args, kwargs):
        return args, kwargs, None

    def forward(self, x):
        return self.out(self.fc(x))
""",
)
# a forward hook sees the inputs the pre-hook made
POST = """def lift(m, args):
    return args[0].unsqueeze(0)


def post(m, args, out):
    return out.reshape(args[0].shape[0], 4)
"""
net(
    "pre_then_post_sees_new_args",
    POST,
    "self.out.register_forward_pre_hook(lift)\n        self.out.register_forward_hook(post)",
)
net(
    "ok_post_sees_old_args",
    POST,
    "self.out.register_forward_hook(post)",
)
# a forward hook with_kwargs runs as ``hook(m, args, kwargs, out)``
net(
    "post_kwargs_narrow",
    "def post(m, args, kwargs, out):\n    return out[:, :2]\n",
    "self.fc.register_forward_hook(post, with_kwargs=True)",
)
net(
    "ok_post_kwargs",
    "def post(m, args, kwargs, out):\n    return out * 2\n",
    "self.fc.register_forward_hook(post, with_kwargs=True)",
)

BLOCKS = """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return x + self.fc(x)


{hook}


class Net(nn.Module):
    def __init__(self, d=6):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d) for _ in range(3))
        for i, b in enumerate(self.blocks):
            if i == {which}:
                b.{register}(hook)

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return x
"""


def blocks(name: str, hook: str, which: int, register: str = "register_forward_hook") -> None:
    model(name, (3, 6), BLOCKS.format(hook=hook, which=which, register=register))


# repeated blocks: the hook sits on one later block, the graph's stand-in is block 0
NARROW_POST = "def hook(m, args, out):\n    return out[:, :3]"
blocks("post_later_block_narrow", NARROW_POST, 1)
blocks("ok_post_last_block_narrow", NARROW_POST, 2)  # the last block's output is the result
blocks("post_later_block_arity", "def hook(m, args):\n    return None", 1)
blocks("ok_post_later_block_arity", "def hook(m, args, out):\n    return None", 1)
NARROW_PRE = "def hook(m, args):\n    return args[0][:, :3]"
blocks("pre_later_block_narrow", NARROW_PRE, 2, "register_forward_pre_hook")
blocks(
    "ok_pre_later_block", "def hook(m, args):\n    return args[0] * 0.5", 2,
    "register_forward_pre_hook",
)  # fmt: skip
# a pre-hook on block 0 only: the later blocks (the same graph node) run without it
blocks(
    "ok_pre_first_block_only_ones",
    "def hook(m, args):\n    return torch.ones(3, 6)",
    0,
    "register_forward_pre_hook",
)

# hooks on the items of an ``nn.Sequential``: torch calls each item as a module (its hooks run)
SEQ = """
def pad(m, args, out):
    return F.pad(out, (0, 3))


def pre(m, args):
    return args[0][:, :3]


def bad(m, args, kwargs):
    return args[0]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 3), nn.ReLU(), nn.Linear(6, 4), nn.Linear({k}, 2))
        {init}

    def forward(self, x):
        return self.body(x)
"""
model(
    "ok_seq_item_hooks",
    (3, 6),
    SEQ.format(
        k=3,
        init="self.body[0].register_forward_hook(pad)\n"
        "        self.body[3].register_forward_pre_hook(pre)",
    ),
)
model(
    "seq_item_pre_narrow",
    (3, 6),
    SEQ.format(
        k=4,
        init="self.body[3].register_forward_pre_hook(pre)\n        self.body[0].register_forward_hook(pad)",
    ),
)
model(
    "seq_item_no_pad", (3, 6), SEQ.format(k=3, init="self.body[3].register_forward_pre_hook(pre)")
)
model(
    "seq_item_pre_form",
    (3, 6),
    SEQ.format(
        k=3,
        init="self.body[0].register_forward_hook(pad)\n"
        "        self.body[2].register_forward_pre_hook(bad, with_kwargs=True)",
    ),
)

# a hook of the wrong arity registered in forward on one block (``dataflow_fix35c``): the
# very block called raises, not the repeated stand-in
FWD_REG = """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return x + self.fc(x)


class Net(nn.Module):
    def __init__(self, d=6):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d) for _ in range(3))

    def forward(self, x):
        for i, b in enumerate(self.blocks):
            if i == 1:
                b.register_forward_hook(lambda m, out: None)
        {body}
        return x
"""
model("fwdreg_block1_called", (3, 6), FWD_REG.format(body="x = self.blocks[1](x)"))
model("fwdreg_loop_all", (3, 6), FWD_REG.format(body="for b in self.blocks:\n            x = b(x)"))
model("ok_fwdreg_block0_only", (3, 6), FWD_REG.format(body="x = self.blocks[0](x)"))
model(
    "ok_fwdreg_block2_only",
    (3, 6),
    FWD_REG.format(body="x = self.blocks[2](x)\n        x = self.blocks[0](x)"),
)

# unsure: a handle removed in forward, a registration under an undecided condition
model(
    "ok_pre_handle_removed",
    (3, 6),
    """
def bad(m, args, kwargs):
    return args[0]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.out = nn.Linear(6, 4)
        self.hh = self.out.register_forward_pre_hook(bad, with_kwargs=True)

    def forward(self, x):
        self.hh.remove()
        return self.out(x)
""",
)
model(
    "ok_pre_undecided_condition",
    (3, 6),
    """
def half(m, args):
    return args[0][:, :3]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.out = nn.Linear(6, 4)
        if torch.rand(1).item() > 2:
            self.out.register_forward_pre_hook(half)

    def forward(self, x):
        return self.out(x)
""",
)


# ``next(loader)`` of a torch DataLoader (``dataflow_fix36_loader``): an iterable, not an iterator
LOADER = """
import itertools

from torch.utils.data import DataLoader, IterableDataset, TensorDataset


class Stream(IterableDataset):
    def __init__(self, x):
        self.x = x

    def __iter__(self):
        return iter(self.x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        {body}
        return self.lin(first)
"""


def loader(name: str, body: str) -> None:
    model(name, (6, 4), LOADER.format(body=body))


TDS = "loader = DataLoader(TensorDataset(x), batch_size=2)\n        "
loader("next_tensor_dataset", TDS + "(first,) = next(loader)")
loader("next_alias", TDS + "it = loader\n        (first,) = next(it)")
loader("next_with_default", TDS + "(first,) = next(loader, None)")
loader("next_stream", "loader = DataLoader(Stream(x), batch_size=2)\n        first = next(loader)")
loader("next_list", "loader = DataLoader(list(x), batch_size=2)\n        first = next(loader)")
loader(  # an unknown call in between: a local name still holds the loader
    "next_after_unknown",
    TDS + "x.numpy().tolist()\n        (first,) = next(loader)",
)
loader("ok_next_iter", TDS + "(first,) = next(iter(loader))")
loader("ok_next_cycle", TDS + "(first,) = next(itertools.cycle(loader))")
loader("ok_next_islice", TDS + "(first,) = next(itertools.islice(loader, 1))")
loader("ok_next_enumerate", TDS + "_, (first,) = next(enumerate(loader))")
loader("ok_next_map", TDS + "first = next(map(lambda b: b[0], loader))")
loader("ok_next_zip", TDS + "((first,),) = next(zip(loader))")
loader("ok_next_stream_iter", "first = next(iter(DataLoader(Stream(x), batch_size=2)))")
loader(  # rebound on a path the pass cannot decide: either way an iterator
    "ok_next_rebound_branch",
    TDS + "if x.sum() > -1e9:\n            loader = iter(loader)\n"
    "        else:\n            loader = iter(loader)\n        (first,) = next(loader)",
)
loader(
    "ok_next_rebound_one_branch",
    TDS
    + "if x.abs().sum() >= 0:\n            loader = iter(loader)\n        (first,) = next(loader)",
)
model(
    "ok_next_own_subclass",
    (6, 4),
    """
from torch.utils.data import DataLoader, TensorDataset


class Peek(DataLoader):
    def __next__(self):
        return next(iter(self))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        loader = Peek(TensorDataset(x), batch_size=2)
        (first,) = next(loader)
        return self.lin(first)
""",
)


# ``sched.step()`` of a ReduceLROnPlateau made in forward: the metric is required
PLATEAU = """
class MyPlateau(torch.optim.lr_scheduler.ReduceLROnPlateau):
    def step(self, metrics=0.0, epoch=None):
        return super().step(metrics, epoch)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.opt = torch.optim.SGD(self.lin.parameters(), lr=0.1)
        self.sched = None

    def forward(self, x):
        loss = self.lin(x).pow(2).mean()
        {body}
        return self.lin(x)
"""


def plateau(name: str, body: str) -> None:
    model(name, (3, 4), PLATEAU.format(body=body))


RLP = "torch.optim.lr_scheduler.ReduceLROnPlateau(self.opt)"
plateau("plateau_local_bare", f"s = {RLP}\n        s.step()")
plateau(
    "plateau_self_lazy_bare",
    f"if self.sched is None:\n            self.sched = {RLP}\n        self.sched.step()",
)
plateau("ok_plateau_metric", f"s = {RLP}\n        s.step(loss.item())")
plateau("ok_plateau_metric_kw", f"s = {RLP}\n        s.step(metrics=loss.item())")
plateau("ok_plateau_own_subclass", "s = MyPlateau(self.opt)\n        s.step()")
plateau("ok_step_lr_bare", "s = torch.optim.lr_scheduler.StepLR(self.opt, 2)\n        s.step()")


# a module method's result that is no module, called as one (``dataflow_fix36_loader.not_callable``)
WARM = """
class Enc(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(x)


class OwnLoad(Enc):
    def load_state_dict(self, sd, strict=True):
        super().load_state_dict(sd, strict)
        return self


def warm(model, src):
    return {call}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = {cls}()
        self.src = Enc()

    def forward(self, x):
        model = warm(self.model, self.src)
        {body}
        return model(x)
"""


def warm(name: str, call: str, cls: str = "Enc", body: str = "") -> None:
    model(name, (3, 4), WARM.format(call=call, cls=cls, body=body or "pass"))


warm("handle_called", "model.register_forward_hook(lambda m, i, o: None)")
warm("handle_pre_called", "model.register_forward_pre_hook(lambda m, i: None)")
warm("load_report_called", "model.load_state_dict(src.state_dict())")
warm("ok_train_called", "model.train()")
warm("ok_requires_grad_called", "model.requires_grad_(False)")
warm("ok_own_load_called", "model.load_state_dict(src.state_dict())", cls="OwnLoad")
warm(
    "ok_handle_branch",
    "model.register_forward_hook(lambda m, i, o: None)",
    body="if x.sum() < 1e9:\n            model = self.model",
)


# ``load_state_dict`` of a state holding ``_extra_state`` into a class with no setter
EXTRA = """
class Base(nn.Module):
    def set_extra_state(self, state):
        self.words = state["words"]


class Vocab({base}):
    def __init__(self):
        super().__init__()
        self.table = nn.Embedding(12, 6)
        self.words = ["<pad>", "<s>"]

    def get_extra_state(self):
        return {{"words": list(self.words)}}

    def forward(self, x):
        return x @ self.table.weight[: x.shape[-1]]


class Plain(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = nn.Embedding(12, 6)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.vocab = Vocab()
        {init}

    def forward(self, x):
        {body}
        return self.vocab(x)
"""


def extra(name: str, body: str, base: str = "nn.Module", init: str = "pass") -> None:
    model(name, (3, 12), EXTRA.format(base=base, body=body, init=init))


extra("extra_new_instance", "self.vocab.load_state_dict(Vocab().state_dict())")
extra("extra_self_copy", "self.vocab.load_state_dict(self.vocab.state_dict())")
extra("extra_strict_true", "self.vocab.load_state_dict(Vocab().state_dict(), strict=True)")
extra("extra_local", "v = self.vocab\n        v.load_state_dict(v.state_dict())")
extra(
    "extra_after_unknown",
    "x.numpy().tolist()\n        self.vocab.load_state_dict(Vocab().state_dict())",
)
extra("ok_extra_setter", "self.vocab.load_state_dict(Vocab().state_dict())", base="Base")
extra("ok_extra_not_strict", "self.vocab.load_state_dict(Vocab().state_dict(), strict=False)")
extra("ok_extra_other_class", "self.vocab.load_state_dict(Plain().state_dict())")
extra(
    "ok_extra_hook_drops",
    "self.vocab.load_state_dict(self.vocab.state_dict())",
    init="self.vocab._register_state_dict_hook(\n"
    "            lambda m, sd, p, lm: [sd.pop(p + '_extra_state', None)] and None)",
)
extra(  # the child rebound in forward before: not followed after an unknown call
    "ok_extra_rebound",
    "x.numpy().tolist()\n        self.vocab = self.vocab if x.sum() > 1e9 else self.vocab\n"
    "        self.vocab.load_state_dict(Plain().state_dict())",
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is not name.startswith("ok_"), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


def test_switch_off(tmp_path, capsys, monkeypatch):
    """``DRIFTCHECK_NO_PREHOOKS_36=1``: pre-hooks ignored as before (the narrowing is missed)."""
    path = write(MODELS, HEAD, "pre_plain_tensor_narrow", tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_PREHOOKS_36", "1")
    assert not blockers(path, (3, 6), capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_PREHOOKS_36")
    assert blockers(path, (3, 6), capsys)


def test_form_switch_off(tmp_path, capsys, monkeypatch):
    path = write(MODELS, HEAD, "pre_second_hook_form", tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_PREHOOK_FORM_35", "1")
    assert not blockers(path, (3, 6), capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_PREHOOK_FORM_35")
    found = blockers(path, (3, 6), capsys)
    assert any("forward pre-hook must return" in f.get("message", "") for f in found), found


def test_loader_switch_off(tmp_path, capsys, monkeypatch):
    path = write(MODELS, HEAD, "next_tensor_dataset", tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_LOADER_NEXT_36", "1")
    assert not blockers(path, (6, 4), capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_LOADER_NEXT_36")
    found = blockers(path, (6, 4), capsys)
    assert any("is not an iterator" in f.get("message", "") for f in found), found
