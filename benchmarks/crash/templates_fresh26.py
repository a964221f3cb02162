"""A twenty-sixth fresh batch of crash cases (session 34, split ``fresh26``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
Half the cases are in model construction and loading reached from ``forward`` (a head or layer
built lazily on the first call, ``torch.nn.init`` over ``apply``, parametrizations, weight /
spectral norm, pruning, module containers, hooks, ``state_dict`` / ``load_state_dict`` and
``torch.save`` / ``torch.load`` round trips), half in forward and inference code of whole models
(generation loops, KV caches, masks, positional tables, pooling heads). Half the crash classes
are new (a parametrization on a name the module does not have or that changes the shape, a
weight / spectral norm registered twice or removed where there is none, a pruning amount out of
range or a prune removed that was never applied, ``load_state_dict`` given something that is not
a mapping, a checkpoint holding a Python object loaded with ``weights_only``, ``init.eye_`` /
``init.sparse_`` of a tensor that is not a matrix, an init gain given as a string, an init of a
``None`` bias, ``ModuleList.extend`` / ``ModuleDict.update`` given a module or a list, hooks with
the wrong signature, return form or gradient shape / count, a clip norm type that is not a number,
a conv ``padding_mode`` torch does not know, sdpa given both a mask and ``is_causal``, sampling at
temperature zero); the other half are classes earlier batches have, written as whole models whose
sizes come through configs, loops and helpers (config drift: one width or head count changed in
one place only). Several clean variants look risky (``RISKY_CLEAN``). Same format as
``templates.py``; every case name starts ``f26_``. Whether a case crashes is torch's verdict
(``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()
V: list = []


# ---------------------------------------------------------------- parametrization on a missing name (new)
template("symmetric_mixer_lazy", "(4, {d})")(
    """
import torch.nn.utils.parametrize as P


class Symmetric(nn.Module):
    def forward(self, w):
        return w.triu() + w.triu(1).transpose(-1, -2)


class Net(nn.Module):
    def __init__(self, d={d}, out={out}):
        super().__init__()
        self.d, self.out = d, out
        self.mixer = None
        self.head = nn.Linear(out, 3)

    def build(self):
        mixer = nn.Linear(self.d, self.out)
        P.register_parametrization(mixer, "{pname}", Symmetric())
        return mixer

    def forward(self, x):
        if self.mixer is None:
            self.mixer = self.build()
        return self.head(torch.tanh(self.mixer(x)))
"""
)
V += [
    ("symmetric_mixer_lazy", "ok", "clean", {"d": "8", "out": "8", "pname": "weight"}),
    (
        "symmetric_mixer_lazy",
        "bias_vector_triu",
        "parametrization_forward_shape",
        {"d": "8", "out": "8", "pname": "bias"},
    ),
    (
        "symmetric_mixer_lazy",
        "weights_plural",
        "parametrization_name_missing",
        {"d": "8", "out": "8", "pname": "weights"},
    ),
    (
        "symmetric_mixer_lazy",
        "wider_out",
        "parametrization_forward_shape",
        {"d": "8", "out": "12", "pname": "weight"},
    ),
    (
        "symmetric_mixer_lazy",
        "narrow_in_late",
        "parametrization_forward_shape",
        {"d": "6", "out": "10", "pname": "weight"},
    ),
]

template("orthogonal_rnn_cell", "(3, 5, {d})")(
    """
from dataclasses import dataclass
from torch.nn.utils import parametrizations


@dataclass
class CellConfig:
    d: int = {d}
    hidden: int = {hidden}


class Net(nn.Module):
    def __init__(self, cfg=CellConfig()):
        super().__init__()
        self.cfg = cfg
        self.inp = nn.Linear(cfg.d, cfg.hidden)
        self.rec = nn.Linear(cfg.hidden, cfg.hidden, bias=False)
        self.ready = False

    def forward(self, x):
        if not self.ready:
            parametrizations.orthogonal(self.rec, name="{pname}")
            self.ready = True
        h = x.new_zeros(x.shape[0], self.cfg.hidden)
        for t in range(x.shape[1]):
            h = torch.tanh(self.inp(x[:, t]) + self.rec(h))
        return h
"""
)
V += [
    ("orthogonal_rnn_cell", "ok", "clean", {"d": "6", "hidden": "8", "pname": "weight"}),
    (
        "orthogonal_rnn_cell",
        "ok_rect_input",
        "clean",
        {"d": "12", "hidden": "4", "pname": "weight"},
    ),
    (
        "orthogonal_rnn_cell",
        "kernel_name_drift",
        "parametrization_name_missing",
        {"d": "6", "hidden": "8", "pname": "kernel"},
    ),
    (
        "orthogonal_rnn_cell",
        "bias_vector",
        "parametrization_name_missing",
        {"d": "6", "hidden": "8", "pname": "bias"},
    ),
]

template("low_rank_adapter_param", "(4, {d})")(
    """
import torch.nn.utils.parametrize as P


class LowRankDelta(nn.Module):
    def __init__(self, rows, cols, rank):
        super().__init__()
        self.a = nn.Parameter(torch.zeros(rows, rank))
        self.b = nn.Parameter(torch.randn(rank, cols) * 0.01)

    def forward(self, w):
        return w + self.a @ self.b


class Block(nn.Module):
    def __init__(self, d, hidden):
        super().__init__()
        self.up = nn.Linear(d, hidden)
        self.down = nn.Linear(hidden, d)

    def forward(self, x):
        return x + self.down(F.gelu(self.up(x)))


class Net(nn.Module):
    def __init__(self, d={d}, hidden={hidden}, rank=2, depth=2):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d, hidden) for _ in range(depth))
        self.rank, self.hidden, self.d = rank, hidden, d
        self.adapted = False

    def attach(self):
        for blk in self.blocks:
            P.register_parametrization(blk.up, "{pname}", LowRankDelta({rows}, {cols}, self.rank))

    def forward(self, x):
        if not self.adapted:
            self.attach()
            self.adapted = True
        for blk in self.blocks:
            x = blk(x)
        return x
"""
)
V += [
    (
        "low_rank_adapter_param",
        "ok",
        "clean",
        {"d": "8", "hidden": "16", "pname": "weight", "rows": "self.hidden", "cols": "self.d"},
    ),
    (
        "low_rank_adapter_param",
        "rows_cols_swapped",
        "parametrization_forward_shape",
        {"d": "8", "hidden": "16", "pname": "weight", "rows": "self.d", "cols": "self.hidden"},
    ),
    (
        "low_rank_adapter_param",
        "lora_weight_name",
        "parametrization_name_missing",
        {"d": "8", "hidden": "16", "pname": "lora_weight", "rows": "self.hidden", "cols": "self.d"},
    ),
    (
        "low_rank_adapter_param",
        "ok_square",
        "clean",
        {"d": "8", "hidden": "8", "pname": "weight", "rows": "self.d", "cols": "self.hidden"},
    ),
]

# ---------------------------------------------------------------- remove a parametrization that is not there (new)
template("export_merge_params", "(2, {d})")(
    """
import torch.nn.utils.parametrize as P


class Scale(nn.Module):
    def forward(self, w):
        return w * 0.5


class Net(nn.Module):
    def __init__(self, d={d}, layers=3):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(d, d) for _ in range(layers))
        for i, layer in enumerate(self.layers):
            if i {which}:
                P.register_parametrization(layer, "weight", Scale())

    def merged(self):
        for layer in self.layers:
            {remove}
        return self

    def forward(self, x):
        for layer in self.merged().layers:
            x = F.relu(layer(x))
        return x
"""
)
V += [
    (
        "export_merge_params",
        "ok",
        "clean",
        {"d": "6", "which": ">= 0", "remove": 'P.remove_parametrizations(layer, "weight")'},
    ),
    (
        "export_merge_params",
        "ok_guarded",
        "clean",
        {
            "d": "6",
            "which": "% 2 == 0",
            "remove": 'if P.is_parametrized(layer, "weight"):\n                P.remove_parametrizations(layer, "weight")',
        },
    ),
    (
        "export_merge_params",
        "odd_layers_unparam",
        "parametrization_remove_missing",
        {"d": "6", "which": "% 2 == 0", "remove": 'P.remove_parametrizations(layer, "weight")'},
    ),
    (
        "export_merge_params",
        "bias_name",
        "parametrization_remove_missing",
        {"d": "6", "which": ">= 0", "remove": 'P.remove_parametrizations(layer, "bias")'},
    ),
]

template("spectral_disc_export", "(2, 3, 16, 16)")(
    """
import torch.nn.utils.parametrize as P
from torch.nn.utils import parametrizations


class Net(nn.Module):
    def __init__(self, widths=(3, 8, 16)):
        super().__init__()
        self.convs = nn.ModuleList()
        for cin, cout in zip(widths[:-1], widths[1:]):
            self.convs.append({wrap}(nn.Conv2d(cin, cout, 3, stride=2, padding=1)))
        self.fc = nn.Linear(widths[-1], 1)

    def forward(self, x):
        for conv in self.convs:
            x = F.leaky_relu(conv(x), 0.2)
        for conv in self.convs:
            P.remove_parametrizations(conv, "weight"{leave})
        return self.fc(x.mean((2, 3)))
"""
)
V += [
    (
        "spectral_disc_export",
        "ok",
        "clean",
        {"wrap": "parametrizations.spectral_norm", "leave": ""},
    ),
    (
        "spectral_disc_export",
        "ok_leave",
        "clean",
        {"wrap": "parametrizations.spectral_norm", "leave": ", leave_parametrized=False"},
    ),
    (
        "spectral_disc_export",
        "old_api_hooks_drift",
        "parametrization_remove_missing",
        {"wrap": "nn.utils.spectral_norm", "leave": ""},
    ),
    (
        "spectral_disc_export",
        "never_wrapped",
        "parametrization_remove_missing",
        {"wrap": "nn.Sequential", "leave": ""},
    ),
]

# ---------------------------------------------------------------- weight / spectral norm hook registered twice (new)
template("wn_tts_decoder", "(2, {mels}, 20)")(
    """
from dataclasses import dataclass


@dataclass
class VocoderConfig:
    mels: int = {mels}
    channels: int = 16
    kernels: tuple = (3, 5)


def conv_wn(cin, cout, k):
    return nn.utils.weight_norm(nn.Conv1d(cin, cout, k, padding=k // 2))


class ResUnit(nn.Module):
    def __init__(self, ch, k):
        super().__init__()
        self.conv = conv_wn(ch, ch, k)

    def forward(self, x):
        return x + self.conv(F.leaky_relu(x, 0.1))


class Net(nn.Module):
    def __init__(self, cfg=VocoderConfig()):
        super().__init__()
        self.pre = conv_wn(cfg.mels, cfg.channels, 7)
        self.units = nn.ModuleList(ResUnit(cfg.channels, k) for k in cfg.kernels)
        self.post = nn.Conv1d(cfg.channels, 1, 7, padding=3)
        self.finalized = False

    def apply_norms(self):
        {body}

    def forward(self, x):
        if not self.finalized:
            self.apply_norms()
            self.finalized = True
        x = self.pre(x)
        for u in self.units:
            x = u(x)
        return torch.tanh(self.post(x))
"""
)
V += [
    ("wn_tts_decoder", "ok", "clean", {"mels": "10", "body": "nn.utils.weight_norm(self.post)"}),
    (
        "wn_tts_decoder",
        "ok_remove_first",
        "clean",
        {
            "mels": "10",
            "body": "nn.utils.remove_weight_norm(self.pre)\n        nn.utils.weight_norm(self.pre)",
        },
    ),
    (
        "wn_tts_decoder",
        "pre_twice",
        "norm_hook_twice",
        {
            "mels": "10",
            "body": "for m in (self.pre, self.post):\n            nn.utils.weight_norm(m)",
        },
    ),
    (
        "wn_tts_decoder",
        "units_again",
        "norm_hook_twice",
        {"mels": "10", "body": "for u in self.units:\n            nn.utils.weight_norm(u.conv)"},
    ),
    (
        "wn_tts_decoder",
        "remove_post",
        "norm_hook_remove_missing",
        {
            "mels": "10",
            "body": "for m in [self.pre, self.post]:\n            nn.utils.remove_weight_norm(m)",
        },
    ),
]

template("sn_patch_critic", "(2, 3, 16, 16)")(
    """
def critic_block(cin, cout, sn=True):
    conv = nn.Conv2d(cin, cout, 4, stride=2, padding=1)
    return nn.utils.spectral_norm(conv) if sn else conv


class Net(nn.Module):
    def __init__(self, base=8, depth=2):
        super().__init__()
        chans = [3] + [base * 2**i for i in range(depth)]
        self.blocks = nn.ModuleList(critic_block(a, b) for a, b in zip(chans, chans[1:]))
        self.head = nn.Conv2d(chans[-1], 1, 3, padding=1)

    def stabilize(self):
        for m in self.modules():
            if {cond}:
                nn.utils.spectral_norm(m)

    def forward(self, x):
        self.stabilize()
        for b in self.blocks:
            x = F.leaky_relu(b(x), 0.2)
        return self.head(x)
"""
)
V += [
    ("sn_patch_critic", "ok", "clean", {"cond": "m is self.head"}),
    (
        "sn_patch_critic",
        "ok_no_weight_orig",
        "clean",
        {"cond": 'isinstance(m, nn.Conv2d) and not hasattr(m, "weight_orig")'},
    ),
    ("sn_patch_critic", "every_conv", "norm_hook_twice", {"cond": "isinstance(m, nn.Conv2d)"}),
    (
        "sn_patch_critic",
        "first_block_again",
        "norm_hook_twice",
        {"cond": "m is self.blocks[0] or m is self.head"},
    ),
]

template("gan_generator_export", "(2, {z})")(
    """
class UpBlock(nn.Module):
    def __init__(self, cin, cout, sn):
        super().__init__()
        self.conv = nn.ConvTranspose2d(cin, cout, 4, stride=2, padding=1)
        if sn:
            self.conv = nn.utils.spectral_norm(self.conv)

    def forward(self, x):
        return F.relu(self.conv(x))


class Net(nn.Module):
    def __init__(self, z={z}, widths=(16, 8, 4), sn_from={sn_from}):
        super().__init__()
        self.fc = nn.Linear(z, widths[0] * 4 * 4)
        self.w0 = widths[0]
        self.ups = nn.Sequential(
            *[UpBlock(a, b, i >= sn_from) for i, (a, b) in enumerate(zip(widths, widths[1:]))]
        )
        self.out = nn.Conv2d(widths[-1], 3, 3, padding=1)

    def forward(self, z):
        for blk in self.ups:
            nn.utils.remove_spectral_norm(blk.conv)
        h = self.fc(z).view(z.shape[0], self.w0, 4, 4)
        return torch.tanh(self.out(self.ups(h)))
"""
)
V += [
    ("gan_generator_export", "ok", "clean", {"z": "8", "sn_from": "0"}),
    ("gan_generator_export", "sn_from_one", "norm_hook_remove_missing", {"z": "8", "sn_from": "1"}),
    ("gan_generator_export", "sn_off", "norm_hook_remove_missing", {"z": "8", "sn_from": "9"}),
    ("gan_generator_export", "ok_z_small", "clean", {"z": "3", "sn_from": "0"}),
]

# ---------------------------------------------------------------- pruning amount out of range (new), remove before prune (new)
template("pruned_mlp_sparsity", "(4, {d})")(
    """
import torch.nn.utils.prune as prune
from dataclasses import dataclass


@dataclass
class PruneConfig:
    d: int = {d}
    hidden: int = 16
    sparsity: float = {sparsity}
    layers: int = 3


class Net(nn.Module):
    def __init__(self, cfg=PruneConfig()):
        super().__init__()
        dims = [cfg.d] + [cfg.hidden] * (cfg.layers - 1) + [2]
        self.fcs = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:]))
        self.cfg = cfg
        self.done = False

    def sparsify(self):
        for i, fc in enumerate(self.fcs):
            prune.l1_unstructured(fc, "weight", amount={amount})

    def forward(self, x):
        if not self.done:
            self.sparsify()
            self.done = True
        for fc in self.fcs[:-1]:
            x = F.relu(fc(x))
        return self.fcs[-1](x)
"""
)
V += [
    (
        "pruned_mlp_sparsity",
        "ok",
        "clean",
        {"d": "8", "sparsity": "0.5", "amount": "self.cfg.sparsity"},
    ),
    (
        "pruned_mlp_sparsity",
        "ok_full",
        "clean",
        {"d": "8", "sparsity": "1.0", "amount": "self.cfg.sparsity"},
    ),
    (
        "pruned_mlp_sparsity",
        "percent_value",
        "prune_amount_range",
        {"d": "8", "sparsity": "50.0", "amount": "self.cfg.sparsity"},
    ),
    (
        "pruned_mlp_sparsity",
        "growing_schedule",
        "prune_amount_range",
        {"d": "8", "sparsity": "0.4", "amount": "self.cfg.sparsity * (i + 1)"},
    ),
    (
        "pruned_mlp_sparsity",
        "int_count_last",
        "prune_amount_range",
        {
            "d": "8",
            "sparsity": "0.5",
            "amount": "int(self.cfg.sparsity * self.cfg.hidden * self.cfg.hidden)",
        },
    ),
]

template("prune_finalize_cnn", "(2, 3, 12, 12)")(
    """
import torch.nn.utils.prune as prune


class Net(nn.Module):
    def __init__(self, widths=(3, 8, 16), amount={amount}):
        super().__init__()
        self.convs = nn.Sequential(
            *[nn.Conv2d(a, b, 3, padding=1) for a, b in zip(widths[:-1], widths[1:])]
        )
        self.fc = nn.Linear(widths[-1], 5)
        for conv in self.convs:
            prune.ln_structured(conv, "weight", amount=amount, n=2, dim=0)

    def finalize(self):
        for m in self.modules():
            if {cond}:
                prune.remove(m, "weight")

    def forward(self, x):
        self.finalize()
        return self.fc(self.convs(x).mean((2, 3)))
"""
)
V += [
    ("prune_finalize_cnn", "ok", "clean", {"amount": "0.25", "cond": "isinstance(m, nn.Conv2d)"}),
    (
        "prune_finalize_cnn",
        "ok_mask_check",
        "clean",
        {"amount": "0.25", "cond": 'hasattr(m, "weight_mask")'},
    ),
    (
        "prune_finalize_cnn",
        "head_included_again",
        "prune_remove_unpruned",
        {"amount": "0.25", "cond": "isinstance(m, (nn.Conv2d, nn.Linear))"},
    ),
    (
        "prune_finalize_cnn",
        "has_weight",
        "prune_remove_unpruned",
        {"amount": "0.25", "cond": 'hasattr(m, "weight")'},
    ),
]

template("lottery_ticket_reset", "(4, {d})")(
    """
import torch.nn.utils.prune as prune


class Net(nn.Module):
    def __init__(self, d={d}, hidden=12):
        super().__init__()
        self.enc = nn.Linear(d, hidden)
        self.dec = nn.Linear(hidden, d)
        self.rounds = {rounds}

    def forward(self, x):
        for r in range(self.rounds):
            prune.random_unstructured(self.enc, "weight", amount={amount})
        {after}
        return self.dec(torch.relu(self.enc(x)))
"""
)
V += [
    (
        "lottery_ticket_reset",
        "ok",
        "clean",
        {"d": "8", "rounds": "2", "amount": "0.2", "after": 'prune.remove(self.enc, "weight")'},
    ),
    (
        "lottery_ticket_reset",
        "ok_no_rounds_guard",
        "clean",
        {
            "d": "8",
            "rounds": "0",
            "amount": "0.2",
            "after": 'if prune.is_pruned(self.enc):\n            prune.remove(self.enc, "weight")',
        },
    ),
    (
        "lottery_ticket_reset",
        "zero_rounds_remove",
        "prune_remove_unpruned",
        {"d": "8", "rounds": "0", "amount": "0.2", "after": 'prune.remove(self.enc, "weight")'},
    ),
    (
        "lottery_ticket_reset",
        "decoder_removed",
        "prune_remove_unpruned",
        {"d": "8", "rounds": "2", "amount": "0.2", "after": 'prune.remove(self.dec, "weight")'},
    ),
    (
        "lottery_ticket_reset",
        "negative_rate",
        "prune_amount_range",
        {"d": "8", "rounds": "2", "amount": "0.2 - 0.15 * r * 2", "after": "pass"},
    ),
]

# ---------------------------------------------------------------- load_state_dict given a non-mapping (new)
template("ema_teacher_sync", "(4, {d})")(
    """
import copy


class Encoder(nn.Module):
    def __init__(self, d, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, hidden), nn.GELU(), nn.Linear(hidden, d))
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        return self.norm(x + self.net(x))


class Net(nn.Module):
    def __init__(self, d={d}, hidden=16):
        super().__init__()
        self.student = Encoder(d, hidden)
        self.teacher = Encoder(d, hidden)

    def forward(self, x):
        self.teacher.load_state_dict({src})
        return self.student(x) - self.teacher(x).detach()
"""
)
V += [
    ("ema_teacher_sync", "ok", "clean", {"d": "8", "src": "self.student.state_dict()"}),
    (
        "ema_teacher_sync",
        "ok_deepcopy_sd",
        "clean",
        {"d": "8", "src": "copy.deepcopy(self.student.state_dict())"},
    ),
    (
        "ema_teacher_sync",
        "module_passed",
        "load_state_dict_not_mapping",
        {"d": "8", "src": "self.student"},
    ),
    (
        "ema_teacher_sync",
        "named_params_gen",
        "load_state_dict_not_mapping",
        {"d": "8", "src": "self.student.named_parameters()"},
    ),
    (
        "ema_teacher_sync",
        "ok_dict_of_named",
        "clean",
        {"d": "8", "src": "dict(self.student.named_parameters())"},
    ),
]

template("checkpoint_roundtrip_cfg", "(3, {d})")(
    """
import argparse
import io
from dataclasses import dataclass


@dataclass
class ModelConfig:
    d: int = {d}
    hidden: int = 24
    classes: int = 4


def make_classifier(cfg):
    return nn.Sequential(
        nn.Linear(cfg.d, cfg.hidden), nn.ReLU(), nn.Linear(cfg.hidden, cfg.hidden), nn.ReLU(),
        nn.Linear(cfg.hidden, cfg.classes),
    )


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = ModelConfig()
        self.model = make_classifier(self.cfg)

    def forward(self, x):
        buf = io.BytesIO()
        torch.save({save}, buf)
        buf.seek(0)
        ckpt = torch.load(buf{load_kw})
        restored = make_classifier(self.cfg)
        restored.load_state_dict({pick})
        return restored(x)
"""
)
V += [
    (
        "checkpoint_roundtrip_cfg",
        "ok",
        "clean",
        {
            "d": "8",
            "save": '{"model": self.model.state_dict(), "step": 3}',
            "load_kw": "",
            "pick": 'ckpt["model"]',
        },
    ),
    (
        "checkpoint_roundtrip_cfg",
        "ok_cfg_as_dict",
        "clean",
        {
            "d": "8",
            "save": '{"model": self.model.state_dict(), "cfg": vars(self.cfg)}',
            "load_kw": "",
            "pick": 'ckpt["model"]',
        },
    ),
    (
        "checkpoint_roundtrip_cfg",
        "ok_weights_only_off",
        "clean",
        {
            "d": "8",
            "save": '{"model": self.model.state_dict(), "args": argparse.Namespace(**vars(self.cfg))}',
            "load_kw": ", weights_only=False",
            "pick": 'ckpt["model"]',
        },
    ),
    (
        "checkpoint_roundtrip_cfg",
        "cfg_object_saved",
        "checkpoint_weights_only_object",
        {
            "d": "8",
            "save": '{"model": self.model.state_dict(), "args": argparse.Namespace(**vars(self.cfg))}',
            "load_kw": "",
            "pick": 'ckpt["model"]',
        },
    ),
    (
        "checkpoint_roundtrip_cfg",
        "whole_module_saved",
        "checkpoint_weights_only_object",
        {
            "d": "8",
            "save": "self.model",
            "load_kw": ', map_location="cpu"',
            "pick": "ckpt.state_dict()",
        },
    ),
    (
        "checkpoint_roundtrip_cfg",
        "whole_ckpt_loaded",
        "load_state_dict_mismatch",
        {
            "d": "8",
            "save": '{"model": self.model.state_dict(), "step": 3}',
            "load_kw": "",
            "pick": "ckpt",
        },
    ),
]

template("trainer_resume_state", "(4, {d})")(
    """
import io
from argparse import Namespace


class Net(nn.Module):
    def __init__(self, d={d}):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(d, d), nn.Tanh(), nn.Linear(d, 1))
        self.state = Namespace(epoch=2, best=0.5)

    def forward(self, x):
        buf = io.BytesIO()
        torch.save({{"weights": self.layers.state_dict(), "meta": {meta}}}, buf)
        buf.seek(0)
        blob = torch.load(buf)
        self.layers.load_state_dict({pick})
        return self.layers(x) * blob["meta"]{meta_get}
"""
)
V += [
    (
        "trainer_resume_state",
        "ok",
        "clean",
        {
            "d": "6",
            "meta": "self.state.__dict__",
            "pick": 'blob["weights"]',
            "meta_get": '["best"]',
        },
    ),
    (
        "trainer_resume_state",
        "ok_tuple_meta",
        "clean",
        {
            "d": "6",
            "meta": "(self.state.epoch, self.state.best)",
            "pick": 'blob["weights"]',
            "meta_get": "[1]",
        },
    ),
    (
        "trainer_resume_state",
        "object_meta",
        "checkpoint_weights_only_object",
        {"d": "6", "meta": "self.state", "pick": 'blob["weights"]', "meta_get": ".best"},
    ),
    (
        "trainer_resume_state",
        "weights_as_list",
        "load_state_dict_not_mapping",
        {
            "d": "6",
            "meta": "self.state.__dict__",
            "pick": 'list(blob["weights"].values())',
            "meta_get": '["best"]',
        },
    ),
    (
        "trainer_resume_state",
        "items_list",
        "load_state_dict_not_mapping",
        {
            "d": "6",
            "meta": "self.state.__dict__",
            "pick": 'list(blob["weights"].items())',
            "meta_get": '["best"]',
        },
    ),
]

# ---------------------------------------------------------------- init of a tensor that is not a matrix (new)
template("identity_init_resnet", "(2, {c}, 8, 8)")(
    """
class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.proj = nn.Linear(c, c)

    def forward(self, x):
        h = F.relu(self.conv(x))
        return x + self.proj(h.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)


class Net(nn.Module):
    def __init__(self, c={c}, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(c) for _ in range(depth)])
        self.initialized = False

    def init_identity(self, m):
        if isinstance(m, {kind}):
            nn.init.{fn}(m.weight)
            nn.init.zeros_(m.bias)

    def forward(self, x):
        if not self.initialized:
            self.apply(self.init_identity)
            self.initialized = True
        return self.blocks(x)
"""
)
V += [
    ("identity_init_resnet", "ok", "clean", {"c": "4", "kind": "nn.Linear", "fn": "eye_"}),
    ("identity_init_resnet", "ok_dirac", "clean", {"c": "4", "kind": "nn.Conv2d", "fn": "dirac_"}),
    (
        "identity_init_resnet",
        "eye_on_conv",
        "init_matrix_only",
        {"c": "4", "kind": "nn.Conv2d", "fn": "eye_"},
    ),
    (
        "identity_init_resnet",
        "eye_both",
        "init_matrix_only",
        {"c": "4", "kind": "(nn.Linear, nn.Conv2d)", "fn": "eye_"},
    ),
    (
        "identity_init_resnet",
        "dirac_on_linear",
        "init_dirac_rank",
        {"c": "4", "kind": "nn.Linear", "fn": "dirac_"},
    ),
]

template("sparse_init_echo_state", "(3, 6, {d})")(
    """
from dataclasses import dataclass


@dataclass
class ReservoirConfig:
    d: int = {d}
    units: int = 20
    sparsity: float = 0.8


class Net(nn.Module):
    def __init__(self, cfg=ReservoirConfig()):
        super().__init__()
        self.cfg = cfg
        self.inp = nn.Linear(cfg.d, cfg.units, bias=False)
        self.res = {res}
        self.read = nn.Linear(cfg.units, 1)
        self.seeded = False

    def forward(self, x):
        if not self.seeded:
            with torch.no_grad():
                nn.init.sparse_(self.res.weight, self.cfg.sparsity)
            self.seeded = True
        h = x.new_zeros(x.shape[0], self.cfg.units)
        for t in range(x.shape[1]):
            h = torch.tanh(self.inp(x[:, t]) + {step})
        return self.read(h)
"""
)
V += [
    (
        "sparse_init_echo_state",
        "ok",
        "clean",
        {"d": "5", "res": "nn.Linear(cfg.units, cfg.units, bias=False)", "step": "self.res(h)"},
    ),
    (
        "sparse_init_echo_state",
        "conv_reservoir_v2",
        "init_matrix_only",
        {
            "d": "5",
            "res": "nn.Conv1d(1, 1, cfg.units, padding=cfg.units // 2, bias=False)",
            "step": "self.res(h[:, None])[:, 0, : self.cfg.units]",
        },
    ),
    (
        "sparse_init_echo_state",
        "bilinear_reservoir",
        "init_matrix_only",
        {
            "d": "5",
            "res": "nn.Bilinear(cfg.units, cfg.units, cfg.units, bias=False)",
            "step": "self.res(h, h)",
        },
    ),
    (
        "sparse_init_echo_state",
        "ok_full_sparsity",
        "clean",
        {
            "d": "5",
            "res": "nn.Linear(cfg.units, cfg.units, bias=False)",
            "step": "self.res(h) * 0.9",
        },
    ),
]

# ---------------------------------------------------------------- init gain given as a string (new), init of a None tensor (new)
template("custom_init_transformer", "(2, 5, {d})")(
    """
from dataclasses import dataclass


@dataclass
class EncConfig:
    d: int = {d}
    heads: int = 2
    ffn: int = 32
    layers: int = 2
    bias: bool = {bias}


class FFN(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.fc1 = nn.Linear(cfg.d, cfg.ffn, bias=cfg.bias)
        self.fc2 = nn.Linear(cfg.ffn, cfg.d, bias=cfg.bias)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class Layer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.attn = nn.MultiheadAttention(cfg.d, cfg.heads, batch_first=True)
        self.ffn = FFN(cfg)
        self.n1, self.n2 = nn.LayerNorm(cfg.d), nn.LayerNorm(cfg.d)

    def forward(self, x):
        h = self.n1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ffn(self.n2(x))


class Net(nn.Module):
    def __init__(self, cfg=EncConfig()):
        super().__init__()
        self.layers = nn.ModuleList(Layer(cfg) for _ in range(cfg.layers))
        self.cfg = cfg
        self.inited = False

    def _init(self, m):
        if isinstance(m, nn.Linear):
            nn.init.xavier_uniform_(m.weight, gain={gain})
            {bias_init}

    def forward(self, x):
        if not self.inited:
            self.apply(self._init)
            self.inited = True
        for layer in self.layers:
            x = layer(x)
        return x
"""
)
V += [
    (
        "custom_init_transformer",
        "ok",
        "clean",
        {
            "d": "8",
            "bias": "True",
            "gain": 'nn.init.calculate_gain("relu")',
            "bias_init": "nn.init.zeros_(m.bias)",
        },
    ),
    (
        "custom_init_transformer",
        "ok_bias_guard",
        "clean",
        {
            "d": "8",
            "bias": "False",
            "gain": "1.0",
            "bias_init": "if m.bias is not None:\n                nn.init.zeros_(m.bias)",
        },
    ),
    (
        "custom_init_transformer",
        "gain_name",
        "init_gain_string",
        {"d": "8", "bias": "True", "gain": '"relu"', "bias_init": "nn.init.zeros_(m.bias)"},
    ),
    (
        "custom_init_transformer",
        "no_bias_cfg",
        "init_none_tensor",
        {"d": "8", "bias": "False", "gain": "1.0", "bias_init": "nn.init.zeros_(m.bias)"},
    ),
    (
        "custom_init_transformer",
        "no_bias_constant",
        "init_none_tensor",
        {"d": "8", "bias": "False", "gain": "1.0", "bias_init": "nn.init.constant_(m.bias, 0.0)"},
    ),
]

template("unet_kaiming_init", "(2, 3, 16, 16)")(
    """
def conv_block(cin, cout, norm):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=not norm),
        nn.BatchNorm2d(cout) if norm else nn.Identity(),
        nn.ReLU(),
    )


class Net(nn.Module):
    def __init__(self, base=8, norm={norm}):
        super().__init__()
        self.down = conv_block(3, base, norm)
        self.mid = conv_block(base, base * 2, norm)
        self.up = conv_block(base * 3, base, norm)
        self.out = nn.Conv2d(base, 1, 1)
        self.ready = False

    def init_weights(self):
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, {kw})
                {bias}

    def forward(self, x):
        if not self.ready:
            self.init_weights()
            self.ready = True
        d = self.down(x)
        m = self.mid(F.max_pool2d(d, 2))
        u = F.interpolate(m, scale_factor=2.0)
        return self.out(self.up(torch.cat([u, d], 1)))
"""
)
V += [
    (
        "unet_kaiming_init",
        "ok",
        "clean",
        {
            "norm": "False",
            "kw": 'mode="fan_out", nonlinearity="relu"',
            "bias": "nn.init.zeros_(m.bias)",
        },
    ),
    (
        "unet_kaiming_init",
        "ok_upper_mode",
        "clean",
        {
            "norm": "False",
            "kw": 'mode="FAN_OUT", nonlinearity="relu"',
            "bias": "nn.init.zeros_(m.bias)",
        },
    ),
    (
        "unet_kaiming_init",
        "bias_free_norm_cfg",
        "init_none_tensor",
        {
            "norm": "True",
            "kw": 'mode="fan_out", nonlinearity="relu"',
            "bias": "nn.init.zeros_(m.bias)",
        },
    ),
    (
        "unet_kaiming_init",
        "gelu_nonlinearity_step",
        "init_nonlinearity",
        {
            "norm": "False",
            "kw": 'mode="fan_in", nonlinearity="gelu"',
            "bias": "nn.init.zeros_(m.bias)",
        },
    ),
    (
        "unet_kaiming_init",
        "fan_avg_mode_late",
        "init_mode_name",
        {"norm": "False", "kw": 'mode="fan_avg"', "bias": "nn.init.zeros_(m.bias)"},
    ),
]

template("xavier_all_weights", "(3, {d})")(
    """
class Net(nn.Module):
    def __init__(self, d={d}, hidden=16, depth=2):
        super().__init__()
        layers = []
        for i in range(depth):
            layers += [nn.Linear(d if i == 0 else hidden, hidden), {norm}(hidden), nn.SiLU()]
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(hidden, 1)
        self.fresh = True

    def reset(self):
        for name, p in self.named_parameters():
            if {cond}:
                nn.init.xavier_normal_(p, gain={gain})

    def forward(self, x):
        if self.fresh:
            self.reset()
            self.fresh = False
        return self.head(self.body(x))
"""
)
V += [
    (
        "xavier_all_weights",
        "ok",
        "clean",
        {"d": "8", "norm": "nn.LayerNorm", "cond": "p.dim() > 1", "gain": "1.0"},
    ),
    (
        "xavier_all_weights",
        "ok_gain_fn",
        "clean",
        {
            "d": "8",
            "norm": "nn.LayerNorm",
            "cond": 'p.dim() >= 2 and "weight" in name',
            "gain": 'nn.init.calculate_gain("tanh")',
        },
    ),
    (
        "xavier_all_weights",
        "norm_weights_too",
        "init_fan_rank",
        {"d": "8", "norm": "nn.LayerNorm", "cond": 'name.endswith("weight")', "gain": "1.0"},
    ),
    (
        "xavier_all_weights",
        "every_param",
        "init_fan_rank",
        {"d": "8", "norm": "nn.Identity", "cond": "True", "gain": "1.0"},
    ),
    (
        "xavier_all_weights",
        "gain_str_silu",
        "init_gain_string",
        {"d": "8", "norm": "nn.LayerNorm", "cond": "p.dim() > 1", "gain": '"silu"'},
    ),
]

# ---------------------------------------------------------------- ModuleList.extend / ModuleDict.update given the wrong thing (new)
template("growing_depth_stack", "(3, {d})")(
    """
class Residual(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return x + torch.tanh(self.fc(x))


class Net(nn.Module):
    def __init__(self, d={d}, start=2, grow_to={grow_to}):
        super().__init__()
        self.d, self.grow_to = d, grow_to
        self.blocks = nn.ModuleList(Residual(d) for _ in range(start))

    def grow(self):
        while len(self.blocks) < self.grow_to:
            self.blocks.{grow}

    def forward(self, x):
        self.grow()
        for b in self.blocks:
            x = b(x)
        return x
"""
)
V += [
    (
        "growing_depth_stack",
        "ok",
        "clean",
        {"d": "6", "grow_to": "4", "grow": "append(Residual(self.d))"},
    ),
    (
        "growing_depth_stack",
        "ok_extend_list",
        "clean",
        {"d": "6", "grow_to": "4", "grow": "extend([Residual(self.d)])"},
    ),
    (
        "growing_depth_stack",
        "ok_no_growth",
        "clean",
        {"d": "6", "grow_to": "2", "grow": "extend(Residual(self.d))"},
    ),
    (
        "growing_depth_stack",
        "extend_module",
        "modulelist_extend_module",
        {"d": "6", "grow_to": "4", "grow": "extend(Residual(self.d))"},
    ),
    (
        "growing_depth_stack",
        "extend_sequential_block_slip",
        "modulelist_extend_module",
        {
            "d": "6",
            "grow_to": "3",
            "grow": 'extend(nn.Sequential(Residual(self.d)).get_submodule("0"))',
        },
    ),
]

template("multitask_heads_registry", "(4, {d})")(
    """
from dataclasses import dataclass, field


@dataclass
class TaskConfig:
    d: int = {d}
    tasks: dict = field(default_factory=lambda: {{"sent": 3, "topic": 5}})


class Net(nn.Module):
    def __init__(self, cfg=TaskConfig()):
        super().__init__()
        self.cfg = cfg
        self.trunk = nn.Sequential(nn.Linear(cfg.d, 16), nn.ReLU())
        self.heads = nn.ModuleDict()

    def add_heads(self):
        if len(self.heads) == 0:
            self.heads.update({heads})

    def forward(self, x):
        self.add_heads()
        h = self.trunk(x)
        return torch.cat([head(h) for head in self.heads.values()], -1)
"""
)
V += [
    (
        "multitask_heads_registry",
        "ok",
        "clean",
        {"d": "8", "heads": "{t: nn.Linear(16, n) for t, n in self.cfg.tasks.items()}"},
    ),
    (
        "multitask_heads_registry",
        "ok_pairs",
        "clean",
        {"d": "8", "heads": "[(t, nn.Linear(16, n)) for t, n in self.cfg.tasks.items()]"},
    ),
    (
        "multitask_heads_registry",
        "list_of_heads",
        "moduledict_update_sequence",
        {"d": "8", "heads": "[nn.Linear(16, n) for n in self.cfg.tasks.values()]"},
    ),
    (
        "multitask_heads_registry",
        "modulelist_given_step",
        "moduledict_update_sequence",
        {"d": "8", "heads": "nn.ModuleList(nn.Linear(16, n) for n in self.cfg.tasks.values())"},
    ),
]

template("expert_bank_builder", "(6, {d})")(
    """
class Expert(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.w1, self.w2 = nn.Linear(d, h), nn.Linear(h, d)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class Net(nn.Module):
    def __init__(self, d={d}, n_experts=3):
        super().__init__()
        self.d, self.n = d, n_experts
        self.router = nn.Linear(d, n_experts)
        self.experts = None

    def forward(self, x):
        if self.experts is None:
            {build}
        w = self.router(x).softmax(-1)
        outs = torch.stack([e(x) for e in self.experts], -1)
        return (outs * w[:, None, :]).sum(-1)
"""
)
V += [
    (
        "expert_bank_builder",
        "ok",
        "clean",
        {
            "d": "8",
            "build": "self.experts = nn.ModuleList([Expert(self.d, 2 * self.d) for _ in range(self.n)])",
        },
    ),
    (
        "expert_bank_builder",
        "ok_dict",
        "clean",
        {
            "d": "8",
            "build": 'self.experts = nn.ModuleDict({f"e{i}": Expert(self.d, 16) for i in range(self.n)}).values()',
        },
    ),
    (
        "expert_bank_builder",
        "dict_from_list",
        "moduledict_update_sequence",
        {
            "d": "8",
            "build": "self.experts = nn.ModuleDict([Expert(self.d, 16) for _ in range(self.n)]).values()",
        },
    ),
    (
        "expert_bank_builder",
        "list_of_one",
        "modulelist_extend_module",
        {"d": "8", "build": "self.experts = nn.ModuleList(Expert(self.d, 16))"},
    ),
]

# ---------------------------------------------------------------- hooks: signature, return form, gradient shape / count (new)
template("activation_probe_hooks", "(2, {d})")(
    """
class Net(nn.Module):
    def __init__(self, d={d}, depth=3):
        super().__init__()
        self.layers = nn.Sequential(*[nn.Sequential(nn.Linear(d, d), nn.ReLU()) for _ in range(depth)])
        self.stats = []
        self.hooked = False

    {hook_def}

    def forward(self, x):
        if not self.hooked:
            for layer in self.layers:
                layer.{register}(self.record)
            self.hooked = True
        self.stats.clear()
        return self.layers(x)
"""
)
V += [
    (
        "activation_probe_hooks",
        "ok",
        "clean",
        {
            "d": "6",
            "register": "register_forward_hook",
            "hook_def": "def record(self, module, inputs, output):\n        self.stats.append(output.mean())",
        },
    ),
    (
        "activation_probe_hooks",
        "ok_pre",
        "clean",
        {
            "d": "6",
            "register": "register_forward_pre_hook",
            "hook_def": "def record(self, module, inputs):\n        self.stats.append(inputs[0].mean())",
        },
    ),
    (
        "activation_probe_hooks",
        "missing_inputs_arg",
        "hook_signature",
        {
            "d": "6",
            "register": "register_forward_hook",
            "hook_def": "def record(self, module, output):\n        self.stats.append(output.mean())",
        },
    ),
    (
        "activation_probe_hooks",
        "pre_with_output_arg",
        "hook_signature",
        {
            "d": "6",
            "register": "register_forward_pre_hook",
            "hook_def": "def record(self, module, inputs, output):\n        self.stats.append(output.mean())",
        },
    ),
    (
        "activation_probe_hooks",
        "ok_star_args",
        "clean",
        {
            "d": "6",
            "register": "register_forward_hook",
            "hook_def": "def record(self, *args):\n        self.stats.append(args[-1].mean())",
        },
    ),
]

template("input_rescale_prehook", "(3, {d})")(
    """
class Normalizer:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, module, args, kwargs):
        x = args[0] * self.scale
        return {ret}


class Net(nn.Module):
    def __init__(self, d={d}):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, 12), nn.GELU(), nn.Linear(12, 2))
        self.enc.register_forward_pre_hook(Normalizer(0.5), with_kwargs={with_kwargs})

    def forward(self, x):
        return self.enc(x)
"""
)
V += [
    (
        "input_rescale_prehook",
        "ok",
        "clean",
        {"d": "8", "ret": "(x,), kwargs", "with_kwargs": "True"},
    ),
    ("input_rescale_prehook", "ok_none", "clean", {"d": "8", "ret": "None", "with_kwargs": "True"}),
    (
        "input_rescale_prehook",
        "tensor_only",
        "hook_return_form",
        {"d": "8", "ret": "x", "with_kwargs": "True"},
    ),
    (
        "input_rescale_prehook",
        "args_tuple_only",
        "hook_return_form",
        {"d": "8", "ret": "(x,)", "with_kwargs": "True"},
    ),
    (
        "input_rescale_prehook",
        "kwargs_off",
        "hook_signature",
        {"d": "8", "ret": "(x,), kwargs", "with_kwargs": "False"},
    ),
]

template("grad_clip_hook_trainer", "(4, {d})")(
    """
class Net(nn.Module):
    def __init__(self, d={d}, hidden=12):
        super().__init__()
        self.enc = nn.Linear(d, hidden)
        self.dec = nn.Linear(hidden, 1)

    def forward(self, x):
        with torch.enable_grad():
            h = torch.relu(self.enc(x))
            h.register_hook(lambda g: {hook})
            loss = self.dec(h).pow(2).mean()
            loss.backward()
        return self.dec(torch.relu(self.enc(x)))
"""
)
V += [
    ("grad_clip_hook_trainer", "ok", "clean", {"d": "6", "hook": "g.clamp(-1.0, 1.0)"}),
    (
        "grad_clip_hook_trainer",
        "ok_scaled_norm",
        "clean",
        {"d": "6", "hook": "g / (g.norm(dim=-1, keepdim=True) + 1e-6)"},
    ),
    (
        "grad_clip_hook_trainer",
        "norm_without_keepdim",
        "broadcast_add",
        {"d": "6", "hook": "g / (g.norm(dim=-1) + 1e-6)"},
    ),
    (
        "grad_clip_hook_trainer",
        "batch_mean_grad",
        "tensor_hook_shape",
        {"d": "6", "hook": "g.mean(0)"},
    ),
]

template("module_grad_hook_scaler", "(4, {d})")(
    """
class Scale(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return self.fc(x)


class Net(nn.Module):
    def __init__(self, d={d}):
        super().__init__()
        self.block = Scale(d)
        self.head = nn.Linear(d, 1)
        self.block.register_full_backward_hook(self.damp)

    @staticmethod
    def damp(module, grad_input, grad_output):
        return {ret}

    def forward(self, x):
        with torch.enable_grad():
            x = x.clone().requires_grad_(True)
            self.head(self.block(x)).sum().backward()
        return self.head(self.block(x.detach()))
"""
)
V += [
    (
        "module_grad_hook_scaler",
        "ok",
        "clean",
        {"d": "6", "ret": "tuple(g * 0.5 if g is not None else None for g in grad_input)"},
    ),
    ("module_grad_hook_scaler", "ok_none", "clean", {"d": "6", "ret": "None"}),
    (
        "module_grad_hook_scaler",
        "with_output_grads",
        "backward_hook_grad_count",
        {"d": "6", "ret": "grad_input + grad_output"},
    ),
    (
        "module_grad_hook_scaler",
        "wrong_shape_loop",
        "tensor_hook_shape",
        {"d": "6", "ret": "(grad_input[0].sum(0),)"},
    ),
    (
        "module_grad_hook_scaler",
        "pair_returned",
        "backward_hook_grad_count",
        {"d": "6", "ret": "(grad_input[0], grad_input[0])"},
    ),
]

# ---------------------------------------------------------------- clip norm type that is not a number (new)
template("clipped_lm_step", "(2, 6)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class TrainConfig:
    vocab: int = 11
    d: int = 8
    clip: float = 1.0
    norm_type: object = {norm_type}


class Net(nn.Module):
    def __init__(self, cfg=TrainConfig()):
        super().__init__()
        self.cfg = cfg
        self.emb = nn.Embedding(cfg.vocab, cfg.d)
        self.rnn = nn.GRU(cfg.d, cfg.d, batch_first=True)
        self.out = nn.Linear(cfg.d, cfg.vocab)

    def forward(self, ids):
        with torch.enable_grad():
            h, _ = self.rnn(self.emb(ids))
            logits = self.out(h)
            loss = F.cross_entropy(logits[:, :-1].reshape(-1, self.cfg.vocab), ids[:, 1:].reshape(-1))
            loss.backward()
            {clip}
        return logits
"""
)
V += [
    (
        "clipped_lm_step",
        "ok",
        "clean",
        {
            "norm_type": "2.0",
            "clip": "nn.utils.clip_grad_norm_(self.parameters(), self.cfg.clip, norm_type=self.cfg.norm_type)",
        },
    ),
    (
        "clipped_lm_step",
        "ok_inf_string",
        "clean",
        {
            "norm_type": '"inf"',
            "clip": "nn.utils.clip_grad_norm_(self.parameters(), self.cfg.clip, norm_type=self.cfg.norm_type)",
        },
    ),
    (
        "clipped_lm_step",
        "l2_name",
        "clip_grad_norm_type",
        {
            "norm_type": '"l2"',
            "clip": "nn.utils.clip_grad_norm_(self.parameters(), self.cfg.clip, norm_type=self.cfg.norm_type)",
        },
    ),
    (
        "clipped_lm_step",
        "fro_name",
        "clip_grad_norm_type",
        {
            "norm_type": '"fro"',
            "clip": "nn.utils.clip_grad_norm_(self.parameters(), self.cfg.clip, self.cfg.norm_type)",
        },
    ),
]

template("grad_norm_logger", "(4, {d})")(
    """
class Net(nn.Module):
    def __init__(self, d={d}, depth=2):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(d, d) for _ in range(depth))
        self.head = nn.Linear(d, 1)
        self.norm_kind = {kind}

    def forward(self, x):
        with torch.enable_grad():
            h = x
            for b in self.blocks:
                h = torch.relu(b(h))
            self.head(h).mean().backward()
            grads = [p.grad for p in self.parameters() if p.grad is not None]
            total = nn.utils.get_total_norm(grads, norm_type=self.norm_kind)
        return self.head(h.detach()) + total
"""
)
V += [
    ("grad_norm_logger", "ok", "clean", {"d": "6", "kind": "2"}),
    ("grad_norm_logger", "ok_one", "clean", {"d": "6", "kind": "1.0"}),
    ("grad_norm_logger", "euclid_name", "clip_grad_norm_type", {"d": "6", "kind": '"euclidean"'}),
    ("grad_norm_logger", "max_name", "clip_grad_norm_type", {"d": "6", "kind": '"max"'}),
]

# ---------------------------------------------------------------- conv padding_mode torch does not know (new)
template("lazy_stem_backbone", "(2, 3, 16, 16)")(
    """
from dataclasses import dataclass


@dataclass
class StemConfig:
    width: int = 8
    pad_mode: str = {pad_mode}
    stages: int = 2


class Net(nn.Module):
    def __init__(self, cfg=StemConfig()):
        super().__init__()
        self.cfg = cfg
        self.stem = None
        self.stages = nn.ModuleList(
            nn.Conv2d(cfg.width * 2**i, cfg.width * 2 ** (i + 1), 3, stride=2, padding=1)
            for i in range(cfg.stages)
        )

    def forward(self, x):
        if self.stem is None:
            self.stem = nn.Conv2d(x.shape[1], self.cfg.width, 3, padding=1, padding_mode=self.cfg.pad_mode)
        x = F.relu(self.stem(x))
        for s in self.stages:
            x = F.relu(s(x))
        return x.mean((2, 3))
"""
)
V += [
    ("lazy_stem_backbone", "ok", "clean", {"pad_mode": '"zeros"'}),
    ("lazy_stem_backbone", "ok_reflect", "clean", {"pad_mode": '"reflect"'}),
    (
        "lazy_stem_backbone",
        "reflection_name",
        "conv_padding_mode_name",
        {"pad_mode": '"reflection"'},
    ),
    ("lazy_stem_backbone", "zero_singular", "conv_padding_mode_name", {"pad_mode": '"zero"'}),
]

template("wavenet_causal_build", "(2, {c}, 32)")(
    """
class Net(nn.Module):
    def __init__(self, c={c}, dilations=(1, 2, 4)):
        super().__init__()
        self.c, self.dilations = c, dilations
        self.layers = None

    def make_layers(self):
        return nn.ModuleList(
            nn.Conv1d(self.c, self.c, 3, dilation=d, padding=d, padding_mode={mode})
            for d in self.dilations
        )

    def forward(self, x):
        if self.layers is None:
            self.layers = self.make_layers()
        for conv in self.layers:
            x = x + torch.tanh(conv(x))
        return x
"""
)
V += [
    ("wavenet_causal_build", "ok", "clean", {"c": "4", "mode": '"replicate"'}),
    ("wavenet_causal_build", "ok_circular", "clean", {"c": "4", "mode": '"circular"'}),
    (
        "wavenet_causal_build",
        "constant_mode_again",
        "conv_padding_mode_name",
        {"c": "4", "mode": '"constant"'},
    ),
    (
        "wavenet_causal_build",
        "causal_mode",
        "conv_padding_mode_name",
        {"c": "4", "mode": '"causal"'},
    ),
]

# ---------------------------------------------------------------- sdpa given both a mask and is_causal (new)
template("decoder_sdpa_padmask", "(2, 7)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class LMConfig:
    vocab: int = 13
    d: int = 16
    heads: int = 2
    layers: int = 2
    max_len: int = 16


class Attn(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.h = cfg.heads
        self.qkv = nn.Linear(cfg.d, 3 * cfg.d)
        self.o = nn.Linear(cfg.d, cfg.d)

    def forward(self, x, pad):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, D // self.h).permute(2, 0, 3, 1, 4)
        mask = {mask}
        y = F.scaled_dot_product_attention(q, k, v, {call})
        return self.o(y.transpose(1, 2).reshape(B, T, D))


class Net(nn.Module):
    def __init__(self, cfg=LMConfig()):
        super().__init__()
        self.emb = nn.Embedding(cfg.vocab, cfg.d)
        self.pos = nn.Embedding(cfg.max_len, cfg.d)
        self.blocks = nn.ModuleList(Attn(cfg) for _ in range(cfg.layers))
        self.out = nn.Linear(cfg.d, cfg.vocab)

    def forward(self, ids):
        pad = ids != 0
        pad[:, 0] = True
        x = self.emb(ids) + self.pos(torch.arange(ids.shape[1]))
        for blk in self.blocks:
            x = x + blk(x, pad)
        return self.out(x)
"""
)
V += [
    (
        "decoder_sdpa_padmask",
        "ok",
        "clean",
        {
            "mask": "pad[:, None, None, :] & torch.ones(T, T, dtype=torch.bool).tril()",
            "call": "attn_mask=mask",
        },
    ),
    (
        "decoder_sdpa_padmask",
        "ok_causal_only",
        "clean",
        {"mask": "None", "call": "attn_mask=mask, is_causal=True"},
    ),
    (
        "decoder_sdpa_padmask",
        "ok_pad_and_causal",
        "clean",
        {"mask": "pad[:, None, None, :]", "call": "attn_mask=mask, is_causal=True"},
    ),
    (
        "decoder_sdpa_padmask",
        "ok_float_pad_and_causal",
        "clean",
        {
            "mask": "torch.zeros(B, 1, 1, T).masked_fill(~pad[:, None, None, :], float('-inf'))",
            "call": "attn_mask=mask, is_causal=True",
        },
    ),
    (
        "decoder_sdpa_padmask",
        "raw_pad_mask",
        "sdpa_attn_mask_shape",
        {"mask": "pad & pad", "call": "attn_mask=mask"},
    ),
    (
        "decoder_sdpa_padmask",
        "long_pad_mask",
        "sdpa_mask_dtype",
        {"mask": "pad.long()[:, None, None, :]", "call": "attn_mask=mask"},
    ),
]

template("kv_cache_generate_sdpa", "(1, {prompt})", "tokens")(
    """
class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.h = heads
        self.q, self.k, self.v = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)

    def split(self, t):
        B, T, D = t.shape
        return t.view(B, T, self.h, D // self.h).transpose(1, 2)

    def forward(self, x, cache):
        q, k, v = self.split(self.q(x)), self.split(self.k(x)), self.split(self.v(x))
        if cache is not None:
            k = torch.cat([cache[0], k], {cat_dim})
            v = torch.cat([cache[1], v], {cat_dim})
        causal = {causal}
        y = F.scaled_dot_product_attention(q, k, v, {mask_kw}is_causal=causal)
        return x + y.transpose(1, 2).reshape(x.shape), (k, v)


class Net(nn.Module):
    def __init__(self, vocab=9, d=8, heads=2, new_tokens=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.block = Block(d, heads)
        self.out = nn.Linear(d, vocab)
        self.new_tokens = new_tokens

    def forward(self, ids):
        cache = None
        x = self.emb(ids)
        for step in range(self.new_tokens):
            h, cache = self.block(x, cache)
            nxt = self.out(h[:, -1]).argmax(-1, keepdim=True)
            x = self.emb(nxt)
        return torch.cat([cache[0].flatten(1), nxt.float()], 1)
"""
)
V += [
    (
        "kv_cache_generate_sdpa",
        "ok",
        "clean",
        {"prompt": "4", "causal": "cache is None", "mask_kw": "", "cat_dim": "2"},
    ),
    (
        "kv_cache_generate_sdpa",
        "ok_prefill_mask",
        "clean",
        {
            "prompt": "4",
            "causal": "False",
            "mask_kw": "attn_mask=torch.ones(q.shape[2], k.shape[2], dtype=torch.bool).tril(k.shape[2] - q.shape[2]), ",
            "cat_dim": "2",
        },
    ),
    (
        "kv_cache_generate_sdpa",
        "ok_mask_plus_causal",
        "clean",
        {
            "prompt": "4",
            "causal": "True",
            "mask_kw": "attn_mask=torch.ones(q.shape[2], k.shape[2], dtype=torch.bool).tril(k.shape[2] - q.shape[2]), ",
            "cat_dim": "2",
        },
    ),
    (
        "kv_cache_generate_sdpa",
        "ok_mask_on_decode_step",
        "clean",
        {
            "prompt": "4",
            "causal": "True",
            "mask_kw": "attn_mask=None if cache is None else torch.ones(q.shape[2], k.shape[2], dtype=torch.bool), ",
            "cat_dim": "2",
        },
    ),
    (
        "kv_cache_generate_sdpa",
        "cat_heads_axis",
        "kv_cache_axis",
        {"prompt": "4", "causal": "cache is None", "mask_kw": "", "cat_dim": "1"},
    ),
]

# ---------------------------------------------------------------- sampling at temperature zero (new)
template("sampling_decoder_cfg", "(2, 3)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class GenConfig:
    vocab: int = 10
    d: int = 12
    steps: int = 4
    temperature: float = {temp}
    top_k: int = {top_k}


class Net(nn.Module):
    def __init__(self, cfg=GenConfig()):
        super().__init__()
        self.cfg = cfg
        self.emb = nn.Embedding(cfg.vocab, cfg.d)
        self.cell = nn.GRUCell(cfg.d, cfg.d)
        self.out = nn.Linear(cfg.d, cfg.vocab)

    def forward(self, ids):
        h = self.emb(ids).mean(1)
        tok = ids[:, -1]
        outs = []
        for _ in range(self.cfg.steps):
            h = self.cell(self.emb(tok), h)
            logits = {scale}
            if self.cfg.top_k > 0:
                kth = logits.topk(self.cfg.top_k, -1).values[:, -1:]
                logits = logits.masked_fill(logits < kth, float("-inf"))
            tok = torch.multinomial(logits.softmax(-1), 1)[:, 0]
            outs.append(tok)
        return torch.stack(outs, 1).float()
"""
)
V += [
    (
        "sampling_decoder_cfg",
        "ok",
        "clean",
        {"temp": "0.8", "top_k": "0", "scale": "self.out(h) / self.cfg.temperature"},
    ),
    (
        "sampling_decoder_cfg",
        "ok_topk",
        "clean",
        {"temp": "1.0", "top_k": "3", "scale": "self.out(h) / self.cfg.temperature"},
    ),
    (
        "sampling_decoder_cfg",
        "ok_greedy_floor",
        "clean",
        {"temp": "0.0", "top_k": "0", "scale": "self.out(h) / max(self.cfg.temperature, 1e-5)"},
    ),
    (
        "sampling_decoder_cfg",
        "greedy_as_zero",
        "temperature_zero_sampling",
        {"temp": "0.0", "top_k": "0", "scale": "self.out(h) / self.cfg.temperature"},
    ),
    (
        "sampling_decoder_cfg",
        "zero_with_topk_cfg",
        "temperature_zero_sampling",
        {"temp": "0.0", "top_k": "2", "scale": "self.out(h) / self.cfg.temperature"},
    ),
    (
        "sampling_decoder_cfg",
        "topk_over_vocab",
        "topk_k",
        {"temp": "1.0", "top_k": "12", "scale": "self.out(h) / self.cfg.temperature"},
    ),
]

template("policy_rollout_temp", "(3, {obs})")(
    """
class Policy(nn.Module):
    def __init__(self, obs, actions, hidden=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs, hidden), nn.Tanh(), nn.Linear(hidden, actions))

    def forward(self, s):
        return self.body(s)


class Net(nn.Module):
    def __init__(self, obs={obs}, actions=4, horizon=3, temps=({temps})):
        super().__init__()
        self.pi = Policy(obs, actions)
        self.dyn = nn.Linear(obs + actions, obs)
        self.horizon, self.temps, self.actions = horizon, temps, actions

    def forward(self, s):
        picks = []
        for t in range(self.horizon):
            tau = self.temps[min(t, len(self.temps) - 1)]
            probs = {probs}
            a = torch.multinomial(probs, 1)[:, 0]
            picks.append(a)
            s = torch.tanh(self.dyn(torch.cat([s, F.one_hot(a, self.actions).float()], -1)))
        return s
"""
)
V += [
    (
        "policy_rollout_temp",
        "ok",
        "clean",
        {"obs": "5", "temps": "1.0, 0.5", "probs": "F.softmax(self.pi(s) / tau, -1)"},
    ),
    (
        "policy_rollout_temp",
        "ok_zero_exp",
        "clean",
        {"obs": "5", "temps": "1.0, 0.0", "probs": "F.softmax(self.pi(s) * tau, -1)"},
    ),
    (
        "policy_rollout_temp",
        "anneal_to_zero",
        "temperature_zero_sampling",
        {"obs": "5", "temps": "1.0, 0.0", "probs": "F.softmax(self.pi(s) / tau, -1)"},
    ),
    (
        "policy_rollout_temp",
        "exp_logits_zero_tau",
        "temperature_zero_sampling",
        {
            "obs": "5",
            "temps": "0.0,",
            "probs": "(self.pi(s) / tau).exp() / (self.pi(s) / tau).exp().sum(-1, keepdim=True)",
        },
    ),
]

# ================================================================ earlier classes in new code shapes
# ---------------------------------------------------------------- head_split / kv_heads / residual_width: config drift
template("gqa_lm_config_drift", "(2, 6)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class GQAConfig:
    vocab: int = 17
    d: int = {d}
    heads: int = {heads}
    kv_heads: int = {kv_heads}
    layers: int = 2
    mlp_ratio: int = 2


class Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.h, self.kvh = cfg.heads, cfg.kv_heads
        self.hd = cfg.d // cfg.heads
        self.q = nn.Linear(cfg.d, cfg.heads * self.hd)
        self.kv = nn.Linear(cfg.d, 2 * cfg.kv_heads * self.hd)
        self.o = nn.Linear(cfg.heads * self.hd, cfg.d)

    def forward(self, x):
        B, T, _ = x.shape
        q = self.q(x).view(B, T, self.h, self.hd).transpose(1, 2)
        k, v = self.kv(x).view(B, T, 2, self.kvh, self.hd).unbind(2)
        rep = self.h // self.kvh
        k = k.transpose(1, 2).repeat_interleave(rep, 1)
        v = v.transpose(1, 2).repeat_interleave(rep, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o(y.transpose(1, 2).reshape(B, T, -1))


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.n1, self.n2 = nn.LayerNorm(cfg.d), nn.LayerNorm(cfg.d)
        self.attn = Attention(cfg)
        self.mlp = nn.Sequential(nn.Linear(cfg.d, cfg.mlp_ratio * cfg.d), nn.GELU(), nn.Linear(cfg.mlp_ratio * cfg.d, {mlp_out}))

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.mlp(self.n2(x))


class Net(nn.Module):
    def __init__(self, cfg=GQAConfig()):
        super().__init__()
        self.emb = nn.Embedding(cfg.vocab, cfg.d)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.layers))
        self.out = nn.Linear(cfg.d, cfg.vocab)

    def forward(self, ids):
        x = self.emb(ids)
        for b in self.blocks:
            x = b(x)
        return self.out(x)
"""
)
V += [
    (
        "gqa_lm_config_drift",
        "ok",
        "clean",
        {"d": "16", "heads": "4", "kv_heads": "2", "mlp_out": "cfg.d"},
    ),
    (
        "gqa_lm_config_drift",
        "ok_mqa",
        "clean",
        {"d": "16", "heads": "4", "kv_heads": "1", "mlp_out": "cfg.d"},
    ),
    (
        "gqa_lm_config_drift",
        "kv_3_of_4_cfg",
        "kv_heads",
        {"d": "16", "heads": "4", "kv_heads": "3", "mlp_out": "cfg.d"},
    ),
    (
        "gqa_lm_config_drift",
        "mlp_back_to_ratio",
        "residual_width",
        {"d": "16", "heads": "4", "kv_heads": "2", "mlp_out": "cfg.mlp_ratio * 16"},
    ),
    (
        "gqa_lm_config_drift",
        "ok_heads_6_uneven",
        "clean",
        {"d": "18", "heads": "6", "kv_heads": "2", "mlp_out": "cfg.d"},
    ),
]

template("vit_encoder_heads_cfg", "(2, 3, {img}, {img})")(
    """
class MHSA(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.heads, {head_dim}).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        a = (q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5).softmax(-1)
        return self.proj((a @ v).transpose(1, 2).reshape(B, N, C))


class Net(nn.Module):
    def __init__(self, img={img}, patch={patch}, dim={dim}, heads={heads}, depth=2):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, patch, stride=patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos = nn.Parameter(torch.zeros(1, {npos} + 1, dim))
        self.blocks = nn.ModuleList(MHSA(dim, heads) for _ in range(depth))
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        x = self.patch(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1) + self.pos
        for blk in self.blocks:
            x = x + blk(self.norm(x))
        return x[:, 0]
"""
)
V += [
    (
        "vit_encoder_heads_cfg",
        "ok",
        "clean",
        {
            "img": "16",
            "patch": "4",
            "dim": "24",
            "heads": "4",
            "head_dim": "C // self.heads",
            "npos": "(img // patch) ** 2",
        },
    ),
    (
        "vit_encoder_heads_cfg",
        "ok_six_heads",
        "clean",
        {
            "img": "16",
            "patch": "4",
            "dim": "24",
            "heads": "6",
            "head_dim": "-1",
            "npos": "(img // patch) ** 2",
        },
    ),
    (
        "vit_encoder_heads_cfg",
        "heads_5",
        "head_split",
        {
            "img": "16",
            "patch": "4",
            "dim": "24",
            "heads": "5",
            "head_dim": "C // self.heads",
            "npos": "(img // patch) ** 2",
        },
    ),
    (
        "vit_encoder_heads_cfg",
        "img_18_area_pos_cfg",
        "pos_table_length",
        {
            "img": "18",
            "patch": "4",
            "dim": "24",
            "heads": "4",
            "head_dim": "C // self.heads",
            "npos": "img * img // patch**2",
        },
    ),
    (
        "vit_encoder_heads_cfg",
        "ok_img_20_area",
        "clean",
        {
            "img": "20",
            "patch": "4",
            "dim": "24",
            "heads": "4",
            "head_dim": "C // self.heads",
            "npos": "img * img // patch**2",
        },
    ),
]

template("cross_attn_memory_cfg", "(2, 5, {d})")(
    """
from dataclasses import dataclass


@dataclass
class Seq2SeqConfig:
    d: int = {d}
    enc_d: int = {enc_d}
    heads: int = 2
    mem_len: int = 7


class Net(nn.Module):
    def __init__(self, cfg=Seq2SeqConfig()):
        super().__init__()
        self.cfg = cfg
        self.memory = nn.Parameter(torch.randn(1, cfg.mem_len, cfg.enc_d))
        self.mem_proj = {mem_proj}
        self.xattn = nn.MultiheadAttention(cfg.d, cfg.heads, batch_first=True)
        self.ffn = nn.Sequential(nn.Linear(cfg.d, 2 * cfg.d), nn.ReLU(), nn.Linear(2 * cfg.d, cfg.d))

    def forward(self, x):
        mem = self.mem_proj(self.memory.expand(x.shape[0], -1, -1))
        y, _ = self.xattn(x, mem, mem)
        return x + self.ffn(y)
"""
)
V += [
    (
        "cross_attn_memory_cfg",
        "ok",
        "clean",
        {"d": "8", "enc_d": "12", "mem_proj": "nn.Linear(cfg.enc_d, cfg.d)"},
    ),
    (
        "cross_attn_memory_cfg",
        "ok_same_width",
        "clean",
        {"d": "8", "enc_d": "8", "mem_proj": "nn.Identity()"},
    ),
    (
        "cross_attn_memory_cfg",
        "identity_wider_enc",
        "mha_kdim",
        {"d": "8", "enc_d": "12", "mem_proj": "nn.Identity()"},
    ),
    (
        "cross_attn_memory_cfg",
        "proj_from_d",
        "linear_in_features",
        {"d": "8", "enc_d": "12", "mem_proj": "nn.Linear(cfg.d, cfg.d)"},
    ),
]

# ---------------------------------------------------------------- conv_in_channels / norm_groups / unet_skip: widths through loops
template("resnet_stage_builder", "(2, 3, 16, 16)")(
    """
from dataclasses import dataclass


@dataclass
class ResNetConfig:
    widths: tuple = {widths}
    groups: int = {groups}
    stem: int = {stem}


class ResBlock(nn.Module):
    def __init__(self, cin, cout, groups):
        super().__init__()
        self.c1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.n1 = nn.GroupNorm(groups, cout)
        self.c2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1) if cin != cout else nn.Identity()

    def forward(self, x):
        return F.relu(self.skip(x) + self.c2(F.relu(self.n1(self.c1(x)))))


class Net(nn.Module):
    def __init__(self, cfg=ResNetConfig()):
        super().__init__()
        self.cfg = cfg
        self.stem = nn.Conv2d(3, cfg.stem, 3, padding=1)
        self.stages = None

    def build(self):
        blocks, cin = [], self.cfg.widths[0]
        for w in self.cfg.widths:
            blocks.append(ResBlock(cin, w, self.cfg.groups))
            cin = w
        return nn.Sequential(*blocks)

    def forward(self, x):
        if self.stages is None:
            self.stages = self.build()
        return self.stages(self.stem(x)).mean((2, 3))
"""
)
V += [
    ("resnet_stage_builder", "ok", "clean", {"widths": "(8, 16, 32)", "groups": "4", "stem": "8"}),
    (
        "resnet_stage_builder",
        "ok_groups_8",
        "clean",
        {"widths": "(8, 16, 32)", "groups": "8", "stem": "8"},
    ),
    (
        "resnet_stage_builder",
        "stem_16",
        "conv_in_channels",
        {"widths": "(8, 16, 32)", "groups": "4", "stem": "16"},
    ),
    (
        "resnet_stage_builder",
        "groups_3_step",
        "norm_groups",
        {"widths": "(12, 18, 24)", "groups": "4", "stem": "12"},
    ),
    (
        "resnet_stage_builder",
        "groups_16_late",
        "norm_groups",
        {"widths": "(16, 32, 48)", "groups": "32", "stem": "16"},
    ),
]

template("unet_depth_loop", "(1, {cin}, {side}, {side})")(
    """
class Down(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU())

    def forward(self, x):
        return self.conv(x)


class Net(nn.Module):
    def __init__(self, cin={cin}, base=4, depth={depth}):
        super().__init__()
        chans = [base * 2**i for i in range(depth)]
        self.downs = nn.ModuleList()
        prev = cin
        for c in chans:
            self.downs.append(Down(prev, c))
            prev = c
        self.ups = nn.ModuleList(
            nn.Conv2d(chans[i] + {up_in}, chans[i - 1], 3, padding=1) for i in range(depth - 1, 0, -1)
        )

    def forward(self, x):
        skips = []
        for i, d in enumerate(self.downs):
            x = d(x)
            if i < len(self.downs) - 1:
                skips.append(x)
                x = F.max_pool2d(x, 2)
        for up in self.ups:
            s = skips.pop()
            x = F.interpolate(x, scale_factor=2, mode="nearest")
            x = F.relu(up(torch.cat([x, s], 1)))
        return x
"""
)
V += [
    (
        "unet_depth_loop",
        "ok",
        "clean",
        {"cin": "2", "side": "16", "depth": "3", "up_in": "chans[i - 1]"},
    ),
    (
        "unet_depth_loop",
        "ok_side_24",
        "clean",
        {"cin": "2", "side": "24", "depth": "3", "up_in": "chans[i - 1]"},
    ),
    (
        "unet_depth_loop",
        "side_20_odd_level",
        "unet_skip",
        {"cin": "2", "side": "20", "depth": "4", "up_in": "chans[i - 1]"},
    ),
    (
        "unet_depth_loop",
        "skip_width_same_loop",
        "conv_in_channels",
        {"cin": "2", "side": "16", "depth": "3", "up_in": "chans[i]"},
    ),
]

template("diffusion_time_embed", "(2, {ch}, 8, 8)")(
    """
import math


def sinusoidal(t, dim):
    half = dim // 2
    freqs = torch.exp(-math.log(10000.0) * torch.arange(half) / half)
    ang = t[:, None].float() * freqs[None]
    return torch.cat([ang.sin(), ang.cos()], -1)


class Net(nn.Module):
    def __init__(self, ch={ch}, t_dim={t_dim}):
        super().__init__()
        self.t_dim = t_dim
        self.t_mlp = nn.Sequential(nn.Linear(t_dim, 2 * ch), nn.SiLU(), nn.Linear(2 * ch, ch))
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x):
        t = torch.arange(x.shape[0]) * 10
        emb = self.t_mlp(sinusoidal(t, {emb_dim}))
        return self.conv(x) + emb[:, :, None, None]
"""
)
V += [
    ("diffusion_time_embed", "ok", "clean", {"ch": "8", "t_dim": "16", "emb_dim": "self.t_dim"}),
    (
        "diffusion_time_embed",
        "ok_pad_odd",
        "clean",
        {"ch": "8", "t_dim": "16", "emb_dim": "self.t_dim + self.t_dim % 2"},
    ),
    (
        "diffusion_time_embed",
        "odd_t_dim_slip",
        "timestep_embed",
        {"ch": "8", "t_dim": "15", "emb_dim": "self.t_dim"},
    ),
    (
        "diffusion_time_embed",
        "channel_as_dim",
        "timestep_embed",
        {"ch": "6", "t_dim": "16", "emb_dim": "x.shape[1]"},
    ),
]

# ---------------------------------------------------------------- pos tables / KV cache / masks in decode loops
template("learned_pos_generate", "(1, {prompt})", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class TinyGPTConfig:
    vocab: int = 9
    d: int = 8
    block: int = {block}
    new_tokens: int = {new}


class Net(nn.Module):
    def __init__(self, cfg=TinyGPTConfig()):
        super().__init__()
        self.cfg = cfg
        self.tok = nn.Embedding(cfg.vocab, cfg.d)
        self.pos = nn.Embedding(cfg.block, cfg.d)
        self.layer = nn.TransformerEncoderLayer(cfg.d, 2, 16, batch_first=True, dropout=0.0)
        self.head = nn.Linear(cfg.d, cfg.vocab)

    def logits(self, ids):
        T = ids.shape[1]
        mask = nn.Transformer.generate_square_subsequent_mask(T)
        h = self.tok(ids) + self.pos(torch.arange(T))
        return self.head(self.layer(h, src_mask=mask, is_causal=True))

    def forward(self, ids):
        for _ in range(self.cfg.new_tokens):
            ctx = {ctx}
            nxt = self.logits(ctx)[:, -1].argmax(-1, keepdim=True)
            ids = torch.cat([ids, nxt], 1)
        return ids.float()
"""
)
V += [
    (
        "learned_pos_generate",
        "ok",
        "clean",
        {"prompt": "3", "block": "8", "new": "4", "ctx": "ids[:, -self.cfg.block :]"},
    ),
    (
        "learned_pos_generate",
        "ok_fits_uncropped",
        "clean",
        {"prompt": "3", "block": "8", "new": "5", "ctx": "ids"},
    ),
    (
        "learned_pos_generate",
        "uncropped_overflow",
        "pos_table_length",
        {"prompt": "3", "block": "8", "new": "7", "ctx": "ids"},
    ),
    (
        "learned_pos_generate",
        "crop_plus_one",
        "pos_table_length",
        {"prompt": "6", "block": "6", "new": "3", "ctx": "ids[:, -(self.cfg.block + 1) :]"},
    ),
]

template("static_kv_cache_decoder", "(2, {prompt})", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=7, d=8, heads=2, max_len={max_len}, new_tokens={new}):
        super().__init__()
        self.h, self.hd, self.max_len, self.new = heads, d // heads, max_len, new_tokens
        self.emb = nn.Embedding(vocab, d)
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, vocab)

    def forward(self, ids):
        B, T = ids.shape
        k_cache = torch.zeros(B, self.h, self.max_len, self.hd)
        v_cache = torch.zeros(B, self.h, self.max_len, self.hd)
        x, pos = self.emb(ids), 0
        for step in range(self.new):
            q, k, v = self.qkv(x).view(B, -1, 3, self.h, self.hd).permute(2, 0, 3, 1, 4)
            n = k.shape[2]
            k_cache[:, :, pos : pos + n] = {k_store}
            v_cache[:, :, pos : pos + n] = v
            pos += n
            att = (q @ k_cache[:, :, :pos].transpose(-1, -2)).softmax(-1) @ v_cache[:, :, :pos]
            nxt = self.out(att.transpose(1, 2).reshape(B, -1, self.h * self.hd)[:, -1]).argmax(-1)
            x = self.emb(nxt)[:, None]
        return k_cache.flatten(1)
"""
)
V += [
    (
        "static_kv_cache_decoder",
        "ok",
        "clean",
        {"prompt": "4", "max_len": "8", "new": "4", "k_store": "k"},
    ),
    (
        "static_kv_cache_decoder",
        "ok_exact_fill",
        "clean",
        {"prompt": "4", "max_len": "7", "new": "4", "k_store": "k"},
    ),
    (
        "static_kv_cache_decoder",
        "ok_one_past_capacity",
        "clean",
        {"prompt": "4", "max_len": "7", "new": "5", "k_store": "k"},
    ),
    (
        "static_kv_cache_decoder",
        "squeezed_store_decode",
        "slice_assign_shape",
        {"prompt": "4", "max_len": "8", "new": "4", "k_store": "k[:, :, -1]"},
    ),
]

template("padded_encoder_masks", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=5, d=8, heads=2, pad_id=0):
        super().__init__()
        self.pad_id, self.heads = pad_id, heads
        self.emb = nn.Embedding(vocab, d, padding_idx=pad_id)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.pool = nn.Linear(d, 1)

    def forward(self, ids):
        ids = ids.clone()
        ids[:, 0] = 1
        keep = ids != self.pad_id
        x = self.emb(ids)
        y, _ = self.attn(x, x, x, key_padding_mask={kpm})
        score = self.pool(y).squeeze(-1).masked_fill({fill_mask}, float("-inf"))
        w = score.softmax(-1)
        return (w[..., None] * y).sum(1)
"""
)
V += [
    ("padded_encoder_masks", "ok", "clean", {"kpm": "~keep", "fill_mask": "~keep"}),
    (
        "padded_encoder_masks",
        "ok_float_kpm",
        "clean",
        {"kpm": "(~keep).float() * -1e9", "fill_mask": "keep == 0"},
    ),
    (
        "padded_encoder_masks",
        "int_keep_mask",
        "mask_dtype",
        {"kpm": "~keep", "fill_mask": "1 - keep.long()"},
    ),
    (
        "padded_encoder_masks",
        "kpm_per_head_init",
        "key_padding_mask",
        {"kpm": "(~keep).repeat_interleave(self.heads, 0)", "fill_mask": "~keep"},
    ),
]

template("prefix_lm_causal_cache", "(2, {prompt})", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=6, d=8, max_len={max_len}, new_tokens=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, vocab)
        self.register_buffer("causal", torch.ones(max_len, max_len).tril().bool())
        self.new = new_tokens

    def forward(self, ids):
        ks, vs, x = [], [], self.emb(ids)
        past = 0
        for _ in range(self.new):
            q, k, v = self.qkv(x).chunk(3, -1)
            ks.append(k)
            vs.append(v)
            K, V = torch.cat(ks, 1), torch.cat(vs, 1)
            T = q.shape[1]
            m = self.causal[{rows}, : K.shape[1]]
            att = (q @ K.transpose(1, 2)).masked_fill(~m, float("-inf")).softmax(-1)
            past += T
            nxt = self.out((att @ V)[:, -1]).argmax(-1, keepdim=True)
            x = self.emb(nxt)
        return K
"""
)
V += [
    (
        "prefix_lm_causal_cache",
        "ok",
        "clean",
        {"prompt": "4", "max_len": "8", "rows": "past : past + T"},
    ),
    (
        "prefix_lm_causal_cache",
        "ok_full_rows",
        "clean",
        {"prompt": "4", "max_len": "8", "rows": "K.shape[1] - T : K.shape[1]"},
    ),
    (
        "prefix_lm_causal_cache",
        "ok_rows_from_zero",
        "clean",
        {"prompt": "4", "max_len": "8", "rows": ":T"},
    ),
    (
        "prefix_lm_causal_cache",
        "mask_table_short_late",
        "causal_mask_past",
        {"prompt": "4", "max_len": "5", "rows": "past : past + T"},
    ),
]

# ---------------------------------------------------------------- loss shapes, RNN widths in whole models
template("ner_tagger_bilstm_cfg", "(2, 7)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class TaggerConfig:
    vocab: int = 12
    emb: int = {emb}
    hidden: int = 10
    tags: int = 5
    bidirectional: bool = True


class Net(nn.Module):
    def __init__(self, cfg=TaggerConfig()):
        super().__init__()
        self.cfg = cfg
        self.emb = nn.Embedding(cfg.vocab, cfg.emb)
        self.rnn = nn.LSTM({rnn_in}, cfg.hidden, batch_first=True, bidirectional=cfg.bidirectional)
        dirs = 2 if cfg.bidirectional else 1
        self.proj = nn.Linear({proj_in}, cfg.tags)

    def forward(self, ids):
        h, _ = self.rnn(self.emb(ids))
        logits = self.proj(h)
        tags = ids % self.cfg.tags
        with torch.enable_grad():
            loss = F.cross_entropy({ce_logits}, {ce_target})
        return logits + loss
"""
)
V += [
    (
        "ner_tagger_bilstm_cfg",
        "ok",
        "clean",
        {
            "emb": "6",
            "rnn_in": "cfg.emb",
            "proj_in": "dirs * cfg.hidden",
            "ce_logits": "logits.transpose(1, 2)",
            "ce_target": "tags",
        },
    ),
    (
        "ner_tagger_bilstm_cfg",
        "ok_flat",
        "clean",
        {
            "emb": "6",
            "rnn_in": "cfg.emb",
            "proj_in": "dirs * cfg.hidden",
            "ce_logits": "logits.flatten(0, 1)",
            "ce_target": "tags.flatten()",
        },
    ),
    (
        "ner_tagger_bilstm_cfg",
        "btc_logits_cfg",
        "cross_entropy_shape",
        {
            "emb": "6",
            "rnn_in": "cfg.emb",
            "proj_in": "dirs * cfg.hidden",
            "ce_logits": "logits",
            "ce_target": "tags",
        },
    ),
    (
        "ner_tagger_bilstm_cfg",
        "one_direction_proj_helper",
        "linear_in_features",
        {
            "emb": "6",
            "rnn_in": "cfg.emb",
            "proj_in": "cfg.hidden",
            "ce_logits": "logits.transpose(1, 2)",
            "ce_target": "tags",
        },
    ),
    (
        "ner_tagger_bilstm_cfg",
        "rnn_in_hidden",
        "rnn_input",
        {
            "emb": "6",
            "rnn_in": "cfg.hidden",
            "proj_in": "dirs * cfg.hidden",
            "ce_logits": "logits.transpose(1, 2)",
            "ce_target": "tags",
        },
    ),
]

template("speech_gru_encoder", "(2, 9, {feat})")(
    """
class Subsample(nn.Module):
    def __init__(self, feat, ch):
        super().__init__()
        self.conv = nn.Conv1d(feat, ch, 3, stride=2, padding=1)

    def forward(self, x):
        return F.relu(self.conv(x.transpose(1, 2))).transpose(1, 2)


class Net(nn.Module):
    def __init__(self, feat={feat}, ch={ch}, hidden=12, layers=2):
        super().__init__()
        self.sub = Subsample(feat, ch)
        self.grus = nn.ModuleList()
        d = {first_in}
        for _ in range(layers):
            self.grus.append(nn.GRU(d, hidden, batch_first=True))
            d = {next_in}
        self.ctc = nn.Linear(hidden, 6)

    def forward(self, x):
        h = self.sub(x)
        for g in self.grus:
            h, _ = g(h)
        return self.ctc(h).log_softmax(-1)
"""
)
V += [
    (
        "speech_gru_encoder",
        "ok",
        "clean",
        {"feat": "10", "ch": "16", "first_in": "ch", "next_in": "hidden"},
    ),
    (
        "speech_gru_encoder",
        "ok_ch_equals_hidden",
        "clean",
        {"feat": "10", "ch": "12", "first_in": "ch", "next_in": "ch"},
    ),
    (
        "speech_gru_encoder",
        "first_from_feat_late",
        "rnn_input",
        {"feat": "10", "ch": "16", "first_in": "feat", "next_in": "hidden"},
    ),
    (
        "speech_gru_encoder",
        "next_stays_ch",
        "rnn_input",
        {"feat": "10", "ch": "16", "first_in": "ch", "next_in": "ch"},
    ),
]

# ---------------------------------------------------------------- checkpoint loading between config twins
template("distill_student_from_teacher", "(3, {d})")(
    """
from dataclasses import dataclass, replace


@dataclass
class MLPConfig:
    d: int = {d}
    hidden: int = 16
    depth: int = 3
    out: int = 4


class MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        dims = [cfg.d] + [cfg.hidden] * cfg.depth
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:]))
        self.head = nn.Linear(cfg.hidden, cfg.out)

    def forward(self, x):
        for layer in self.layers:
            x = F.relu(layer(x))
        return self.head(x)


class Net(nn.Module):
    def __init__(self, cfg=MLPConfig()):
        super().__init__()
        self.teacher = MLP(cfg)
        self.student_cfg = {student_cfg}
        self.student = None

    def forward(self, x):
        if self.student is None:
            self.student = MLP(self.student_cfg)
            self.student.load_state_dict(self.teacher.state_dict(){strict})
        return self.student(x) - self.teacher(x)
"""
)
V += [
    (
        "distill_student_from_teacher",
        "ok",
        "clean",
        {"d": "8", "student_cfg": "replace(cfg)", "strict": ""},
    ),
    (
        "distill_student_from_teacher",
        "ok_shallow_nonstrict",
        "clean",
        {"d": "8", "student_cfg": "replace(cfg, depth=2)", "strict": ", strict=False"},
    ),
    (
        "distill_student_from_teacher",
        "shallow_strict",
        "load_state_dict_mismatch",
        {"d": "8", "student_cfg": "replace(cfg, depth=2)", "strict": ""},
    ),
    (
        "distill_student_from_teacher",
        "narrow_nonstrict",
        "load_state_dict_mismatch",
        {"d": "8", "student_cfg": "replace(cfg, hidden=8)", "strict": ", strict=False"},
    ),
]

template("ema_shadow_update", "(4, {d})")(
    """
class Tower(nn.Module):
    def __init__(self, d, hidden):
        super().__init__()
        self.fc1 = nn.Linear(d, hidden)
        self.fc2 = nn.Linear(hidden, d)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


class Net(nn.Module):
    def __init__(self, d={d}, hidden=12, decay=0.99):
        super().__init__()
        self.online = Tower(d, hidden)
        self.target = Tower(d, {target_hidden})
        self.decay = decay

    @torch.no_grad()
    def update(self):
        for po, pt in zip(self.online.parameters(), self.target.parameters()):
            {update}

    def forward(self, x):
        self.update()
        return self.online(x) - self.target(x)
"""
)
V += [
    (
        "ema_shadow_update",
        "ok",
        "clean",
        {
            "d": "6",
            "target_hidden": "hidden",
            "update": "pt.mul_(self.decay).add_(po, alpha=1 - self.decay)",
        },
    ),
    (
        "ema_shadow_update",
        "ok_lerp",
        "clean",
        {"d": "6", "target_hidden": "hidden", "update": "pt.lerp_(po, 1 - self.decay)"},
    ),
    (
        "ema_shadow_update",
        "narrow_target_copy",
        "copy_shape",
        {"d": "6", "target_hidden": "hidden // 2", "update": "pt.copy_(po)"},
    ),
    (
        "ema_shadow_update",
        "narrow_target_lerp",
        "inplace_broadcast",
        {"d": "6", "target_hidden": "hidden // 2", "update": "pt.lerp_(po, 1 - self.decay)"},
    ),
]

template("finetune_ckpt_keys", "(2, {d})")(
    """
class Backbone(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, 16))

    def forward(self, x):
        return self.enc(x)


class Net(nn.Module):
    def __init__(self, d={d}):
        super().__init__()
        self.backbone = Backbone(d)
        self.cls = nn.Linear(16, 2)
        pretrained = Backbone(d)
        self.ckpt = {{"state_dict": pretrained.state_dict(), "epoch": 9}}

    def forward(self, x):
        sd = self.ckpt{get}
        self.backbone.load_state_dict({sd})
        return self.cls(self.backbone(x))
"""
)
V += [
    ("finetune_ckpt_keys", "ok", "clean", {"d": "8", "get": '["state_dict"]', "sd": "sd"}),
    (
        "finetune_ckpt_keys",
        "ok_get_default",
        "clean",
        {"d": "8", "get": '.get("model", self.ckpt["state_dict"])', "sd": "sd"},
    ),
    (
        "finetune_ckpt_keys",
        "model_key",
        "state_dict_key_missing",
        {"d": "8", "get": '["model"]', "sd": "sd"},
    ),
    (
        "finetune_ckpt_keys",
        "backbone_prefix_added",
        "load_state_dict_mismatch",
        {"d": "8", "get": '["state_dict"]', "sd": '{"backbone." + k: v for k, v in sd.items()}'},
    ),
    (
        "finetune_ckpt_keys",
        "whole_ckpt",
        "load_state_dict_mismatch",
        {"d": "8", "get": "", "sd": "sd"},
    ),
]

# ---------------------------------------------------------------- layers built in forward from config values (earlier construction classes)
template("lazy_token_classifier", "(2, 5)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class TokConfig:
    vocab: int = 10
    d: int = 8
    pad_id: int = {pad_id}
    heads: int = {heads}


class Net(nn.Module):
    def __init__(self, cfg=TokConfig()):
        super().__init__()
        self.cfg = cfg
        self.parts = None

    def build(self):
        c = self.cfg
        return nn.ModuleDict(
            {{
                "emb": nn.Embedding(c.vocab, c.d, padding_idx=c.pad_id),
                "attn": nn.MultiheadAttention(c.d, c.heads, batch_first=True),
                "out": nn.Linear(c.d, 3),
            }}
        )

    def forward(self, ids):
        if self.parts is None:
            self.parts = self.build()
        x = self.parts["emb"](ids)
        y, _ = self.parts["attn"](x, x, x)
        return self.parts["out"](y.mean(1))
"""
)
V += [
    ("lazy_token_classifier", "ok", "clean", {"pad_id": "0", "heads": "2"}),
    ("lazy_token_classifier", "ok_last_pad", "clean", {"pad_id": "-1", "heads": "4"}),
    (
        "lazy_token_classifier",
        "pad_is_vocab_drift",
        "ctor_padding_idx",
        {"pad_id": "10", "heads": "2"},
    ),
    ("lazy_token_classifier", "heads_3_loop", "mha_embed", {"pad_id": "0", "heads": "3"}),
    (
        "lazy_token_classifier",
        "pad_below_range",
        "ctor_padding_idx",
        {"pad_id": "-11", "heads": "2"},
    ),
]

template("projected_lstm_builder", "(2, 6, {d})")(
    """
class Net(nn.Module):
    def __init__(self, d={d}, hidden={hidden}, proj={proj}):
        super().__init__()
        self.d, self.hidden, self.proj = d, hidden, proj
        self.rnn = None
        self.head = nn.Linear(proj if proj else hidden, 2)

    def forward(self, x):
        if self.rnn is None:
            self.rnn = nn.LSTM(self.d, self.hidden, proj_size=self.proj, batch_first=True, dropout={drop}, num_layers=2)
        y, _ = self.rnn(x)
        return self.head(y[:, -1])
"""
)
V += [
    (
        "projected_lstm_builder",
        "ok",
        "clean",
        {"d": "6", "hidden": "12", "proj": "4", "drop": "0.1"},
    ),
    (
        "projected_lstm_builder",
        "ok_no_proj",
        "clean",
        {"d": "6", "hidden": "12", "proj": "0", "drop": "0.0"},
    ),
    (
        "projected_lstm_builder",
        "proj_equals_hidden",
        "rnn_proj_size",
        {"d": "6", "hidden": "12", "proj": "12", "drop": "0.1"},
    ),
    (
        "projected_lstm_builder",
        "percent_dropout",
        "dropout_prob",
        {"d": "6", "hidden": "12", "proj": "4", "drop": "10"},
    ),
]

# ---------------------------------------------------------------- more hook shapes (new classes, second templates)
template("layer_scale_prehooks", "(2, 4, {d})")(
    """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.fc = nn.Linear(d, d)

    def forward(self, x, scale=1.0):
        return x + scale * self.fc(self.norm(x))


def rescale(module, args, kwargs):
    kwargs = dict(kwargs, scale=0.5)
    return {ret}


class Net(nn.Module):
    def __init__(self, d={d}, depth=3):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d) for _ in range(depth))
        for i, b in enumerate(self.blocks):
            if i > 0:
                b.register_forward_pre_hook(rescale, with_kwargs=True)

    def forward(self, x):
        for b in self.blocks:
            x = b(x, scale=1.0)
        return x
"""
)
V += [
    ("layer_scale_prehooks", "ok", "clean", {"d": "8", "ret": "args, kwargs"}),
    ("layer_scale_prehooks", "ok_list_pair", "clean", {"d": "8", "ret": "(args, kwargs)"}),
    ("layer_scale_prehooks", "kwargs_only", "hook_return_form", {"d": "8", "ret": "kwargs"}),
    (
        "layer_scale_prehooks",
        "triple_return_cfg",
        "hook_return_form",
        {"d": "8", "ret": "args, kwargs, None"},
    ),
]

template("grad_output_pre_hook", "(3, {d})")(
    """
class Head(nn.Module):
    def __init__(self, d, classes):
        super().__init__()
        self.fc = nn.Linear(d, classes)

    def forward(self, x):
        return self.fc(x)


class Net(nn.Module):
    def __init__(self, d={d}, classes=4):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d, d), nn.Tanh())
        self.head = Head(d, classes)
        self.head.register_full_backward_pre_hook(lambda m, go: {ret})

    def forward(self, x):
        with torch.enable_grad():
            logits = self.head(self.enc(x))
            F.cross_entropy(logits, torch.zeros(x.shape[0], dtype=torch.long)).backward()
        return logits.detach()
"""
)
V += [
    ("grad_output_pre_hook", "ok", "clean", {"d": "6", "ret": "(go[0] * 0.1,)"}),
    ("grad_output_pre_hook", "ok_none", "clean", {"d": "6", "ret": "None"}),
    (
        "grad_output_pre_hook",
        "two_grads",
        "backward_hook_grad_count",
        {"d": "6", "ret": "(go[0], go[0])"},
    ),
    (
        "grad_output_pre_hook",
        "summed_grad",
        "tensor_hook_shape",
        {"d": "6", "ret": "(go[0].sum(0),)"},
    ),
    ("grad_output_pre_hook", "empty_tuple", "backward_hook_grad_count", {"d": "6", "ret": "()"}),
]

template("recurrent_init_scheme", "(2, 5, {d})")(
    """
from dataclasses import dataclass


@dataclass
class InitConfig:
    gain: object = {gain}
    act: str = {act}


class Net(nn.Module):
    def __init__(self, d={d}, hidden=8, cfg=InitConfig()):
        super().__init__()
        self.cfg = cfg
        self.gru = nn.GRU(d, hidden, batch_first=True)
        self.conv = nn.Conv1d(hidden, hidden, 3, padding=1)
        self.out = nn.Linear(hidden, 1)
        self.initialized = False

    def init(self):
        for name, p in self.gru.named_parameters():
            if name.startswith("weight_hh"):
                nn.init.orthogonal_(p, gain=self.cfg.gain)
            elif name.startswith("weight_ih"):
                nn.init.xavier_uniform_(p, gain=nn.init.calculate_gain(self.cfg.act))
        {extra}

    def forward(self, x):
        if not self.initialized:
            self.init()
            self.initialized = True
        h, _ = self.gru(x)
        h = self.conv(h.transpose(1, 2)).transpose(1, 2)
        return self.out(h[:, -1])
"""
)
V += [
    (
        "recurrent_init_scheme",
        "ok",
        "clean",
        {"d": "6", "gain": "1.0", "act": '"tanh"', "extra": "nn.init.dirac_(self.conv.weight)"},
    ),
    (
        "recurrent_init_scheme",
        "ok_selu",
        "clean",
        {
            "d": "6",
            "gain": "1.0",
            "act": '"selu"',
            "extra": "nn.init.kaiming_uniform_(self.out.weight, a=0.01)",
        },
    ),
    (
        "recurrent_init_scheme",
        "gain_tanh_string",
        "init_gain_string",
        {"d": "6", "gain": '"tanh"', "act": '"tanh"', "extra": "pass"},
    ),
    (
        "recurrent_init_scheme",
        "swish_act",
        "init_nonlinearity",
        {"d": "6", "gain": "1.0", "act": '"swish"', "extra": "pass"},
    ),
    (
        "recurrent_init_scheme",
        "dirac_on_head",
        "init_dirac_rank",
        {"d": "6", "gain": "1.0", "act": '"tanh"', "extra": "nn.init.dirac_(self.out.weight)"},
    ),
    (
        "recurrent_init_scheme",
        "fan_out_upper_typo",
        "init_mode_name",
        {
            "d": "6",
            "gain": "1.0",
            "act": '"tanh"',
            "extra": 'nn.init.kaiming_uniform_(self.out.weight, mode="fanout")',
        },
    ),
    (
        "recurrent_init_scheme",
        "bias_xavier",
        "init_fan_rank",
        {
            "d": "6",
            "gain": "1.0",
            "act": '"tanh"',
            "extra": "nn.init.xavier_uniform_(self.out.bias)",
        },
    ),
]

# ---------------------------------------------------------------- positional tables and pooling heads
template("rel_bias_table_lazy", "(2, {T}, 8)")(
    """
class Net(nn.Module):
    def __init__(self, heads=2, max_dist={max_dist}):
        super().__init__()
        self.heads, self.max_dist = heads, max_dist
        self.qkv = nn.Linear(8, 24)
        self.rel = None

    def forward(self, x):
        B, T, D = x.shape
        if self.rel is None:
            self.rel = nn.Parameter({table})
        idx = torch.arange(T)[:, None] - torch.arange(T)[None] + self.max_dist - 1
        bias = self.rel[idx].permute(2, 0, 1)
        q, k, v = self.qkv(x).view(B, T, 3, self.heads, D // self.heads).permute(2, 0, 3, 1, 4)
        att = (q @ k.transpose(-1, -2) + bias).softmax(-1)
        return (att @ v).transpose(1, 2).reshape(B, T, D)
"""
)
V += [
    (
        "rel_bias_table_lazy",
        "ok",
        "clean",
        {"T": "6", "max_dist": "6", "table": "torch.zeros(2 * self.max_dist - 1, self.heads)"},
    ),
    (
        "rel_bias_table_lazy",
        "ok_longer_table",
        "clean",
        {"T": "5", "max_dist": "8", "table": "torch.zeros(2 * self.max_dist - 1, self.heads)"},
    ),
    (
        "rel_bias_table_lazy",
        "int_bucket_table_helper",
        "requires_grad_int",
        {
            "T": "6",
            "max_dist": "6",
            "table": "torch.zeros(2 * self.max_dist - 1, self.heads, dtype=torch.long)",
        },
    ),
    (
        "rel_bias_table_lazy",
        "seq_past_table_late",
        "index_range",
        {"T": "8", "max_dist": "6", "table": "torch.zeros(2 * self.max_dist - 1, self.heads)"},
    ),
]

template("frozen_vectors_classifier", "(3, 5)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=6, d=8):
        super().__init__()
        self.vectors = {vectors}
        self.emb = None
        self.head = nn.Sequential(nn.Linear(d, 8), nn.ReLU(), nn.Linear(8, 2))

    def forward(self, ids):
        if self.emb is None:
            self.emb = nn.Embedding.from_pretrained(self.vectors, freeze=True)
        h = self.emb(ids)
        last = {pool}
        return self.head(last)
"""
)
V += [
    (
        "frozen_vectors_classifier",
        "ok",
        "clean",
        {"vectors": "torch.randn(vocab, d)", "pool": "h.mean(1)"},
    ),
    (
        "frozen_vectors_classifier",
        "ok_last_token",
        "clean",
        {
            "vectors": "torch.randn(vocab, d)",
            "pool": "h[torch.arange(h.shape[0]), (ids != 0).sum(1).clamp(min=1) - 1]",
        },
    ),
    (
        "frozen_vectors_classifier",
        "flat_vectors_again",
        "embedding_weight_rank",
        {"vectors": "torch.randn(vocab * d)", "pool": "h.mean(1)"},
    ),
    (
        "frozen_vectors_classifier",
        "float_lengths_index_first",
        "index_dtype",
        {
            "vectors": "torch.randn(vocab, d)",
            "pool": "h[torch.arange(h.shape[0]), (ids != 0).float().sum(1).clamp(min=1) - 1]",
        },
    ),
]

template("multi_exit_heads_cfg", "(2, {d})")(
    """
from dataclasses import dataclass


@dataclass
class ExitConfig:
    d: int = {d}
    depth: int = {depth}
    exits: tuple = {exits}


class Net(nn.Module):
    def __init__(self, cfg=ExitConfig()):
        super().__init__()
        self.cfg = cfg
        self.blocks = nn.ModuleList(nn.Sequential(nn.Linear(cfg.d, cfg.d), nn.ReLU()) for _ in range(cfg.depth))
        self.heads = nn.ModuleList(nn.Linear(cfg.d, 3) for _ in cfg.exits)

    def forward(self, x):
        outs = []
        for i, blk in enumerate(self.blocks):
            x = blk(x)
            if i in self.cfg.exits:
                outs.append(self.heads[{head_idx}](x))
        return torch.stack(outs).mean(0)
"""
)
V += [
    (
        "multi_exit_heads_cfg",
        "ok",
        "clean",
        {"d": "6", "depth": "4", "exits": "(1, 3)", "head_idx": "len(outs)"},
    ),
    (
        "multi_exit_heads_cfg",
        "ok_index_of",
        "clean",
        {"d": "6", "depth": "4", "exits": "(0, 2, 3)", "head_idx": "self.cfg.exits.index(i)"},
    ),
    (
        "multi_exit_heads_cfg",
        "block_index_heads",
        "modulelist_index_range",
        {"d": "6", "depth": "4", "exits": "(1, 3)", "head_idx": "i"},
    ),
    (
        "multi_exit_heads_cfg",
        "exit_after_last_step",
        "modulelist_index_range",
        {"d": "6", "depth": "4", "exits": "(1, 3)", "head_idx": "i // 2 + 1"},
    ),
]

template("retrieval_rerank_head", "(3, {d})")(
    """
class Net(nn.Module):
    def __init__(self, d={d}, bank=6, k={k}):
        super().__init__()
        self.query = nn.Linear(d, d)
        self.register_buffer("bank", torch.randn(bank, d))
        self.k = k
        self.rerank = nn.Linear(2 * d, 1)

    def forward(self, x):
        q = F.normalize(self.query(x), dim=-1)
        sims = q @ F.normalize(self.bank, dim=-1).T
        top = sims.topk({k_expr}, -1).indices
        cand = self.bank[top]
        pair = torch.cat([q[:, None].expand_as(cand), cand], -1)
        return self.rerank(pair).squeeze(-1)
"""
)
V += [
    ("retrieval_rerank_head", "ok", "clean", {"d": "8", "k": "3", "k_expr": "self.k"}),
    (
        "retrieval_rerank_head",
        "ok_capped",
        "clean",
        {"d": "8", "k": "10", "k_expr": "min(self.k, self.bank.shape[0])"},
    ),
    ("retrieval_rerank_head", "k_past_bank", "topk_k", {"d": "8", "k": "10", "k_expr": "self.k"}),
    ("retrieval_rerank_head", "doubled_k", "topk_k", {"d": "8", "k": "4", "k_expr": "2 * self.k"}),
]

template("sincos_table_buffer", "(2, {T}, {d})")(
    """
import math


def sincos(n, d):
    pos = torch.arange(n)[:, None].float()
    div = torch.exp(torch.arange(0, d, 2).float() * (-math.log(10000.0) / d))
    pe = torch.zeros(n, d)
    pe[:, 0::2] = torch.sin(pos * div)
    pe[:, 1::2] = torch.cos(pos * {div_odd})
    return pe


class Net(nn.Module):
    def __init__(self, d={d}, max_len={max_len}):
        super().__init__()
        self.d, self.max_len = d, max_len
        self.enc = nn.TransformerEncoderLayer(d, 2, 2 * d, batch_first=True, dropout=0.0)

    def forward(self, x):
        {register}
        return self.enc(x + self.pe[: x.shape[1]])
"""
)
V += [
    (
        "sincos_table_buffer",
        "ok",
        "clean",
        {
            "T": "5",
            "d": "8",
            "max_len": "16",
            "div_odd": "div",
            "register": 'self.register_buffer("pe", sincos(self.max_len, self.d))',
        },
    ),
    (
        "sincos_table_buffer",
        "ok_odd_trimmed",
        "clean",
        {
            "T": "5",
            "d": "10",
            "max_len": "16",
            "div_odd": "div[: self_d // 2]".replace("self_d", "d"),
            "register": 'self.register_buffer("pe", sincos(self.max_len, self.d))',
        },
    ),
    (
        "sincos_table_buffer",
        "short_table",
        "pos_table_length",
        {
            "T": "9",
            "d": "8",
            "max_len": "6",
            "div_odd": "div",
            "register": 'self.register_buffer("pe", sincos(self.max_len, self.d))',
        },
    ),
    (
        "sincos_table_buffer",
        "attr_then_buffer_edit",
        "buffer_name_taken",
        {
            "T": "5",
            "d": "8",
            "max_len": "16",
            "div_odd": "div",
            "register": 'self.pe = sincos(self.max_len, self.d)\n        self.register_buffer("pe", self.pe)',
        },
    ),
]

# ---------------------------------------------------------------- more shapes for earlier classes
template("moe_block_config_drift", "(2, 5, {d})")(
    """
from dataclasses import dataclass


@dataclass
class MoEConfig:
    d: int = {d}
    heads: int = {heads}
    experts: int = 3
    expert_hidden: int = 16
    expert_out: int = {expert_out}


class Expert(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.up = nn.Linear(cfg.d, cfg.expert_hidden)
        self.down = nn.Linear(cfg.expert_hidden, cfg.expert_out)

    def forward(self, x):
        return self.down(F.gelu(self.up(x)))


class Net(nn.Module):
    def __init__(self, cfg=MoEConfig()):
        super().__init__()
        self.cfg = cfg
        self.qkv = nn.Linear(cfg.d, 3 * cfg.d)
        self.router = nn.Linear(cfg.d, cfg.experts)
        self.experts = nn.ModuleList(Expert(cfg) for _ in range(cfg.experts))

    def attend(self, x):
        B, T, D = x.shape
        hd = {hd}
        q, k, v = self.qkv(x).split(D, -1)
        q, k, v = (t.reshape(B, T, self.cfg.heads, hd).transpose(1, 2) for t in (q, k, v))
        return F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(B, T, D)

    def forward(self, x):
        x = x + self.attend(x)
        gate = self.router(x).softmax(-1)
        mix = sum(gate[..., i : i + 1] * e(x) for i, e in enumerate(self.experts))
        return x + mix
"""
)
V += [
    (
        "moe_block_config_drift",
        "ok",
        "clean",
        {"d": "12", "heads": "3", "expert_out": "12", "hd": "D // self.cfg.heads"},
    ),
    (
        "moe_block_config_drift",
        "ok_heads_4",
        "clean",
        {"d": "12", "heads": "4", "expert_out": "12", "hd": "D // self.cfg.heads"},
    ),
    (
        "moe_block_config_drift",
        "heads_5_of_12",
        "head_split",
        {"d": "12", "heads": "5", "expert_out": "12", "hd": "D // self.cfg.heads"},
    ),
    (
        "moe_block_config_drift",
        "fixed_head_dim",
        "head_split",
        {"d": "12", "heads": "3", "expert_out": "12", "hd": "8"},
    ),
    (
        "moe_block_config_drift",
        "expert_out_hidden",
        "residual_width",
        {"d": "12", "heads": "3", "expert_out": "16", "hd": "D // self.cfg.heads"},
    ),
]

template("chunked_prefill_attention", "(1, {prompt}, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d=8, chunk={chunk}, max_len={max_len}):
        super().__init__()
        self.chunk, self.max_len = chunk, max_len
        self.qkv = nn.Linear(d, 3 * d)
        self.register_buffer("tri", torch.ones(max_len, max_len, dtype=torch.bool).tril())

    def forward(self, x):
        B, T, D = x.shape
        k_cache = x.new_zeros(B, self.max_len, D)
        v_cache = x.new_zeros(B, self.max_len, D)
        outs, pos = [], 0
        for s in range(0, T, self.chunk):
            q, k, v = self.qkv(x[:, s : s + self.chunk]).chunk(3, -1)
            n = q.shape[1]
            k_cache[:, pos : pos + n] = k
            v_cache[:, pos : pos + n] = v
            K, V = k_cache[:, : pos + n], v_cache[:, : pos + n]
            mask = {mask}
            att = (q @ K.transpose(1, 2)).masked_fill(~mask, float("-inf")).softmax(-1)
            outs.append(att @ V)
            pos += n
        return torch.cat(outs, 1)
"""
)
V += [
    (
        "chunked_prefill_attention",
        "ok",
        "clean",
        {"prompt": "8", "chunk": "3", "max_len": "8", "mask": "self.tri[pos : pos + n, : pos + n]"},
    ),
    (
        "chunked_prefill_attention",
        "ok_one_chunk",
        "clean",
        {"prompt": "6", "chunk": "6", "max_len": "8", "mask": "self.tri[:n, :n]"},
    ),
    (
        "chunked_prefill_attention",
        "mask_from_zero",
        "causal_mask_past",
        {"prompt": "8", "chunk": "3", "max_len": "8", "mask": "self.tri[:n, :n]"},
    ),
    (
        "chunked_prefill_attention",
        "cache_short",
        "kv_cache_overflow",
        {"prompt": "8", "chunk": "3", "max_len": "7", "mask": "self.tri[pos : pos + n, : pos + n]"},
    ),
]

template("doc_classifier_pooling_cfg", "(3, 6)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class DocConfig:
    vocab: int = 8
    d: int = 12
    classes: int = {classes}
    pad_id: int = 0


class Encoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.emb = nn.Embedding(cfg.vocab, cfg.d, padding_idx=cfg.pad_id)
        self.conv = nn.Conv1d(cfg.d, cfg.d, 3, padding=1)

    def forward(self, ids):
        return F.relu(self.conv(self.emb(ids).transpose(1, 2))).transpose(1, 2)


class Net(nn.Module):
    def __init__(self, cfg=DocConfig()):
        super().__init__()
        self.cfg = cfg
        self.enc = Encoder(cfg)
        self.head = nn.Linear(cfg.d, cfg.classes)

    def forward(self, ids):
        ids = ids.clone()
        ids[:, 0] = 1
        h = self.enc(ids)
        keep = {keep}
        pooled = h.masked_fill(~keep[..., None], 0.0).sum(1) / keep.sum(1, keepdim=True)
        logits = self.head(pooled)
        y = ids[:, 0] % 2
        with torch.enable_grad():
            loss = {loss}
        return logits + loss
"""
)
V += [
    (
        "doc_classifier_pooling_cfg",
        "ok",
        "clean",
        {"classes": "2", "keep": "ids != self.cfg.pad_id", "loss": "F.cross_entropy(logits, y)"},
    ),
    (
        "doc_classifier_pooling_cfg",
        "ok_bce_single",
        "clean",
        {
            "classes": "1",
            "keep": "ids != self.cfg.pad_id",
            "loss": "F.binary_cross_entropy_with_logits(logits.squeeze(-1), y.float())",
        },
    ),
    (
        "doc_classifier_pooling_cfg",
        "float_keep",
        "bool_negation",
        {
            "classes": "2",
            "keep": "(ids != self.cfg.pad_id).float()",
            "loss": "F.cross_entropy(logits, y)",
        },
    ),
    (
        "doc_classifier_pooling_cfg",
        "one_logit_ce",
        "cross_entropy_shape",
        {
            "classes": "1",
            "keep": "ids != self.cfg.pad_id",
            "loss": "F.cross_entropy(logits, y[:, None])",
        },
    ),
    (
        "doc_classifier_pooling_cfg",
        "int_keep",
        "mask_dtype",
        {
            "classes": "2",
            "keep": "(ids != self.cfg.pad_id).long()",
            "loss": "F.cross_entropy(logits, y)",
        },
    ),
]

template("audio_unet_transpose", "(1, 2, {length})")(
    """
class Net(nn.Module):
    def __init__(self, ch=(2, 4, 8)):
        super().__init__()
        self.downs = nn.ModuleList(nn.Conv1d(a, b, 4, stride=2, padding=1) for a, b in zip(ch, ch[1:]))
        rev = ch[::-1]
        self.ups = nn.ModuleList(
            nn.ConvTranspose1d(a * (1 if i == 0 else 2), b, 4, stride=2, padding=1)
            for i, (a, b) in enumerate(zip(rev, rev[1:]))
        )

    def forward(self, x):
        skips = []
        for d in self.downs:
            skips.append(x)
            x = F.relu(d(x))
        for i, u in enumerate(self.ups):
            if i > 0:
                x = torch.cat([x, {skip}], 1)
            x = F.relu(u(x))
        return x
"""
)
V += [
    ("audio_unet_transpose", "ok", "clean", {"length": "16", "skip": "skips[-i]"}),
    ("audio_unet_transpose", "ok_len_24", "clean", {"length": "24", "skip": "skips[-i]"}),
    ("audio_unet_transpose", "len_18_odd_mid", "unet_skip", {"length": "18", "skip": "skips[-i]"}),
    (
        "audio_unet_transpose",
        "skip_wrong_level",
        "unet_skip",
        {"length": "16", "skip": "skips[i - 1]"},
    ),
]

# ---------------------------------------------------------------- third code shapes (added after the first truth run)
template("vae_decoder_lazy_init", "(2, {z})")(
    """
from dataclasses import dataclass


@dataclass
class VAEConfig:
    z: int = {z}
    hidden: int = 16
    out: int = 12
    affine: bool = {affine}


class Net(nn.Module):
    def __init__(self, cfg=VAEConfig()):
        super().__init__()
        self.cfg = cfg
        self.fc = nn.Linear(cfg.z, cfg.hidden)
        self.norm = nn.LayerNorm(cfg.hidden, elementwise_affine=cfg.affine)
        self.out = nn.Linear(cfg.hidden, cfg.out)
        self.log_scale = None

    def forward(self, z):
        if self.log_scale is None:
            nn.init.ones_(self.norm.weight)
            nn.init.{fn}(self.out.weight{gain})
            self.log_scale = nn.Parameter({scale})
        h = self.norm(F.silu(self.fc(z)))
        return self.out(h) * self.log_scale.exp()
"""
)
V += [
    (
        "vae_decoder_lazy_init",
        "ok",
        "clean",
        {
            "z": "4",
            "affine": "True",
            "fn": "orthogonal_",
            "gain": "",
            "scale": "torch.zeros(self.cfg.out)",
        },
    ),
    (
        "vae_decoder_lazy_init",
        "ok_gain_float",
        "clean",
        {
            "z": "4",
            "affine": "True",
            "fn": "xavier_normal_",
            "gain": ", gain=0.5",
            "scale": "torch.zeros(self.cfg.out)",
        },
    ),
    (
        "vae_decoder_lazy_init",
        "norm_without_affine",
        "init_none_tensor",
        {
            "z": "4",
            "affine": "False",
            "fn": "orthogonal_",
            "gain": "",
            "scale": "torch.zeros(self.cfg.out)",
        },
    ),
    (
        "vae_decoder_lazy_init",
        "gain_linear_name",
        "init_gain_string",
        {
            "z": "4",
            "affine": "True",
            "fn": "xavier_normal_",
            "gain": ', gain="linear"',
            "scale": "torch.zeros(self.cfg.out)",
        },
    ),
    (
        "vae_decoder_lazy_init",
        "int_scale",
        "requires_grad_int",
        {
            "z": "4",
            "affine": "True",
            "fn": "orthogonal_",
            "gain": "",
            "scale": "torch.zeros(self.cfg.out, dtype=torch.int32)",
        },
    ),
]

template("model_soup_average", "(3, {d})")(
    """
class Tower(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, 12), nn.ReLU(), nn.Linear(12, 2))
        self.register_buffer("calib", torch.ones(2), persistent={persistent})

    def forward(self, x):
        return self.body(x) * self.calib


class Net(nn.Module):
    def __init__(self, d={d}, n=3):
        super().__init__()
        self.members = nn.ModuleList(Tower(d) for _ in range(n))
        self.soup = Tower(d)

    def forward(self, x):
        sds = [m.state_dict() for m in self.members]
        avg = {{k: sum(sd[k] for sd in sds) / len(sds) for k in sds[0]}}
        self.soup.load_state_dict({arg})
        return self.soup(x)
"""
)
V += [
    ("model_soup_average", "ok", "clean", {"d": "6", "persistent": "True", "arg": "avg"}),
    (
        "model_soup_average",
        "ok_nonpersistent",
        "clean",
        {"d": "6", "persistent": "False", "arg": "avg"},
    ),
    (
        "model_soup_average",
        "list_of_dicts",
        "load_state_dict_not_mapping",
        {"d": "6", "persistent": "True", "arg": "sds"},
    ),
    (
        "model_soup_average",
        "values_only",
        "load_state_dict_not_mapping",
        {"d": "6", "persistent": "True", "arg": "list(avg.values())"},
    ),
    (
        "model_soup_average",
        "calib_dropped",
        "load_state_dict_mismatch",
        {
            "d": "6",
            "persistent": "True",
            "arg": '{k: v for k, v in avg.items() if "calib" not in k}',
        },
    ),
]

template("feature_extractor_hooks", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, widths=(3, 8, 16)):
        super().__init__()
        self.stages = nn.ModuleList(
            nn.Sequential(nn.Conv2d(a, b, 3, stride=2, padding=1), nn.ReLU())
            for a, b in zip(widths, widths[1:])
        )
        self.features = {{}}
        for i, s in enumerate(self.stages):
            s.register_forward_hook(self.keep(i){kw})
        self.head = nn.Linear(widths[-1], 3)
        self.head.weight.register_hook(lambda g: {grad_hook})

    def keep(self, i):
        def hook({sig}):
            self.features[i] = out
        return hook

    def forward(self, x):
        for s in self.stages:
            x = s(x)
        with torch.enable_grad():
            logits = self.head(x.mean((2, 3)))
            logits.square().mean().backward()
        return torch.cat([f.mean((2, 3)) for f in self.features.values()], 1)
"""
)
V += [
    (
        "feature_extractor_hooks",
        "ok",
        "clean",
        {"kw": "", "sig": "module, inp, out", "grad_hook": "g * 0.5"},
    ),
    (
        "feature_extractor_hooks",
        "ok_kwargs_sig",
        "clean",
        {
            "kw": ", with_kwargs=True",
            "sig": "module, args, kwargs, out",
            "grad_hook": "g.clamp(-1, 1)",
        },
    ),
    (
        "feature_extractor_hooks",
        "kwargs_three_args",
        "hook_signature",
        {"kw": ", with_kwargs=True", "sig": "module, inp, out", "grad_hook": "g * 0.5"},
    ),
    (
        "feature_extractor_hooks",
        "row_norm_grad",
        "tensor_hook_shape",
        {"kw": "", "sig": "module, inp, out", "grad_hook": "g.norm(dim=1)"},
    ),
]

template("global_prune_schedule", "(2, {d})")(
    """
import torch.nn.utils.prune as prune
from dataclasses import dataclass


@dataclass
class SparseConfig:
    d: int = {d}
    hidden: int = 10
    final_sparsity: float = {final}
    steps: int = 3


class Net(nn.Module):
    def __init__(self, cfg=SparseConfig()):
        super().__init__()
        self.cfg = cfg
        self.l1 = nn.Linear(cfg.d, cfg.hidden)
        self.l2 = nn.Linear(cfg.hidden, cfg.hidden)
        self.l3 = nn.Linear(cfg.hidden, 1)

    def forward(self, x):
        params = [(m, "weight") for m in (self.l1, self.l2, self.l3)]
        for step in range(1, self.cfg.steps + 1):
            amount = {amount}
            prune.global_unstructured(params, pruning_method=prune.L1Unstructured, amount=amount)
        for m, name in {removed}:
            prune.remove(m, name)
        return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))
"""
)
V += [
    (
        "global_prune_schedule",
        "ok",
        "clean",
        {
            "d": "6",
            "final": "0.6",
            "amount": "self.cfg.final_sparsity / self.cfg.steps",
            "removed": "params",
        },
    ),
    (
        "global_prune_schedule",
        "ok_cubic",
        "clean",
        {
            "d": "6",
            "final": "0.9",
            "amount": "self.cfg.final_sparsity * (1 - (1 - step / self.cfg.steps) ** 3) / self.cfg.steps",
            "removed": "params",
        },
    ),
    (
        "global_prune_schedule",
        "cumulative_over_one",
        "prune_amount_range",
        {"d": "6", "final": "0.6", "amount": "self.cfg.final_sparsity * step", "removed": "params"},
    ),
    (
        "global_prune_schedule",
        "bias_removed",
        "prune_remove_unpruned",
        {
            "d": "6",
            "final": "0.6",
            "amount": "self.cfg.final_sparsity / self.cfg.steps",
            "removed": '[(m, "bias") for m, _ in params]',
        },
    ),
]

template("gqa_cached_decoder_cfg", "(1, 3)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class DecConfig:
    vocab: int = 11
    d: int = 16
    heads: int = 4
    kv_heads: int = {kv_heads}
    max_cache: int = {max_cache}
    new_tokens: int = 4


class Net(nn.Module):
    def __init__(self, cfg=DecConfig()):
        super().__init__()
        self.cfg = cfg
        hd = cfg.d // cfg.heads
        self.hd = hd
        self.emb = nn.Embedding(cfg.vocab, cfg.d)
        self.q = nn.Linear(cfg.d, cfg.heads * hd)
        self.kv = nn.Linear(cfg.d, 2 * {kv_proj} * hd)
        self.out = nn.Linear(cfg.d, cfg.vocab)

    def forward(self, ids):
        c, B = self.cfg, ids.shape[0]
        cache_k = torch.zeros(B, c.kv_heads, c.max_cache, self.hd)
        cache_v = torch.zeros_like(cache_k)
        x, pos = self.emb(ids), 0
        for _ in range(c.new_tokens):
            T = x.shape[1]
            q = self.q(x).view(B, T, c.heads, self.hd).transpose(1, 2)
            k, v = self.kv(x).view(B, T, 2, c.kv_heads, self.hd).permute(2, 0, 3, 1, 4)
            cache_k[:, :, pos : pos + T] = k
            cache_v[:, :, pos : pos + T] = v
            pos += T
            K = cache_k[:, :, :pos].repeat_interleave(c.heads // c.kv_heads, 1)
            V = cache_v[:, :, :pos].repeat_interleave(c.heads // c.kv_heads, 1)
            y = F.scaled_dot_product_attention(q, K, V)
            nxt = self.out(y.transpose(1, 2).reshape(B, T, -1)[:, -1]).argmax(-1, keepdim=True)
            x = self.emb(nxt)
        return cache_k.flatten(1)
"""
)
V += [
    (
        "gqa_cached_decoder_cfg",
        "ok",
        "clean",
        {"kv_heads": "2", "max_cache": "8", "kv_proj": "cfg.kv_heads"},
    ),
    (
        "gqa_cached_decoder_cfg",
        "ok_exact_cache",
        "clean",
        {"kv_heads": "1", "max_cache": "6", "kv_proj": "cfg.kv_heads"},
    ),
    (
        "gqa_cached_decoder_cfg",
        "kv_proj_full_heads",
        "kv_heads",
        {"kv_heads": "2", "max_cache": "8", "kv_proj": "cfg.heads"},
    ),
    (
        "gqa_cached_decoder_cfg",
        "cache_shorter_than_prompt_slip",
        "kv_cache_overflow",
        {"kv_heads": "2", "max_cache": "2", "kv_proj": "cfg.kv_heads"},
    ),
]

template("nucleus_sampler_schedule", "(2, 4)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=12, d=8, steps=3, top_p=0.9, temps=({temps})):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.lstm = nn.LSTM(d, d, batch_first=True)
        self.out = nn.Linear(d, vocab)
        self.steps, self.top_p, self.temps = steps, top_p, temps

    def forward(self, ids):
        h, state = self.lstm(self.emb(ids))
        logits = self.out(h[:, -1])
        picks = []
        for t in range(self.steps):
            temp = self.temps[t % len(self.temps)]
            probs = torch.softmax(logits / temp, -1)
            sp, si = probs.sort(-1, descending=True)
            cut = sp.cumsum(-1) - sp > self.top_p
            sp = sp.masked_fill(cut, 0.0)
            choice = si.gather(-1, torch.multinomial({norm}, 1))
            picks.append(choice)
            h, state = self.lstm(self.emb(choice), state)
            logits = self.out(h[:, -1])
        return torch.cat(picks, 1).float()
"""
)
V += [
    (
        "nucleus_sampler_schedule",
        "ok",
        "clean",
        {"temps": "1.0, 0.7", "norm": "sp / sp.sum(-1, keepdim=True)"},
    ),
    ("nucleus_sampler_schedule", "ok_unnormalised", "clean", {"temps": "1.0, 0.7", "norm": "sp"}),
    (
        "nucleus_sampler_schedule",
        "greedy_step_zero",
        "temperature_zero_sampling",
        {"temps": "1.0, 0.0", "norm": "sp / sp.sum(-1, keepdim=True)"},
    ),
    (
        "nucleus_sampler_schedule",
        "log_probs_sampled",
        "multinomial_negative_probs",
        {"temps": "1.0, 0.7", "norm": "sp.clamp_min(1e-9).log()"},
    ),
]

template("norm_swap_export", "(2, {c}, 16)")(
    """
from torch.nn.utils import parametrizations


class Net(nn.Module):
    def __init__(self, c={c}, layers=3):
        super().__init__()
        self.convs = nn.ModuleList(
            parametrizations.weight_norm(nn.Conv1d(c, c, 3, padding=1)) for _ in range(layers)
        )
        self.out = nn.Conv1d(c, 1, 1)

    def export(self):
        for conv in self.convs:
            {body}

    def forward(self, x):
        self.export()
        for conv in self.convs:
            x = x + F.gelu(conv(x))
        return self.out(x)
"""
)
V += [
    (
        "norm_swap_export",
        "ok",
        "clean",
        {"c": "4", "body": 'torch.nn.utils.parametrize.remove_parametrizations(conv, "weight")'},
    ),
    (
        "norm_swap_export",
        "ok_stacked_spectral",
        "clean",
        {"c": "4", "body": "parametrizations.spectral_norm(conv)"},
    ),
    (
        "norm_swap_export",
        "old_remove_on_new",
        "norm_hook_remove_missing",
        {"c": "4", "body": "nn.utils.remove_weight_norm(conv)"},
    ),
    (
        "norm_swap_export",
        "old_spectral_remove",
        "norm_hook_remove_missing",
        {"c": "4", "body": "nn.utils.remove_spectral_norm(conv)"},
    ),
]

template("config_layer_registry", "(3, {d})")(
    """
LAYERS = {{"linear": nn.Linear, "bilinear": nn.Bilinear}}


class Net(nn.Module):
    def __init__(self, d={d}, names=("a", "b", "c")):
        super().__init__()
        self.d, self.names = d, names
        self.blocks = None

    def build(self):
        layers = [nn.Linear(self.d, self.d) for _ in self.names]
        return {build}

    def forward(self, x):
        if self.blocks is None:
            self.blocks = self.build()
        for blk in (self.blocks.values() if isinstance(self.blocks, nn.ModuleDict) else self.blocks):
            x = torch.tanh(blk(x))
        return x
"""
)
V += [
    (
        "config_layer_registry",
        "ok",
        "clean",
        {"d": "6", "build": "nn.ModuleDict(zip(self.names, layers))"},
    ),
    (
        "config_layer_registry",
        "ok_extend_sequential",
        "clean",
        {"d": "6", "build": "nn.ModuleList().extend(nn.Sequential(*layers))"},
    ),
    (
        "config_layer_registry",
        "dict_of_list",
        "moduledict_update_sequence",
        {"d": "6", "build": "nn.ModuleDict(layers)"},
    ),
    (
        "config_layer_registry",
        "extend_first_only",
        "modulelist_extend_module",
        {"d": "6", "build": "nn.ModuleList().extend(layers[0])"},
    ),
    (
        "config_layer_registry",
        "registry_eye_init",
        "init_matrix_only",
        {
            "d": "6",
            "build": "nn.ModuleList(layers).apply(lambda m: nn.init.eye_(m.bias) if isinstance(m, nn.Linear) else None)",
        },
    ),
]

# ---------------------------------------------------------------- more shapes for earlier classes met once
template("cls_token_attn_pool", "(2, 5, {d})")(
    """
from dataclasses import dataclass


@dataclass
class PoolConfig:
    d: int = {d}
    heads: int = {heads}


class Net(nn.Module):
    def __init__(self, cfg=PoolConfig()):
        super().__init__()
        self.cfg = cfg
        self.cls = nn.Parameter(torch.zeros(1, 1, cfg.d))
        self.attn = None
        self.head = nn.Linear(cfg.d, 3)

    def forward(self, x):
        if self.attn is None:
            self.attn = nn.MultiheadAttention(self.cfg.d, self.cfg.heads, batch_first=True)
        B, T, _ = x.shape
        valid = torch.ones(B, T, dtype=torch.bool)
        valid[0, -1] = False
        seq = torch.cat([self.cls.expand(B, -1, -1), x], 1)
        pad = {pad}
        y, _ = self.attn(seq, seq, seq, key_padding_mask=pad)
        return self.head(y[:, 0])
"""
)
V += [
    (
        "cls_token_attn_pool",
        "ok",
        "clean",
        {
            "d": "8",
            "heads": "2",
            "pad": "~torch.cat([torch.ones(B, 1, dtype=torch.bool), valid], 1)",
        },
    ),
    (
        "cls_token_attn_pool",
        "ok_heads_8",
        "clean",
        {"d": "8", "heads": "8", "pad": "F.pad(~valid, (1, 0), value=False)"},
    ),
    (
        "cls_token_attn_pool",
        "cls_not_in_mask",
        "key_padding_mask",
        {"d": "8", "heads": "2", "pad": "~valid"},
    ),
    (
        "cls_token_attn_pool",
        "heads_3_cfg",
        "mha_embed",
        {"d": "8", "heads": "3", "pad": "F.pad(~valid, (1, 0), value=False)"},
    ),
]

template("moco_queue_encoder", "(4, {d})")(
    """
class Net(nn.Module):
    def __init__(self, d={d}, dim=8, queue={queue}):
        super().__init__()
        self.q_enc = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, dim))
        self.k_enc = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, dim))
        self.register_buffer("queue", F.normalize(torch.randn(dim, queue), dim=0))
        self.ptr = 0

    @torch.no_grad()
    def enqueue(self, k):
        B = k.shape[0]
        {store}
        self.ptr = (self.ptr + B) % self.queue.shape[1]

    def forward(self, x):
        q = F.normalize(self.q_enc(x), dim=1)
        for _ in range(3):
            k = F.normalize(self.k_enc(x + 0.01), dim=1)
            self.enqueue(k)
        return q @ self.queue
"""
)
V += [
    (
        "moco_queue_encoder",
        "ok",
        "clean",
        {"d": "6", "queue": "16", "store": "self.queue[:, self.ptr : self.ptr + B] = k.T"},
    ),
    (
        "moco_queue_encoder",
        "ok_copy_transposed",
        "clean",
        {"d": "6", "queue": "16", "store": "self.queue[:, self.ptr : self.ptr + B].copy_(k.T)"},
    ),
    (
        "moco_queue_encoder",
        "queue_not_multiple",
        "slice_assign_shape",
        {"d": "6", "queue": "10", "store": "self.queue[:, self.ptr : self.ptr + B] = k.T"},
    ),
    (
        "moco_queue_encoder",
        "copy_untransposed",
        "copy_shape",
        {"d": "6", "queue": "16", "store": "self.queue[:, self.ptr : self.ptr + B].copy_(k)"},
    ),
]

template("beam_search_gru_cfg", "(2, 3)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=7, d=8, beams=2, steps=3):
        super().__init__()
        self.vocab, self.beams, self.steps = vocab, beams, steps
        self.emb = nn.Embedding(vocab, d)
        self.gru = nn.GRU(d, d, batch_first=True, num_layers=2, dropout={dropout})
        self.out = nn.Linear(d, vocab)

    def forward(self, ids):
        B = ids.shape[0]
        _, h = self.gru(self.emb(ids))
        h = {hrep}
        tok = ids[:, -1].repeat_interleave(self.beams)
        score = torch.zeros(B, self.beams)
        for _ in range(self.steps):
            o, h = self.gru(self.emb(tok)[:, None], h)
            logp = self.out(o[:, 0]).log_softmax(-1).view(B, self.beams * self.vocab)
            score, flat = (score.repeat_interleave(self.vocab, 1) + logp).topk(self.beams, -1)
            src = {src}
            tok = (flat % self.vocab).reshape(-1)
            h = h[:, (src + torch.arange(B)[:, None] * self.beams).reshape(-1)]
        return score
"""
)
V += [
    (
        "beam_search_gru_cfg",
        "ok",
        "clean",
        {
            "hrep": "h.repeat_interleave(self.beams, 1)",
            "dropout": "0.1",
            "src": "flat // self.vocab",
        },
    ),
    (
        "beam_search_gru_cfg",
        "ok_div_floor",
        "clean",
        {
            "hrep": "h.repeat_interleave(self.beams, 1)",
            "dropout": "0.0",
            "src": 'torch.div(flat, self.vocab, rounding_mode="floor")',
        },
    ),
    (
        "beam_search_gru_cfg",
        "true_division_beam",
        "index_dtype",
        {
            "hrep": "h.repeat_interleave(self.beams, 1)",
            "dropout": "0.1",
            "src": "flat / self.vocab",
        },
    ),
    (
        "beam_search_gru_cfg",
        "state_not_expanded",
        "rnn_hidden",
        {"hrep": "h", "dropout": "0.1", "src": "flat // self.vocab"},
    ),
]

template("mlm_pretrain_head_cfg", "(2, 6)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class MLMConfig:
    vocab: int = 10
    d: int = 8
    heads: int = 2
    mask_id: int = {mask_id}


class Net(nn.Module):
    def __init__(self, cfg=MLMConfig()):
        super().__init__()
        self.cfg = cfg
        self.emb = nn.Embedding(cfg.vocab, cfg.d)
        self.qkv = nn.Linear(cfg.d, 3 * cfg.d)
        self.lm = nn.Linear(cfg.d, cfg.vocab)

    def forward(self, ids):
        B, T = ids.shape
        c = self.cfg
        attn = torch.ones(B, T{attn_dtype})
        attn[:, -1] = 0
        masked = ids.clone()
        masked[:, 1] = c.mask_id
        x = self.emb(masked)
        q, k, v = self.qkv(x).view(B, T, 3, c.heads, -1).permute(2, 0, 3, 1, 4)
        mask = {mask}
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.lm(y.transpose(1, 2).reshape(B, T, -1))
"""
)
V += [
    (
        "mlm_pretrain_head_cfg",
        "ok",
        "clean",
        {"mask_id": "9", "attn_dtype": ", dtype=torch.bool", "mask": "attn[:, None, None, :]"},
    ),
    (
        "mlm_pretrain_head_cfg",
        "ok_float_additive",
        "clean",
        {"mask_id": "3", "attn_dtype": "", "mask": "(1.0 - attn[:, None, None, :]) * -1e4"},
    ),
    (
        "mlm_pretrain_head_cfg",
        "mask_id_is_vocab",
        "index_range",
        {"mask_id": "10", "attn_dtype": ", dtype=torch.bool", "mask": "attn[:, None, None, :]"},
    ),
    (
        "mlm_pretrain_head_cfg",
        "float_mask_inverted_slip",
        "bool_negation",
        {"mask_id": "9", "attn_dtype": "", "mask": "~attn[:, None, None, :]"},
    ),
    (
        "mlm_pretrain_head_cfg",
        "int_mask_slip",
        "sdpa_mask_dtype",
        {"mask_id": "9", "attn_dtype": ", dtype=torch.long", "mask": "attn[:, None, None, :]"},
    ),
    (
        "mlm_pretrain_head_cfg",
        "ok_mask_b_t_broadcasts",
        "clean",
        {"mask_id": "9", "attn_dtype": ", dtype=torch.bool", "mask": "attn[:, :, None]"},
    ),
]

template("calibrated_head_migration", "(3, {d})")(
    """
class Head(nn.Module):
    def __init__(self, d, classes):
        super().__init__()
        self.fc = nn.Linear(d, classes)
        self.temperature = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return self.fc(x) / self.temperature


class Net(nn.Module):
    def __init__(self, d={d}, classes=4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, d), nn.ReLU())
        self.head = Head(d, classes)
        self.tables = {tables}
        self.migrated = False

    def migrate(self):
        {migrate}
        self.migrated = True

    def forward(self, x):
        if not self.migrated:
            self.migrate()
        return self.head(self.body(x))
"""
)
V += [
    (
        "calibrated_head_migration",
        "ok",
        "clean",
        {
            "d": "6",
            "tables": "torch.randn(2, 6)",
            "migrate": 'self.head.register_buffer("prior", self.tables.mean(0))',
        },
    ),
    (
        "calibrated_head_migration",
        "ok_freeze_temp",
        "clean",
        {
            "d": "6",
            "tables": "torch.randn(2, 6)",
            "migrate": "self.head.temperature.requires_grad_(False)",
        },
    ),
    (
        "calibrated_head_migration",
        "temp_as_buffer",
        "buffer_name_taken",
        {
            "d": "6",
            "tables": "torch.randn(2, 6)",
            "migrate": 'self.head.register_buffer("temperature", torch.ones(1))',
        },
    ),
    (
        "calibrated_head_migration",
        "stacked_tables",
        "embedding_weight_rank",
        {
            "d": "6",
            "tables": "torch.randn(2, 5, 6)",
            "migrate": "self.body.insert(0, nn.Embedding.from_pretrained(self.tables))",
        },
    ),
]

VARIANTS = V


# clean variants that look risky: an edge value, a spelling that works, a near-miss torch runs
# (the ok_ names written as crashes that torch runs are listed in the report and docs)
RISKY_CLEAN = (
    "orthogonal_rnn_cell__ok_rect_input",
    "low_rank_adapter_param__ok_square",
    "export_merge_params__ok_guarded",
    "spectral_disc_export__ok_leave",
    "wn_tts_decoder__ok_remove_first",
    "sn_patch_critic__ok_no_weight_orig",
    "gan_generator_export__ok_z_small",
    "pruned_mlp_sparsity__ok_full",
    "prune_finalize_cnn__ok_mask_check",
    "lottery_ticket_reset__ok_no_rounds_guard",
    "ema_teacher_sync__ok_deepcopy_sd",
    "ema_teacher_sync__ok_dict_of_named",
    "checkpoint_roundtrip_cfg__ok_cfg_as_dict",
    "checkpoint_roundtrip_cfg__ok_weights_only_off",
    "trainer_resume_state__ok_tuple_meta",
    "identity_init_resnet__ok_dirac",
    "sparse_init_echo_state__ok_full_sparsity",
    "custom_init_transformer__ok_bias_guard",
    "unet_kaiming_init__ok_upper_mode",
    "xavier_all_weights__ok_gain_fn",
    "growing_depth_stack__ok_extend_list",
    "growing_depth_stack__ok_no_growth",
    "multitask_heads_registry__ok_pairs",
    "expert_bank_builder__ok_dict",
    "activation_probe_hooks__ok_pre",
    "activation_probe_hooks__ok_star_args",
    "input_rescale_prehook__ok_none",
    "grad_clip_hook_trainer__ok_scaled_norm",
    "module_grad_hook_scaler__ok_none",
    "clipped_lm_step__ok_inf_string",
    "grad_norm_logger__ok_one",
    "lazy_stem_backbone__ok_reflect",
    "wavenet_causal_build__ok_circular",
    "decoder_sdpa_padmask__ok_causal_only",
    "decoder_sdpa_padmask__ok_pad_and_causal",
    "decoder_sdpa_padmask__ok_float_pad_and_causal",
    "kv_cache_generate_sdpa__ok_prefill_mask",
    "kv_cache_generate_sdpa__ok_mask_plus_causal",
    "kv_cache_generate_sdpa__ok_mask_on_decode_step",
    "sampling_decoder_cfg__ok_topk",
    "sampling_decoder_cfg__ok_greedy_floor",
    "policy_rollout_temp__ok_zero_exp",
    "gqa_lm_config_drift__ok_mqa",
    "gqa_lm_config_drift__ok_heads_6_uneven",
    "vit_encoder_heads_cfg__ok_six_heads",
    "vit_encoder_heads_cfg__ok_img_20_area",
    "cross_attn_memory_cfg__ok_same_width",
    "resnet_stage_builder__ok_groups_8",
    "unet_depth_loop__ok_side_24",
    "diffusion_time_embed__ok_pad_odd",
    "learned_pos_generate__ok_fits_uncropped",
    "static_kv_cache_decoder__ok_exact_fill",
    "static_kv_cache_decoder__ok_one_past_capacity",
    "padded_encoder_masks__ok_float_kpm",
    "prefix_lm_causal_cache__ok_full_rows",
    "prefix_lm_causal_cache__ok_rows_from_zero",
    "ner_tagger_bilstm_cfg__ok_flat",
    "speech_gru_encoder__ok_ch_equals_hidden",
    "distill_student_from_teacher__ok_shallow_nonstrict",
    "ema_shadow_update__ok_lerp",
    "finetune_ckpt_keys__ok_get_default",
    "lazy_token_classifier__ok_last_pad",
    "projected_lstm_builder__ok_no_proj",
    "layer_scale_prehooks__ok_list_pair",
    "grad_output_pre_hook__ok_none",
    "recurrent_init_scheme__ok_selu",
    "rel_bias_table_lazy__ok_longer_table",
    "frozen_vectors_classifier__ok_last_token",
    "multi_exit_heads_cfg__ok_index_of",
    "retrieval_rerank_head__ok_capped",
    "sincos_table_buffer__ok_odd_trimmed",
    "moe_block_config_drift__ok_heads_4",
    "chunked_prefill_attention__ok_one_chunk",
    "doc_classifier_pooling_cfg__ok_bce_single",
    "audio_unet_transpose__ok_len_24",
    "vae_decoder_lazy_init__ok_gain_float",
    "model_soup_average__ok_nonpersistent",
    "feature_extractor_hooks__ok_kwargs_sig",
    "global_prune_schedule__ok_cubic",
    "gqa_cached_decoder_cfg__ok_exact_cache",
    "nucleus_sampler_schedule__ok_unnormalised",
    "norm_swap_export__ok_stacked_spectral",
    "config_layer_registry__ok_extend_sequential",
    "cls_token_attn_pool__ok_heads_8",
    "moco_queue_encoder__ok_copy_transposed",
    "beam_search_gru_cfg__ok_div_floor",
    "mlm_pretrain_head_cfg__ok_float_additive",
    "mlm_pretrain_head_cfg__ok_mask_b_t_broadcasts",
    "calibrated_head_migration__ok_freeze_temp",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "symmetric_mixer_lazy",
    "orthogonal_rnn_cell",
    "low_rank_adapter_param",
    "export_merge_params",
    "spectral_disc_export",
    "wn_tts_decoder",
    "sn_patch_critic",
    "gan_generator_export",
    "pruned_mlp_sparsity",
    "prune_finalize_cnn",
    "ema_teacher_sync",
    "checkpoint_roundtrip_cfg",
    "trainer_resume_state",
    "identity_init_resnet",
    "sparse_init_echo_state",
    "custom_init_transformer",
    "unet_kaiming_init",
    "xavier_all_weights",
    "growing_depth_stack",
    "multitask_heads_registry",
    "expert_bank_builder",
    "activation_probe_hooks",
    "input_rescale_prehook",
    "module_grad_hook_scaler",
    "clipped_lm_step",
    "grad_norm_logger",
    "lazy_stem_backbone",
    "wavenet_causal_build",
    "decoder_sdpa_padmask",
    "kv_cache_generate_sdpa",
    "sampling_decoder_cfg",
    "policy_rollout_temp",
    "gqa_lm_config_drift",
    "vit_encoder_heads_cfg",
    "cross_attn_memory_cfg",
    "resnet_stage_builder",
    "unet_depth_loop",
    "diffusion_time_embed",
    "learned_pos_generate",
    "static_kv_cache_decoder",
    "padded_encoder_masks",
    "prefix_lm_causal_cache",
    "ner_tagger_bilstm_cfg",
    "speech_gru_encoder",
    "distill_student_from_teacher",
    "ema_shadow_update",
    "finetune_ckpt_keys",
    "lazy_token_classifier",
    "layer_scale_prehooks",
    "grad_output_pre_hook",
    "recurrent_init_scheme",
    "frozen_vectors_classifier",
    "multi_exit_heads_cfg",
    "moe_block_config_drift",
    "doc_classifier_pooling_cfg",
    "audio_unet_transpose",
    "vae_decoder_lazy_init",
    "model_soup_average",
    "feature_extractor_hooks",
    "global_prune_schedule",
    "gqa_cached_decoder_cfg",
    "nucleus_sampler_schedule",
    "norm_swap_export",
    "cls_token_attn_pool",
    "moco_queue_encoder",
    "beam_search_gru_cfg",
    "mlm_pretrain_head_cfg",
    "calibrated_head_migration",
)
