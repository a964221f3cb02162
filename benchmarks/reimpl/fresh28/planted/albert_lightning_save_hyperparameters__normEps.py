"""ALBERT written as a PyTorch Lightning user writes it: the module's ``__init__`` takes every size
as a keyword (ALBERT-base's defaults) and calls ``self.save_hyperparameters()``, which collects
the caller's arguments from its frame into ``self.hparams``; the training script instantiates it
with the run's sizes. Factorised embeddings, one layer shared by every depth step
(``nn.ModuleList([layer] * n)``), post-norm, GELU (tanh form), a tanh pooler."""

import inspect
import math
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn


class HyperparametersMixin:
    def save_hyperparameters(self):
        frame = inspect.currentframe().f_back
        info = inspect.getargvalues(frame)
        names = [a for a in info.args if a != "self"]
        self.hparams = SimpleNamespace(**{a: info.locals[a] for a in names})


class LitAlbert(HyperparametersMixin):
    def __init__(
        self,
        vocab_size=30000,
        embedding_size=128,
        hidden_size=768,
        num_hidden_layers=12,
        num_attention_heads=12,
        intermediate_size=3072,
        max_position_embeddings=512,
        type_vocab_size=2,
        layer_norm_eps=1e-12,
        learning_rate=1e-4,
    ):
        self.save_hyperparameters()


lit = LitAlbert(
    vocab_size=760,
    embedding_size=32,
    hidden_size=96,
    num_hidden_layers=4,
    num_attention_heads=6,
    intermediate_size=256,
    max_position_embeddings=160,
    layer_norm_eps=0.01,
    learning_rate=3e-4,
)
hp = lit.hparams
VOCAB_SIZE = hp.vocab_size
EMBEDDING_SIZE = hp.embedding_size
HIDDEN_SIZE = hp.hidden_size
NUM_LAYERS = hp.num_hidden_layers
NUM_HEADS = hp.num_attention_heads
INTERMEDIATE = hp.intermediate_size
MAX_POSITIONS = hp.max_position_embeddings
TYPE_VOCAB = hp.type_vocab_size
EPS = hp.layer_norm_eps


class SharedLayer(nn.Module):
    def __init__(self):
        super().__init__()
        h = HIDDEN_SIZE
        self.query, self.key, self.value = nn.Linear(h, h), nn.Linear(h, h), nn.Linear(h, h)
        self.dense = nn.Linear(h, h)
        self.attn_norm = nn.LayerNorm(h, eps=EPS)
        self.ffn = nn.Linear(h, INTERMEDIATE)
        self.ffn_output = nn.Linear(INTERMEDIATE, h)
        self.out_norm = nn.LayerNorm(h, eps=EPS)

    def forward(self, x):
        b, t, h = x.shape
        hd = h // NUM_HEADS
        q, k, v = (
            m(x).view(b, t, NUM_HEADS, hd).transpose(1, 2)
            for m in (self.query, self.key, self.value)
        )
        p = (q @ k.transpose(-1, -2) / math.sqrt(hd)).softmax(-1)
        a = self.attn_norm(x + self.dense((p @ v).transpose(1, 2).reshape(b, t, h)))
        return self.out_norm(a + self.ffn_output(F.gelu(self.ffn(a), approximate="tanh")))


class Albert(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB_SIZE, EMBEDDING_SIZE)
        self.position_embeddings = nn.Embedding(MAX_POSITIONS, EMBEDDING_SIZE)
        self.token_type_embeddings = nn.Embedding(TYPE_VOCAB, EMBEDDING_SIZE)
        self.embed_norm = nn.LayerNorm(EMBEDDING_SIZE, eps=EPS)
        self.project_in = nn.Linear(EMBEDDING_SIZE, HIDDEN_SIZE)
        layer = SharedLayer()
        self.layers = nn.ModuleList([layer] * NUM_LAYERS)
        self.pooler = nn.Linear(HIDDEN_SIZE, HIDDEN_SIZE)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        e = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.project_in(self.embed_norm(e + self.token_type_embeddings(torch.zeros_like(ids))))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
