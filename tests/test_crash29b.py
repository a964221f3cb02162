"""Forward-crash rules of session 29 (crashfix29b: fresh21's dev misses, made general) against
torch.

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin. The tables
the rules read (``DTYPE_FUNCS``, ``DEVICE_FUNCS``, ``FFTS``, ``DTYPE_NAMES``...) are asked of
torch item by item, and the einsum rule is compared with torch on random equations.

``stdcorr``: ``std`` / ``var`` with ``unbiased=`` and ``correction=``; ``dtypestr``: a str as
``dtype=`` or a dtype's name as ``.to``'s argument; ``devtensor``: a tensor as ``device=``;
``diagfloat``: a float ``triu`` / ``tril`` diagonal; ``wherenone``: a None branch of
``where``; ``fullint``: an int size of ``full`` / ``new_full``; ``einsumrep``: an output
subscript named twice; ``argswap``: ``gather`` / ``index_select`` with a tensor as ``dim``;
``vander``: ``torch.vander`` of a tensor not 1-D; ``stacknum``: Python numbers in
``stack`` / ``cat``; ``sdpadrop``: ``dropout_p > 1``; ``ffthalf``: torch.fft on float16 /
bfloat16; ``unique``: ``torch.unique``'s tuple unpacked into another number of names;
``mhatuple``: a tensor and the tuple a torch layer returns under ``+ - / @``; ``mhacausal``:
MultiheadAttention ``is_causal=True`` without a mask outside the fast path; ``idxfloat``: a
floating tensor index (``torch.full`` of an int is int64, ``/`` makes it float);
``poolidx``: a max pool's int64 indices into a convolution.
"""

from __future__ import annotations

import random

import pytest

from driftcheck.parsers.source.forward import dataflow_fix29b as rules
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def fwd(name: str, body: str, shape: tuple[int, ...] = (2, 6, 8)) -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(2, 6, 8)``) then ``body``."""
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)",), body))


fwd("stdcorr_method", "return h.std(dim=1, unbiased=False, correction=0)")
fwd("stdcorr_var_mean", "return torch.var_mean(h, 1, unbiased=True, correction=1)[0]")
fwd("stdcorr_ok", "return h.std(dim=1, correction=0) + h.var(1, unbiased=False)")
fwd("dtypestr_to", 'return h.to("float32")')
fwd("dtypestr_to_half", 'return h.to("half")')
fwd("dtypestr_like", 'return torch.zeros_like(h, dtype="float32") + h')
fwd("dtypestr_sum", 'return h.sum(-1, dtype="float64")')
fwd("dtypestr_softmax", 'return F.softmax(h, -1, dtype="float32")')
fwd("dtypestr_ok", 'return h.to("cpu") + torch.zeros_like(h, dtype=torch.float32)')
fwd("dtypestr_type_ok", 'return h.type("torch.FloatTensor")')
fwd("devtensor_ones", "return h + torch.ones(8, device=h)")
fwd("devtensor_like", "return torch.zeros_like(h, device=h) + h")
fwd("devtensor_ok", "return h + torch.ones(8, device=h.device)")
fwd("diagfloat_triu", "return torch.triu(h, diagonal=6 / 6)")
fwd("diagfloat_tril_method", "return h.tril(1.0)")
fwd("diagfloat_ok", "return torch.triu(h, diagonal=6 // 6) + h.tril(-1)")
fwd("wherenone_fn", "return torch.where(h > 0, h, None)")
fwd("wherenone_method", "return h.where(h > 0, None)")
fwd("wherenone_ok", "return torch.where(h > 0, h, 0.0) + h.where(h > 0, 1.0)")
fwd("fullint_method", "return h + h.new_full(8, 1.0)")
fwd("fullint_fn", "return h + torch.full(8, 0.5)")
fwd("fullint_ok", "return h + h.new_full((8,), 1.0) + torch.full([8], 0.5)")
fwd("einsumrep_out", 'return torch.einsum("bij,bkj->bii", h, h)')
fwd("einsumrep_spaces", 'return torch.einsum("bij, bkj -> bkk", h, h)')
fwd("einsumrep_ok", 'return torch.einsum("bij,bkj->bik", h, h)')
fwd("argswap_gather", "return h.gather(h.argmax(-1, keepdim=True), 2)")
fwd("argswap_index_select", "return h.index_select(torch.tensor([0, 1]), 2)")
fwd(
    "argswap_ok",
    "return h.gather(2, h.argmax(-1, keepdim=True)) + h.index_select(2, torch.tensor([0]))",
)
fwd("vander_2d", "return torch.vander(h[0], N=3)")
fwd("vander_0d", "return torch.vander(h[0, 0, 0])")
fwd("vander_ok", "return torch.vander(h[0, 0], N=3)")
fwd("stacknum_sizes", "return h + torch.stack([h.shape[1], h.shape[2]]).sum()")
fwd("stacknum_cat", "return torch.cat([h, 1])")
fwd("stacknum_float", "return h + torch.stack((h.sum(), 2.0)).sum()")
fwd("stacknum_ok", "return h + torch.stack([torch.tensor(h.shape[1]), torch.tensor(3)]).sum()")
fwd("sdpadrop_ten", "return F.scaled_dot_product_attention(h, h, h, dropout_p=10)")
fwd("sdpadrop_frac", "return F.scaled_dot_product_attention(h, h, h, None, 1.5)")
fwd("sdpadrop_ok", "return F.scaled_dot_product_attention(h, h, h, dropout_p=0.0)")
fwd("sdpadrop_one_ok", "return F.scaled_dot_product_attention(h, h, h, dropout_p=1.0)")
fwd("ffthalf_fft", "return torch.fft.fft(h.half()).real.float()")
fwd("ffthalf_rfft2", "return torch.fft.rfft2(h.bfloat16()).abs().float()")
fwd("ffthalf_to", "return torch.fft.fft2(h.to(torch.float16)).real.float()")
fwd("ffthalf_ok", "return torch.fft.fft(h.half().float()).real + torch.fft.fftshift(h.half())")
fwd(
    "unique_missing",
    "u, inv, c = torch.unique(h.argmax(-1), return_inverse=True)\n        return h + c.sum()",
)
fwd(
    "unique_method",
    "i = h.argmax(-1)\n        u, c = i.unique(return_inverse=True, return_counts=True)\n        return h + c.sum()",
)
fwd(
    "unique_ok",
    "u, inv, c = torch.unique(h.argmax(-1), return_inverse=True, return_counts=True)\n        return h + c.sum()",
)
fwd(
    "unique_method_ok",
    "i = h.argmax(-1)\n        u, c = i.unique(return_counts=True)\n        return h + c.sum()",
)

_MHA = ("self.fc = nn.Linear(8, 8)", "self.attn = nn.MultiheadAttention(8, 2, batch_first=True)")
_MHA_TB = ("self.fc = nn.Linear(8, 8)", "self.attn = nn.MultiheadAttention(8, 2)")
model("mhatuple_add", (2, 6, 8), net_source(_MHA, "return h + self.attn(h, h, h)"))
model(
    "mhatuple_noweights",
    (2, 6, 8),
    net_source(_MHA, "return h - self.attn(h, h, h, need_weights=False)"),
)
model("mhatuple_ok", (2, 6, 8), net_source(_MHA, "return h + self.attn(h, h, h)[0]"))
_LSTM = ("self.fc = nn.Linear(8, 8)", "self.rnn = nn.LSTM(8, 8, batch_first=True)")
model("mhatuple_lstm_left", (2, 6, 8), net_source(_LSTM, "return self.rnn(h) + h"))
model("mhatuple_lstm_ok", (2, 6, 8), net_source(_LSTM, "return self.rnn(h)[0] + h"))
_POOL = ("self.fc = nn.Linear(8, 8)", "self.pool = nn.MaxPool1d(1, return_indices=True)")
model("mhatuple_pool", (2, 6, 8), net_source(_POOL, "return h / self.pool(h)"))
model(
    "mhacausal_seq_first",
    (6, 2, 8),
    net_source(_MHA_TB, "return self.attn(h, h, h, is_causal=True)[0]"),
)
model(
    "mhacausal_cross",
    (2, 6, 8),
    net_source(_MHA, "q = h[:, :3]\n        return self.attn(q, h, h, is_causal=True)[0]"),
)
model(
    "mhacausal_mask_ok",
    (6, 2, 8),
    net_source(
        _MHA_TB,
        "m = nn.Transformer.generate_square_subsequent_mask(6)\n"
        "        return self.attn(h, h, h, attn_mask=m, is_causal=True)[0]",
    ),
)
model(
    "mhacausal_off_ok",
    (2, 6, 8),
    net_source(_MHA, "q = h[:, :3]\n        return self.attn(q, h, h, is_causal=False)[0]"),
)

fwd("idxfloat_div", "c = torch.full((2,), 6) / 2\n        return h[torch.arange(2), c]")
fwd("idxfloat_cast", "return h[:, torch.arange(3).float()]")
fwd("idxfloat_ok", "c = torch.full((2,), 6) // 2\n        return h[torch.arange(2), c]")
fwd("idxfloat_long_ok", "return h[:, (torch.arange(3).float() * 2).long()]")
_POOLI = (
    "self.fc = nn.Linear(8, 8)",
    "self.pool = nn.MaxPool1d(2, return_indices=True)",
    "self.conv = nn.Conv1d(6, 4, 1)",
)
model("poolidx_conv", (2, 6, 8), net_source(_POOLI, "return self.conv(self.pool(h)[1])"))
model("poolidx_ok", (2, 6, 8), net_source(_POOLI, "return self.conv(self.pool(h)[0])"))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS,
        HEAD,
        ("stdcorr_method", "dtypestr_to", "vander_2d", "stacknum_cat"),
        tmp_path,
        capsys,
    )


def _raises(fn, *args, **kwargs) -> bool:
    try:
        fn(*args, **kwargs)
    except Exception:  # noqa: BLE001 - any error is torch's refusal
        return True
    return False


def test_dtype_and_device_tables_are_torchs():
    """Every function / method the str-``dtype`` and tensor-``device`` rules name raises in
    torch, and ``x.to(<dtype name>)`` raises for every name of ``DTYPE_NAMES`` (each a real
    ``torch.<name>`` dtype)."""
    torch = pytest.importorskip("torch")
    x = torch.randn(3, 4)
    first = {"full": ((2,), 1.0), "full_like": (x, 1.0), "tensor": ([1.0],), "as_tensor": ([1.0],),
             "arange": (3,), "linspace": (0, 1, 3), "logspace": (0, 1, 3), "eye": (2,),
             "zeros": (2,), "ones": (2,), "empty": (2,), "rand": (2,), "randn": (2,)}  # fmt: skip
    for name in rules.DTYPE_FUNCS:
        fn = getattr(torch, name)
        a = first.get(name, (x, 0) if name.endswith(("softmax", "cumsum", "cumprod")) else (x,))
        assert _raises(fn, *a, dtype="float32"), name
        assert not _raises(fn, *a, dtype=torch.float32), name
    margs = {"new_full": ((2,), 1.0), "new_tensor": ([1.0],), "new_zeros": ((2,),),
             "new_ones": ((2,),), "new_empty": ((2,),), "cumsum": (0,), "cumprod": (0,),
             "softmax": (0,), "log_softmax": (0,)}  # fmt: skip
    for name in rules.DTYPE_METHODS:
        a = margs.get(name, ())
        assert _raises(getattr(x, name), *a, dtype="float32"), name
        assert not _raises(getattr(x, name), *a, dtype=torch.float32), name
    for name in rules.DEVICE_FUNCS:
        fn = getattr(torch, name)
        a = first.get(name, (x,))
        assert _raises(fn, *a, device=x), name
        assert not _raises(fn, *a, device=x.device), name
    for name in rules.DTYPE_NAMES:
        assert isinstance(getattr(torch, name), torch.dtype), name
        assert _raises(x.to, name), name
    assert not _raises(x.to, "cpu")


def test_fft_table_is_torchs():
    """Each transform of ``FFTS`` raises on float16 and bfloat16 on CPU; the shifts run."""
    torch = pytest.importorskip("torch")
    import torch.fft as tfft

    x = torch.randn(4, 6)
    for name in rules.FFTS:
        for dt, word in ((torch.float16, "Half"), (torch.bfloat16, "BFloat16")):
            with pytest.raises(RuntimeError, match=f"Unsupported dtype {word}"):
                getattr(tfft, name)(x.to(dt))
        getattr(tfft, name)(x)
    for name in ("fftshift", "ifftshift"):
        assert name not in rules.FFTS
        getattr(tfft, name)(x.half())


def test_einsum_rule_is_torchs():
    """On 3000 random equations over operands of matching sizes the rule names an error
    exactly when torch raises its output-repeat error."""
    torch = pytest.importorskip("torch")
    rng = random.Random(29)
    letters = "abcd"
    for _ in range(3000):
        n_in = rng.randint(1, 2)
        ins = ["".join(rng.choice(letters) for _ in range(rng.randint(1, 3))) for _ in range(n_in)]
        used = sorted(set("".join(ins)))
        out = "".join(rng.choice(used) for _ in range(rng.randint(0, 3)))
        eq = ",".join(ins) + rng.choice(["->", " -> ", "->"]) + out
        ops = [torch.randn(*[2] * len(s)) for s in ins]
        try:
            torch.einsum(eq, *ops)
            raised = None
        except RuntimeError as e:
            raised = str(e)
        mine = rules._einsum_output(eq)
        repeat = raised is not None and "appears more than once in the output" in raised
        assert (mine is not None) is repeat, (eq, raised, mine)


def test_stack_numbers_rule_is_torchs():
    """A Python int or float anywhere in ``stack`` / ``cat``'s list raises a TypeError naming
    its position (the first one), as the rule says."""
    torch = pytest.importorskip("torch")
    x = torch.randn(3)
    for seq in ([1, 2], [x, 1], (x, 2.0), [x, x, 3], (4,)):
        for fn in (torch.stack, torch.cat):
            with pytest.raises(TypeError) as e:
                fn(seq)
            q = "torch." + fn.__name__
            assert rules.torch_error(_F, q, [list(seq)], {}) is not None
            i = next(i for i, v in enumerate(seq) if v.__class__ in (int, float))
            assert f"element {i} " in str(e.value)


class _Flow:
    input_shape = (1,)


_F = _Flow()
