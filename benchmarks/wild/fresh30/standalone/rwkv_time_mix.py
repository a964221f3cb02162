"""An RWKV-4-style language model: time-mix (key/value/receptance, decay and first Parameters, token-shift mix
vectors) and channel-mix blocks, ln0 on the embedding, and a head untied from the embedding."""

import torch
import torch.nn as nn


class TimeMix(nn.Module):
    def __init__(self, d, layer_id, n_layer):
        super().__init__()
        ratio = 1.0 - layer_id / n_layer
        self.time_decay = nn.Parameter(torch.ones(d) * -5.0)
        self.time_first = nn.Parameter(torch.ones(d) * 0.5)
        self.time_mix_k = nn.Parameter(torch.ones(1, 1, d) * ratio)
        self.time_mix_v = nn.Parameter(torch.ones(1, 1, d) * ratio)
        self.time_mix_r = nn.Parameter(torch.ones(1, 1, d) * ratio)
        self.key = nn.Linear(d, d, bias=False)
        self.value = nn.Linear(d, d, bias=False)
        self.receptance = nn.Linear(d, d, bias=False)
        self.output = nn.Linear(d, d, bias=False)


class ChannelMix(nn.Module):
    def __init__(self, d, ffn):
        super().__init__()
        self.time_mix_k = nn.Parameter(torch.ones(1, 1, d))
        self.time_mix_r = nn.Parameter(torch.ones(1, 1, d))
        self.key = nn.Linear(d, ffn, bias=False)
        self.receptance = nn.Linear(d, d, bias=False)
        self.value = nn.Linear(ffn, d, bias=False)


class Block(nn.Module):
    def __init__(self, d, ffn, layer_id, n_layer):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.ln2 = nn.LayerNorm(d)
        if layer_id == 0:
            self.ln0 = nn.LayerNorm(d)
        self.att = TimeMix(d, layer_id, n_layer)
        self.ffn = ChannelMix(d, ffn)


class RWKV(nn.Module):
    def __init__(self, vocab=300, d=48, n_layer=3, ffn_mult=4):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.blocks = nn.ModuleList(Block(d, d * ffn_mult, i, n_layer) for i in range(n_layer))
        self.ln_out = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab, bias=False)


model = RWKV(vocab=300, d=48, n_layer=3, ffn_mult=4)
