"""ERNIE 3.0 (base-style), from a repository built around a C++ serving runtime: the model's
sizes are CMake cache variables of its ``CMakeLists.txt`` (``set(NAME value CACHE ...)``, so
``cmake -DERNIE_LAYERS=12`` would override them), read here from the file's text. Task-type
embeddings beside the token types, post-norm blocks, tanh pooler."""

import math
import re

import torch
import torch.nn.functional as F
from torch import nn

CMAKELISTS = """
cmake_minimum_required(VERSION 3.18)
project(ernie_serving LANGUAGES CXX)

set(ERNIE_VOCAB 720 CACHE STRING "vocabulary size")
set(ERNIE_HIDDEN 64 CACHE STRING "hidden size")
set(ERNIE_LAYERS 3 CACHE STRING "encoder layers")
set(ERNIE_HEADS 4 CACHE STRING "attention heads")
set(ERNIE_FFN 160 CACHE STRING "feed-forward width")
set(ERNIE_MAX_POS 256 CACHE STRING "position table")
set(ERNIE_TYPES 3 CACHE STRING "token types")
set(ERNIE_TASKS 3 CACHE STRING "task types")
set(ERNIE_LN_EPS 1e-12 CACHE STRING "layer-norm epsilon")

add_library(ernie_kernels STATIC src/attention.cu src/ffn.cu)
"""

CACHE = dict(re.findall(r"set\(ERNIE_(\w+) (\S+) CACHE STRING", CMAKELISTS))
VOCAB = int(CACHE["VOCAB"])
HIDDEN = int(CACHE["HIDDEN"])
LAYERS = int(CACHE["LAYERS"])
HEADS = int(CACHE["HEADS"])
FFN = int(CACHE["FFN"])
MAX_POS = int(CACHE["MAX_POS"])
TYPES = int(CACHE["TYPES"])
TASKS = int(CACHE["TASKS"])
EPS = float(CACHE["LN_EPS"])


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(HIDDEN, HIDDEN)
        self.key = nn.Linear(HIDDEN, HIDDEN)
        self.value = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, x, mask):
        b, n, _ = x.shape
        hd = HIDDEN // HEADS
        q, k, v = (
            m(x).view(b, n, HEADS, hd).transpose(1, 2) for m in (self.query, self.key, self.value)
        )
        scores = q @ k.transpose(-1, -2) / math.sqrt(hd)
        scores = scores.masked_fill(~mask[:, None, None, :], torch.finfo(scores.dtype).min)
        return (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, n, HIDDEN)


class ErnieLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = SelfAttention()
        self.attention_dense = nn.Linear(HIDDEN, HIDDEN)
        self.attention_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.intermediate = nn.Linear(HIDDEN, FFN)
        self.output = nn.Linear(FFN, HIDDEN)
        self.output_norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x, mask):
        x = self.attention_norm(x + self.attention_dense(self.attention(x, mask)))
        return self.output_norm(x + self.output(F.gelu(self.intermediate(x))))


class Ernie(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(VOCAB, HIDDEN, padding_idx=0)
        self.position = nn.Embedding(MAX_POS, HIDDEN)
        self.token_type = nn.Embedding(TYPES, HIDDEN)
        self.task_type = nn.Embedding(TASKS, HIDDEN)
        self.embed_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.layers = nn.ModuleList(ErnieLayer() for _ in range(LAYERS))
        self.pool = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, ids, types, mask, task=None):
        pos = torch.arange(ids.shape[1])[None]
        task = torch.zeros_like(ids) if task is None else task
        x = self.word(ids) + self.position(pos) + self.token_type(types) + self.task_type(task)
        x = self.embed_norm(x)
        for layer in self.layers:
            x = layer(x, mask)
        return x, torch.tanh(self.pool(x[:, 0]))
