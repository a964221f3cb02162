import torch.nn as nn


class SpatialGatingUnit(nn.Module):
    def __init__(self, d_ffn, seq_len):
        super().__init__()
        self.norm = nn.LayerNorm(d_ffn // 2)
        self.spatial_proj = nn.Conv1d(seq_len, seq_len, kernel_size=1)


class gMLPBlock(nn.Module):
    def __init__(self, d_model, d_ffn, seq_len):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)
        self.channel_proj1 = nn.Linear(d_model, d_ffn)
        self.sgu = SpatialGatingUnit(d_ffn, seq_len)
        self.channel_proj2 = nn.Linear(d_ffn // 2, d_model)


class gMLP(nn.Module):
    def __init__(self, num_tokens=5000, d_model=128, d_ffn=512, seq_len=64, depth=4):
        super().__init__()
        self.embed = nn.Embedding(num_tokens, d_model)
        self.blocks = nn.Sequential(*[gMLPBlock(d_model, d_ffn, seq_len) for _ in range(depth)])
        self.to_logits = nn.Linear(d_model, num_tokens)


model = gMLP(num_tokens=5000, d_model=128, d_ffn=512, seq_len=64, depth=4)
