"""An RWKV-4-style language model: time-mixing and channel-mixing with per-channel parameters."""
import torch
import torch.nn as nn


class RWKV_TimeMix(nn.Module):
    def __init__(self, n_embd, n_attn, layer_id, n_layer):
        super().__init__()
        self.layer_id = layer_id
        ratio_0_to_1 = layer_id / max(n_layer - 1, 1)
        decay = torch.tensor([-5 + 8 * (h / (n_attn - 1)) ** (0.7 + 1.3 * ratio_0_to_1)
                              for h in range(n_attn)])
        self.time_decay = nn.Parameter(decay)
        self.time_first = nn.Parameter(torch.ones(n_attn) * 0.5)
        self.time_mix_k = nn.Parameter(torch.ones(1, 1, n_embd))
        self.time_mix_v = nn.Parameter(torch.ones(1, 1, n_embd))
        self.time_mix_r = nn.Parameter(torch.ones(1, 1, n_embd))
        self.time_shift = nn.ZeroPad2d((0, 0, 1, -1))
        self.key = nn.Linear(n_embd, n_attn, bias=False)
        self.value = nn.Linear(n_embd, n_attn, bias=False)
        self.receptance = nn.Linear(n_embd, n_attn, bias=False)
        self.output = nn.Linear(n_attn, n_embd, bias=False)

    def forward(self, x):
        xx = self.time_shift(x)
        k = self.key(x * self.time_mix_k + xx * (1 - self.time_mix_k))
        v = self.value(x * self.time_mix_v + xx * (1 - self.time_mix_v))
        r = self.receptance(x * self.time_mix_r + xx * (1 - self.time_mix_r))
        w = torch.exp(self.time_decay)
        return self.output(torch.sigmoid(r) * (k.exp() * v) / (k.exp() + w))


class RWKV_ChannelMix(nn.Module):
    def __init__(self, n_embd, hidden_sz):
        super().__init__()
        self.time_shift = nn.ZeroPad2d((0, 0, 1, -1))
        self.time_mix_k = nn.Parameter(torch.ones(1, 1, n_embd))
        self.time_mix_r = nn.Parameter(torch.ones(1, 1, n_embd))
        self.key = nn.Linear(n_embd, hidden_sz, bias=False)
        self.receptance = nn.Linear(n_embd, n_embd, bias=False)
        self.value = nn.Linear(hidden_sz, n_embd, bias=False)

    def forward(self, x):
        xx = self.time_shift(x)
        k = self.key(x * self.time_mix_k + xx * (1 - self.time_mix_k))
        r = self.receptance(x * self.time_mix_r + xx * (1 - self.time_mix_r))
        return torch.sigmoid(r) * self.value(torch.square(torch.relu(k)))


class Block(nn.Module):
    def __init__(self, cfg, layer_id):
        super().__init__()
        self.ln1 = nn.LayerNorm(cfg["n_embd"])
        self.ln2 = nn.LayerNorm(cfg["n_embd"])
        if layer_id == 0:
            self.ln0 = nn.LayerNorm(cfg["n_embd"])
        self.att = RWKV_TimeMix(cfg["n_embd"], cfg["n_attn"], layer_id, cfg["n_layer"])
        self.ffn = RWKV_ChannelMix(cfg["n_embd"], cfg["n_ffn"])

    def forward(self, x):
        if hasattr(self, "ln0"):
            x = self.ln0(x)
        x = x + self.att(self.ln1(x))
        return x + self.ffn(self.ln2(x))


class RWKV(nn.Module):
    def __init__(self, **cfg):
        super().__init__()
        cfg.setdefault("n_attn", cfg["n_embd"])
        cfg.setdefault("n_ffn", cfg["n_embd"] * 4)
        self.emb = nn.Embedding(cfg["vocab_size"], cfg["n_embd"])
        self.blocks = nn.Sequential(*[Block(cfg, i) for i in range(cfg["n_layer"])])
        self.ln_out = nn.LayerNorm(cfg["n_embd"])
        self.head = nn.Linear(cfg["n_embd"], cfg["vocab_size"], bias=False)

    def forward(self, idx):
        return self.head(self.ln_out(self.blocks(self.emb(idx))))


model = RWKV(vocab_size=6064, n_embd=256, n_layer=6, n_ffn=768)
