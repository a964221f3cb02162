"""CamemBERT, from a training tool with an interactive shell (``cmd.Cmd``): the model is sized by
the shell's ``set NAME VALUE`` commands, here the startup script the tool replays before the
prompt. Positions count from the padding index + 1; one token type; post-norm blocks; tanh
pooler on the first token."""

import cmd
import math

import torch
from torch import nn

STARTUP = """
# ~/.camembertrc
set vocab 700
set positions 258
set types 1
set pad 1
set layers 2
set width 64
set heads 4
set ffn 192
set eps 1e-5
show
"""


class TrainShell(cmd.Cmd):
    prompt = "(camembert) "

    def __init__(self):
        super().__init__()
        self.settings = {}

    def do_set(self, line):
        name, value = line.split()
        self.settings[name] = float(value) if name == "eps" else int(value)

    def do_show(self, line):
        return False

    def emptyline(self):
        return False

    def default(self, line):
        if not line.startswith("#"):
            raise ValueError(f"unknown command: {line}")


_SHELL = TrainShell()
for _line in STARTUP.splitlines():
    _SHELL.onecmd(_line)
_S = _SHELL.settings
VOCAB, POSITIONS, TYPES, PAD = (_S[k] for k in ("vocab", "positions", "types", "pad"))
LAYERS, WIDTH, HEADS, FFN = (_S[k] for k in ("layers", "width", "heads", "ffn"))
EPS = _S["eps"]


class Embeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, WIDTH, padding_idx=PAD)
        self.position_embeddings = nn.Embedding(POSITIONS, WIDTH, padding_idx=PAD)
        self.token_type_embeddings = nn.Embedding(TYPES, WIDTH)
        self.LayerNorm = nn.LayerNorm(WIDTH, eps=EPS)

    def forward(self, ids):
        real = (ids != PAD).long()
        pos = torch.cumsum(real, 1) * real + PAD
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = x + self.token_type_embeddings(torch.zeros_like(ids))
        return self.LayerNorm(x)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(WIDTH, WIDTH)
        self.key = nn.Linear(WIDTH, WIDTH)
        self.value = nn.Linear(WIDTH, WIDTH)
        self.attn_out = nn.Linear(WIDTH, WIDTH)
        self.attn_norm = nn.LayerNorm(WIDTH, eps=EPS)
        self.fc_in = nn.Linear(WIDTH, FFN)
        self.fc_out = nn.Linear(FFN, WIDTH)
        self.out_norm = nn.LayerNorm(WIDTH, eps=EPS)

    def forward(self, x, bias):
        b, n, _ = x.shape
        hd = WIDTH // HEADS

        def split(t):
            return t.view(b, n, HEADS, hd).transpose(1, 2)

        q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
        s = q @ k.transpose(-1, -2) / math.sqrt(hd) + bias
        a = (s.softmax(-1) @ v).transpose(1, 2).reshape(b, n, WIDTH)
        x = self.attn_norm(x + self.attn_out(a))
        return self.out_norm(x + self.fc_out(nn.functional.gelu(self.fc_in(x))))


class Camembert(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = Embeddings()
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.pooler = nn.Linear(WIDTH, WIDTH)

    def forward(self, ids):
        bias = torch.zeros(ids.shape[0], 1, 1, ids.shape[1])
        bias = bias.masked_fill((ids == PAD)[:, None, None, :], float("-inf"))
        x = self.embeddings(ids)
        for layer in self.layers:
            x = layer(x, bias)
        return x, torch.tanh(self.pooler(x[:, 0]))
