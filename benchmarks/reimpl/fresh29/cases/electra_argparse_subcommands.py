"""ELECTRA, the discriminator a ``pretrain`` sub-command builds: the training script's command
line has sub-commands (``argparse`` ``add_subparsers``: ``pretrain`` and ``finetune``), each
with its own options; ELECTRA-Small's sizes are the ``pretrain`` defaults and the run passes its
own. Factorised embeddings (a narrow table projected up to the encoder width), post-norm BERT
layers written as ``nn.Sequential`` pieces inside a small ``Residual`` wrapper, attention by
hand with an additive padding mask."""

import argparse
from collections import OrderedDict

import torch
import torch.nn as nn


def build_parser():
    parser = argparse.ArgumentParser(prog="electra")
    commands = parser.add_subparsers(dest="command", required=True)
    pretrain = commands.add_parser("pretrain", help="replaced-token detection")
    pretrain.add_argument("--vocab-size", type=int, default=30522)
    pretrain.add_argument("--embedding-size", type=int, default=128)
    pretrain.add_argument("--hidden-size", type=int, default=256)
    pretrain.add_argument("--num-layers", type=int, default=12)
    pretrain.add_argument("--num-heads", type=int, default=4)
    pretrain.add_argument("--ffn-size", type=int, default=1024)
    pretrain.add_argument("--max-positions", type=int, default=512)
    pretrain.add_argument("--type-vocab-size", type=int, default=2)
    pretrain.add_argument("--layer-norm-eps", type=float, default=1e-12)
    pretrain.add_argument("--generator-fraction", type=float, default=0.25)
    finetune = commands.add_parser("finetune", help="a GLUE task from a checkpoint")
    finetune.add_argument("--task", default="mnli")
    finetune.add_argument("--checkpoint", required=True)
    return parser


# ``python electra.py pretrain --vocab-size=1000 ...``
ARGS = build_parser().parse_args(
    [
        "pretrain",
        "--vocab-size=1000",
        "--embedding-size=32",
        "--hidden-size=64",
        "--num-layers=2",
        "--num-heads=4",
        "--ffn-size=128",
        "--max-positions=128",
    ]
)
SIZES = OrderedDict(
    vocab=ARGS.vocab_size,
    embed=ARGS.embedding_size,
    hidden=ARGS.hidden_size,
    layers=ARGS.num_layers,
    heads=ARGS.num_heads,
    ffn=ARGS.ffn_size,
    max_pos=ARGS.max_positions,
    types=ARGS.type_vocab_size,
)
EPS = ARGS.layer_norm_eps


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        h = SIZES["hidden"]
        self.query, self.key, self.value = nn.Linear(h, h), nn.Linear(h, h), nn.Linear(h, h)

    def forward(self, x, bias):
        b, t, h = x.shape
        n = SIZES["heads"]
        q, k, v = (
            m(x).view(b, t, n, h // n).transpose(1, 2) for m in (self.query, self.key, self.value)
        )
        s = q @ k.transpose(-1, -2) / (h // n) ** 0.5 + bias
        return (s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, h)


class Residual(nn.Module):
    """``norm(x + body(x))``: the post-norm sublayer."""

    def __init__(self, body, width):
        super().__init__()
        self.body = body
        self.norm = nn.LayerNorm(width, eps=EPS)

    def forward(self, x, *args):
        return self.norm(x + self.body(x, *args))


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attention = SelfAttention()
        self.out = nn.Linear(SIZES["hidden"], SIZES["hidden"])

    def forward(self, x, bias):
        return self.out(self.self_attention(x, bias))


class FFN(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(SIZES["hidden"], SIZES["ffn"]),
            nn.GELU(),
            nn.Linear(SIZES["ffn"], SIZES["hidden"]),
        )

    def forward(self, x):
        return self.net(x)


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Residual(Attn(), SIZES["hidden"])
        self.ffn = Residual(FFN(), SIZES["hidden"])

    def forward(self, x, bias):
        return self.ffn(self.attn(x, bias))


class ElectraDiscriminatorBody(nn.Module):
    def __init__(self):
        super().__init__()
        e = SIZES["embed"]
        self.word = nn.Embedding(SIZES["vocab"], e)
        self.position = nn.Embedding(SIZES["max_pos"], e)
        self.token_type = nn.Embedding(SIZES["types"], e)
        self.embed_norm = nn.LayerNorm(e, eps=EPS)
        self.embed_proj = nn.Linear(e, SIZES["hidden"])
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(SIZES["layers"]))

    def forward(self, input_ids, token_type_ids, attention_mask):
        t = input_ids.shape[1]
        x = self.word(input_ids) + self.position(torch.arange(t)) + self.token_type(token_type_ids)
        x = self.embed_proj(self.embed_norm(x))
        bias = (~attention_mask[:, None, None, :]).float() * torch.finfo(torch.float32).min
        for layer in self.layers:
            x = layer(x, bias)
        return x
