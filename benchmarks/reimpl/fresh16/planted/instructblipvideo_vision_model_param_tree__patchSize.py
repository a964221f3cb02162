"""InstructBLIP-Video's vision tower written functionally: one flat ``nn.ParameterDict`` of
named tensors (the shapes listed by ``param_shapes``) and a pure function for the forward."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

IMG, PATCH, D, HEADS, MLP, DEPTH = 32, 4, 64, 4, 128, 2
EPS = 1e-6


def param_shapes() -> dict[str, tuple[int, ...]]:
    grid = (IMG // PATCH) ** 2
    shapes = {
        "cls": (1, 1, D),
        "pos": (1, grid + 1, D),
        "patch_w": (D, 3, PATCH, PATCH),
        "patch_b": (D,),
        "post_ln_w": (D,),
        "post_ln_b": (D,),
    }
    for i in range(DEPTH):
        shapes |= {
            f"l{i}_qkv_w": (3 * D, D),
            f"l{i}_qkv_b": (3 * D,),
            f"l{i}_proj_w": (D, D),
            f"l{i}_proj_b": (D,),
            f"l{i}_ln1_w": (D,),
            f"l{i}_ln1_b": (D,),
            f"l{i}_fc1_w": (MLP, D),
            f"l{i}_fc1_b": (MLP,),
            f"l{i}_fc2_w": (D, MLP),
            f"l{i}_fc2_b": (D,),
            f"l{i}_ln2_w": (D,),
            f"l{i}_ln2_b": (D,),
        }
    return shapes


def init(shape):
    return nn.Parameter(torch.randn(shape) * 0.02 if len(shape) > 1 else torch.zeros(shape))


def block(p, i, x):
    b, t, _ = x.shape
    h = F.layer_norm(x, (D,), p[f"l{i}_ln1_w"], p[f"l{i}_ln1_b"], EPS)
    qkv = F.linear(h, p[f"l{i}_qkv_w"], p[f"l{i}_qkv_b"]).view(b, t, 3, HEADS, D // HEADS)
    q, k, v = qkv.permute(2, 0, 3, 1, 4)
    att = (q @ k.transpose(-1, -2) / math.sqrt(D // HEADS)).softmax(-1)
    y = (att @ v).transpose(1, 2).reshape(b, t, D)
    x = x + F.linear(y, p[f"l{i}_proj_w"], p[f"l{i}_proj_b"])
    h = F.layer_norm(x, (D,), p[f"l{i}_ln2_w"], p[f"l{i}_ln2_b"], EPS)
    h = F.linear(F.gelu(F.linear(h, p[f"l{i}_fc1_w"], p[f"l{i}_fc1_b"])), p[f"l{i}_fc2_w"])
    return x + h + p[f"l{i}_fc2_b"]


class BlipVideoVision(nn.Module):
    def __init__(self):
        super().__init__()
        self.params = nn.ParameterDict({k: init(s) for k, s in param_shapes().items()})

    def forward(self, pixels):
        p = self.params
        x = F.conv2d(pixels, p["patch_w"], p["patch_b"], stride=PATCH).flatten(2).transpose(1, 2)
        x = torch.cat([p["cls"].expand(x.shape[0], -1, -1), x], 1) + p["pos"]
        for i in range(DEPTH):
            x = block(p, i, x)
        return F.layer_norm(x, (D,), p["post_ln_w"], p["post_ln_b"], EPS)
