"""An RWKV-4 language model in the style of its reference training code: time-mix and channel-mix blocks."""

import types

import torch
import torch.nn as nn


class RWKV_TimeMix(nn.Module):
    def __init__(self, config, layer_id):
        super().__init__()
        self.layer_id = layer_id
        self.ctx_len = config.ctx_len
        self.n_embd = config.n_embd
        attn_sz = config.n_embd
        self.time_decay = nn.Parameter(torch.ones(attn_sz))
        self.time_first = nn.Parameter(torch.ones(attn_sz) * 0.5)
        self.time_shift = nn.ZeroPad2d((0, 0, 1, -1))
        x = torch.ones(1, 1, config.n_embd)
        self.time_mix_k = nn.Parameter(torch.pow(x, 0.5))
        self.time_mix_v = nn.Parameter(torch.pow(x, 0.5) + 0.1)
        self.time_mix_r = nn.Parameter(torch.pow(x, 0.25))
        self.key = nn.Linear(config.n_embd, attn_sz, bias=False)
        self.value = nn.Linear(config.n_embd, attn_sz, bias=False)
        self.receptance = nn.Linear(config.n_embd, attn_sz, bias=False)
        self.output = nn.Linear(attn_sz, config.n_embd, bias=False)

    def forward(self, x):
        xx = self.time_shift(x)
        k = self.key(x * self.time_mix_k + xx * (1 - self.time_mix_k))
        v = self.value(x * self.time_mix_v + xx * (1 - self.time_mix_v))
        r = torch.sigmoid(self.receptance(x * self.time_mix_r + xx * (1 - self.time_mix_r)))
        return self.output(r * torch.cumsum(torch.exp(k) * v, dim=1))


class RWKV_ChannelMix(nn.Module):
    def __init__(self, config, layer_id):
        super().__init__()
        self.layer_id = layer_id
        self.time_shift = nn.ZeroPad2d((0, 0, 1, -1))
        x = torch.ones(1, 1, config.n_embd)
        self.time_mix_k = nn.Parameter(x.clone())
        self.time_mix_r = nn.Parameter(x.clone())
        hidden_sz = 4 * config.n_embd
        self.key = nn.Linear(config.n_embd, hidden_sz, bias=False)
        self.receptance = nn.Linear(config.n_embd, config.n_embd, bias=False)
        self.value = nn.Linear(hidden_sz, config.n_embd, bias=False)

    def forward(self, x):
        xx = self.time_shift(x)
        k = torch.square(torch.relu(self.key(x * self.time_mix_k + xx * (1 - self.time_mix_k))))
        return torch.sigmoid(self.receptance(x * self.time_mix_r + xx * (1 - self.time_mix_r))) * self.value(k)


class Block(nn.Module):
    def __init__(self, config, layer_id):
        super().__init__()
        self.config = config
        self.layer_id = layer_id
        self.ln1 = nn.LayerNorm(config.n_embd)
        self.ln2 = nn.LayerNorm(config.n_embd)
        if self.layer_id == 0:
            self.ln0 = nn.LayerNorm(config.n_embd)
        if self.layer_id == 0 and self.config.model_type == "RWKV-ffnPre":
            self.ffnPre = RWKV_ChannelMix(config, 0)
        else:
            self.att = RWKV_TimeMix(config, layer_id)
        self.ffn = RWKV_ChannelMix(config, layer_id)

    def forward(self, x):
        if self.layer_id == 0:
            x = self.ln0(x)
        if self.layer_id == 0 and self.config.model_type == "RWKV-ffnPre":
            x = x + self.ffnPre(self.ln1(x))
        else:
            x = x + self.att(self.ln1(x))
        return x + self.ffn(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.step = 0
        self.config = config
        self.emb = nn.Embedding(config.vocab_size, config.n_embd)
        self.blocks = nn.Sequential(*[Block(config, i) for i in range(config.n_layer)])
        self.ln_out = nn.LayerNorm(config.n_embd)
        self.head = nn.Linear(config.n_embd, config.vocab_size, bias=False)
        self.ctx_len = config.ctx_len

    def forward(self, idx):
        return self.head(self.ln_out(self.blocks(self.emb(idx))))


config = types.SimpleNamespace(vocab_size=200, ctx_len=64, n_layer=3, n_embd=64, model_type="RWKV-ffnPre")
model = GPT(config)
